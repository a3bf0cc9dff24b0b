package call

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneBodies are single-record envelopes: the platform's form and the
// edge forms decodeOne leaves to encoding/json.
var oneBodies = []string{
	`{"data":{"id":7,"name":"a"},"meta":{"status":"ok","called_on":"2026-11-20T09:00:00+0000"}}`,
	` {"meta" : {"status":"ok"} , "data" : {"id":7} } junk`,
	`{"data":null,"meta":{"status":"ok"}}`,
	`{"meta":{"status":"ok"}}`,
	`{"data":{},"meta":{"status":"ok"}}`,
	`{"data":{"id":1},"errors":[{"code":"x","message":"m"}],"meta":{"status":"error"}}`,
	`{"Data":{"id":1}}`,
	`{"data":{"id":1},"DATA":{"id":2}}`,
	`{"data":{"id":1},"data":{"id":2}}`,
	`{"meta":{},"meta":{}}`,
	`{"data":{"id":"x"}}`,
	`{"data":{"id":1},"other":01}`,
	`{"data":{"id":1},"meta":{"count":"x"}}`,
	`{"data":[{"id":1}]}`,
	`{"data":7}`,
	`{"data":"x"}`,
	`{"data":{"id":1}`,
	`[]`,
	``,
}

func TestDecodeOneFastPath(t *testing.T) {
	for _, tt := range []struct {
		body string
		fast bool
	}{
		{oneBodies[0], true},
		{oneBodies[1], true},
		{oneBodies[2], true},
		{oneBodies[3], true},
		{`{"Data":{"id":1}}`, false},
		{`{"data":{"id":1},"data":{"id":2}}`, false},
		{`{"data":{"id":"x"}}`, false},
		{`{"data":{"id":1}`, false},
	} {
		var r selfRec
		env := envelope{Data: &r}
		assert.Equal(t, tt.fast, decodeOne([]byte(tt.body), &r, &env), tt.body)
	}
}

// requireOneSameAsStd decodes body into one record with DataMeta and with
// StdDataMeta (encoding/json alone): same record, metadata and error.
func requireOneSameAsStd(t *testing.T, body []byte) {
	var want, got selfRec
	wm, werr := StdDataMeta.Decode(bytes.NewReader(body), "application/json", &want)
	gm, gerr := DataMeta.Decode(bytes.NewReader(body), "application/json", &got)
	require.Equal(t, errText(werr), errText(gerr), "%q", body)
	require.Equal(t, wm, gm, "%q", body)
	if werr == nil {
		require.Equal(t, want, got, "%q", body)
	}
	// Into a body read whole already, as Group.Into hands it over.
	var viaBytes selfRec
	bm, berr := DataMeta.Decode(newBodyBytes(body), "application/json", &viaBytes)
	require.Equal(t, errText(werr), errText(berr), "%q", body)
	require.Equal(t, wm, bm, "%q", body)
	if werr == nil {
		require.Equal(t, want, viaBytes, "%q", body)
	}
}

func TestDataMetaOneSameAsStd(t *testing.T) {
	for _, body := range oneBodies {
		t.Run(body, func(t *testing.T) { requireOneSameAsStd(t, []byte(body)) })
	}
}

func TestDataMetaOneReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, body := range []string{`{"data":{"id":1}}`, `{"data":{"id":1}} and more`, `{"data":{"id":1}`} {
		var want, got selfRec
		_, werr := StdDataMeta.Decode(&failAfter{r: bytes.NewReader([]byte(body)), err: boom}, "application/json", &want)
		_, gerr := DataMeta.Decode(&failAfter{r: bytes.NewReader([]byte(body)), err: boom}, "application/json", &got)
		assert.Equal(t, errText(werr), errText(gerr), body)
		assert.Equal(t, want, got, body)
	}
}

func FuzzDataMetaOneSameAsStd(f *testing.F) {
	for _, body := range oneBodies {
		f.Add([]byte(body))
	}
	f.Fuzz(requireOneSameAsStd)
}
