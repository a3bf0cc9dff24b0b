package call

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// selfRec decodes itself, as every group's records do, and keeps the bytes
// it was given.
type selfRec struct {
	ID  int64  `json:"id"`
	Raw string `json:"-"`
}

func (r *selfRec) UnmarshalJSON(b []byte) error {
	type plain selfRec
	if err := json.Unmarshal(b, (*plain)(r)); err != nil {
		return err
	}
	r.Raw = string(b)
	return nil
}

func TestUnmarshalerList(t *testing.T) {
	for _, tt := range []struct {
		dst  any
		want bool
	}{
		{&[]*selfRec{}, true},
		{&[]selfRec{}, false},
		{&[]*rec{}, false},
		{&selfRec{}, false},
		{[]*selfRec{}, false},
		{nil, false},
	} {
		_, ok := unmarshalerList(tt.dst)
		assert.Equal(t, tt.want, ok, "%T", tt.dst)
	}
}

func TestDecodeListFastPath(t *testing.T) {
	for _, tt := range []struct {
		body string
		fast bool
	}{
		{`{"meta":{"status":"ok","count":"2"},"data":[{"id":1},null,{"id":2}]}`, true},
		{` {"data" : [ ] , "links":{"a":[1]}} junk`, true},
		{`{"data":null}`, true},
		{`{"meta":{"status":"ok"}}`, true},
		{`{"errors":[{"code":"x"}],"meta":{"status":"error"},"data":[]}`, true},
		{`{"Data":[{"id":1}]}`, false},
		{`{"data":[],"data":[]}`, false},
		{`{"meta":{},"meta":{}}`, false},
		{`{"data":{"id":1}}`, false},
		{`{"data":[{"id":"x"}]}`, false},
		{`{"data":[{"id":01}]}`, false},
		{`{"other":01,"data":[]}`, false},
		{`{"meta":{"count":"x"},"data":[]}`, false},
		{`[]`, false},
	} {
		var items []*selfRec
		env := envelope{Data: &items}
		assert.Equal(t, tt.fast, decodeList([]byte(tt.body), reflect.TypeFor[*selfRec](), &env), tt.body)
	}
}

func TestDataMetaListSameAsStd(t *testing.T) {
	for _, body := range []string{
		`{"meta":{"status":"ok","count":"2","total_count":5},"data":[{"id":1},null,{"id":"2"}]}`,
		`{"data":null}`,
		`{"meta":{"status":"ok"}}`,
		`{"meta":{"status":"error"},"errors":[{"code":"x","message":"m"}],"data":[]}`,
		`{"Data":[{"id":1}]}`,
		`{"data":[{"id":1}],"data":[{"id":2}]}`,
		`{"data":[{"id":"x"}]}`,
		`{"data":[{"id":1}`,
		``,
	} {
		var want, got []*selfRec
		wm, werr := StdDataMeta.Decode(bytes.NewReader([]byte(body)), "application/json", &want)
		gm, gerr := DataMeta.Decode(bytes.NewReader([]byte(body)), "application/json", &got)
		assert.Equal(t, wm, gm, body)
		assert.Equal(t, want, got, body)
		assert.Equal(t, errText(werr), errText(gerr), body)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// failAfter yields b, then err.
type failAfter struct {
	r   io.Reader
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func TestDataMetaListReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, body := range []string{`{"data":[{"id":1}]}`, `{"data":[{"id":1}]} and more`, `{"data":[{"id":1}`} {
		var want, got []*selfRec
		_, werr := StdDataMeta.Decode(&failAfter{r: bytes.NewReader([]byte(body)), err: boom}, "application/json", &want)
		_, gerr := DataMeta.Decode(&failAfter{r: bytes.NewReader([]byte(body)), err: boom}, "application/json", &got)
		assert.Equal(t, errText(werr), errText(gerr), body)
		assert.Equal(t, want, got, body)
	}
}

// readBody gives back exactly what was read, announced or not, and keeps
// the bytes read before a failure other than the limit.
func TestReadBody(t *testing.T) {
	cut := errors.New("connection cut")
	for _, n := range []int{0, 1, 4095, 4096, 4097, 70000, 3 << 20} {
		src := bytes.Repeat([]byte("0123456789abcdef"), n/16+1)[:n]
		for _, size := range []int64{-1, int64(n), int64(n) / 2, int64(n) + 10} {
			got, err := readBody(bytes.NewReader(src), size)
			assert.NoError(t, err)
			assert.Equal(t, src, got, "n=%d size=%d", n, size)
		}
		got, err := readBody(io.MultiReader(bytes.NewReader(src), errReader{cut}), -1)
		assert.ErrorIs(t, err, cut)
		assert.Equal(t, src, got, "n=%d: the bytes before the cut", n)
	}
}
