package firehose_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

func readAll(t *testing.T, data []byte, opts *firehose.ReaderOptions) ([]*firehose.Opportunity, *firehose.Reader, error) {
	t.Helper()
	r, err := firehose.NewReader(bytes.NewReader(data), opts)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	var out []*firehose.Opportunity
	for r.Next() {
		out = append(out, r.Opportunity().Clone())
	}
	return out, r, r.Err()
}

func TestReaderFilesMadeByGzip(t *testing.T) {
	tests := []struct {
		file   string
		format firehose.Format
	}{
		{"testdata/batch.jsonl", firehose.FormatJSONL},
		{"testdata/batch.jsonl.gz", firehose.FormatJSONL},
		{"testdata/batch.json", firehose.FormatJSONArray},
		{"testdata/batch.json.gz", firehose.FormatJSONArray},
		{"testdata/batch.jsonl.lzo", firehose.FormatJSONL},      // lzop, adler32
		{"testdata/batch.json.lzo", firehose.FormatJSONArray},   // lzop -9 --crc32
		{"testdata/nochecksum.jsonl.lzo", firehose.FormatJSONL}, // lzop -F
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(tt.file)
			require.NoError(t, err)
			ops, r, err := readAll(t, data, nil)
			require.NoError(t, err)
			assert.Equal(t, tt.format, r.Format())
			require.Len(t, ops, 3)
			assert.Equal(t, "req-1", ops[0].Request.ID)
			assert.Equal(t, 300, ops[0].Request.Imp[0].Banner.W)
			assert.Equal(t, "news.example", ops[0].Request.Site.Domain)
			assert.Equal(t, "USA", ops[0].Request.Device.Geo.Country)
			assert.JSONEq(t, `{"exchange_id":"15"}`, string(ops[0].Request.Ext))
			assert.Equal(t, "com.example.app", ops[1].Request.App.Bundle)
			assert.Contains(t, string(ops[1].Raw), `"unknown_field"`, "the raw record is kept")
			assert.Equal(t, 2, ops[1].Index)
			assert.Equal(t, "0.5", ops[0].Request.Imp[0].BidFloor.String(), "floors are exact")
			assert.JSONEq(t, `{"kept":true}`, string(ops[1].Request.Extra["unknown_field"]))
			// A number as a string is read, as in every record of the SDK.
			assert.NoError(t, ops[2].ViewErr)
			assert.Equal(t, 728, ops[2].Request.Imp[0].Banner.W)
			assert.Equal(t, 90, ops[2].Request.Imp[0].Banner.H)
			if tt.format == firehose.FormatJSONL {
				assert.Equal(t, 3, ops[2].Line)
				assert.Positive(t, ops[2].Offset)
			}
		})
	}
}

func gz(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write(b)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestReaderTruncatedAndCorrupt(t *testing.T) {
	data, err := os.ReadFile("testdata/batch.jsonl")
	require.NoError(t, err)
	z := gz(t, bytes.Repeat(data, 50))

	_, _, err = readAll(t, z[:len(z)/2], nil)
	var re *firehose.RecordError
	require.True(t, errors.As(err, &re), "%v", err)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.Positive(t, re.Offset)
	assert.Positive(t, re.Line)

	bad := bytes.Clone(z)
	bad[len(bad)/2] ^= 0xff
	_, _, err = readAll(t, bad, nil)
	require.True(t, errors.As(err, &re), "a corrupt block is an error with its place: %v", err)

	crc := bytes.Clone(z)
	crc[len(crc)-6] ^= 0x01 // the CRC-32 trailer
	_, _, err = readAll(t, crc, nil)
	assert.ErrorIs(t, err, gzip.ErrChecksum)

	_, err = firehose.NewReader(bytes.NewReader([]byte{0x1f, 0x8b, 0x08}), nil)
	assert.Error(t, err, "a cut gzip header")

	arr, err := os.ReadFile("testdata/batch.json")
	require.NoError(t, err)
	ops, _, err := readAll(t, arr[:len(arr)-10], nil)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.Len(t, ops, 2)
}

func TestReaderMalformedRecords(t *testing.T) {
	batch := []byte("{\"id\":\"a\"}\n{not json}\n\n\"a string\"\n{\"id\":\"b\"}\n")
	ops, _, err := readAll(t, batch, nil)
	var re *firehose.RecordError
	require.True(t, errors.As(err, &re))
	assert.Equal(t, 2, re.Line)
	assert.Equal(t, 2, re.Index)
	assert.Equal(t, int64(11), re.Offset)
	assert.Len(t, ops, 1)

	ops, r, err := readAll(t, batch, &firehose.ReaderOptions{SkipMalformed: true})
	require.NoError(t, err)
	require.Len(t, ops, 2)
	assert.Equal(t, "b", ops[1].Request.ID)
	assert.Equal(t, 5, ops[1].Line)
	skipped := r.Skipped()
	require.Len(t, skipped, 2)
	assert.Equal(t, 2, skipped[0].Line)
	assert.Equal(t, 4, skipped[1].Line)

	long := []byte(`{"id":"` + strings.Repeat("x", 200) + "\"}\n{\"id\":\"c\"}")
	ops, r, err = readAll(t, long, &firehose.ReaderOptions{SkipMalformed: true, MaxRecord: 100})
	require.NoError(t, err)
	require.Len(t, ops, 1)
	assert.Equal(t, "c", ops[0].Request.ID)
	assert.Contains(t, r.Skipped()[0].Error(), "longer than 100")

	// In a JSON array a non-object is skippable, broken syntax is not.
	ops, _, err = readAll(t, []byte(`[{"id":"a"}, 7, {"id":"b"}]`), &firehose.ReaderOptions{SkipMalformed: true})
	require.NoError(t, err)
	assert.Len(t, ops, 2)
	_, _, err = readAll(t, []byte(`[{"id":"a"}, {"id": }]`), &firehose.ReaderOptions{SkipMalformed: true})
	assert.Error(t, err)
	_, _, err = readAll(t, []byte(`[{"id":"a"} {"id":"b"}]`), nil)
	assert.Error(t, err)
}

func TestReaderDetectsFromBytes(t *testing.T) {
	ops, r, err := readAll(t, gz(t, []byte("\ufeff  [ {\"id\":\"x\"} ]")), nil)
	require.NoError(t, err)
	assert.Equal(t, firehose.FormatJSONArray, r.Format())
	assert.Len(t, ops, 1)

	ops, _, err = readAll(t, nil, nil)
	require.NoError(t, err)
	assert.Empty(t, ops)

	lzop := append([]byte{0x89, 'L', 'Z', 'O', 0, 0x0d, 0x0a, 0x1a, 0x0a}, make([]byte, 40)...)
	_, err = firehose.NewReader(bytes.NewReader(lzop), nil)
	var le *firehose.LZOPError
	assert.ErrorAs(t, err, &le)

	_, err = firehose.NewReader(bytes.NewReader(nil), &firehose.ReaderOptions{Format: "CSV"})
	assert.Error(t, err)

	// Forcing a format reads a batch with no newline at the end.
	ops, _, err = readAll(t, []byte(`{"id":"1"}`), &firehose.ReaderOptions{Format: firehose.FormatJSONL})
	require.NoError(t, err)
	assert.Len(t, ops, 1)
}

func TestReaderReadsGeneratedBatches(t *testing.T) {
	_, srv := setup(t)
	at := time.Date(2026, 5, 1, 13, 0, 0, 0, time.UTC)
	for _, format := range []string{"JSONL", "JSON_ARRAY"} {
		for _, comp := range []string{"GZIP", "LZOP", ""} {
			b, ok, err := srv.Firehose().DeliveredFile("example-consumer-3", at, "3f0c", 500, format, comp, 7)
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, "20260501/13/3f0c_"+"1777640400000000000"+".json.gz", b.Name)
			r, err := firehose.NewReader(bytes.NewReader(b.Data), nil)
			require.NoError(t, err)
			n := 0
			for op, err := range r.All() {
				require.NoError(t, err)
				require.NotEmpty(t, op.Request.ID)
				require.Len(t, op.Request.Imp, 1)
				n++
			}
			assert.Equal(t, 500, n, "%s %s", format, comp)
		}
	}
	_, ok, _ := srv.Firehose().DeliveredFile("nobody", at, "x", 1, "JSONL", "", 1)
	assert.False(t, ok)
}

func TestReaderArrayOffsets(t *testing.T) {
	batch := []byte("  \n[{\"id\":\"a\"},\n {\"id\":\"b\"}]")
	ops, _, err := readAll(t, batch, nil)
	require.NoError(t, err)
	require.Len(t, ops, 2)
	assert.Equal(t, int64(bytes.Index(batch, []byte(`{"id":"a"}`))), ops[0].Offset)
	assert.Equal(t, int64(bytes.Index(batch, []byte(`{"id":"b"}`))), ops[1].Offset)
}

func TestReaderKeepsTheFirstSkipped(t *testing.T) {
	batch := append(bytes.Repeat([]byte("x\n{\"id\":}\n"), 150), "{\"id\":\"last\"}\n"...)
	ops, r, err := readAll(t, batch, &firehose.ReaderOptions{SkipMalformed: true})
	require.NoError(t, err)
	require.Len(t, ops, 1)
	assert.Equal(t, "last", ops[0].Request.ID)
	assert.Equal(t, 300, r.SkippedCount())
	skipped := r.Skipped()
	require.Len(t, skipped, firehose.MaxSkippedKept)
	for i, e := range skipped {
		assert.Equal(t, i+1, e.Line)
		if i%2 == 1 {
			var se *json.SyntaxError
			assert.ErrorAs(t, e, &se, "line %d keeps its syntax error", e.Line)
		}
	}
}

func TestReaderRecordFollowedByData(t *testing.T) {
	batch := []byte("{\"id\":\"a\"} {\"id\":\"x\"}\n{\"id\":\"b\"\n{\"id\":\"c\"}\n")
	ops, r, err := readAll(t, batch, &firehose.ReaderOptions{SkipMalformed: true})
	require.NoError(t, err)
	require.Len(t, ops, 1)
	assert.Equal(t, "c", ops[0].Request.ID, "the decoder recovers after broken records")
	require.Len(t, r.Skipped(), 2)
	assert.ErrorContains(t, r.Skipped()[0], "data after the record")
	assert.Equal(t, 2, r.Skipped()[1].Line)
}

func TestReaderReportsMisfits(t *testing.T) {
	batch := []byte(`{"id":"m","imp":[{"id":"1","bidfloor":{"v":1},"banner":{"w":[300],"h":250}}],"tmax":"soon"}` + "\n" +
		`{"id":"ok","imp":[{"id":"1","bidfloor":"2.63"}]}` + "\n")
	ops, _, err := readAll(t, batch, nil)
	require.NoError(t, err, "a value of no documented form does not make the record malformed")
	require.Len(t, ops, 2)
	op := ops[0]
	require.ErrorIs(t, op.ViewErr, adama.ErrMisfit)
	var me *adama.MisfitError
	require.ErrorAs(t, op.ViewErr, &me)
	assert.Equal(t, []adama.Misfit{
		{Field: "tmax", Raw: json.RawMessage(`"soon"`)},
		{Field: "imp[0].bidfloor", Raw: json.RawMessage(`{"v":1}`)},
		{Field: "imp[0].banner.w", Raw: json.RawMessage(`[300]`)},
	}, me.Misfits)
	assert.Equal(t, me.Misfits, op.Request.Misfits())
	assert.True(t, op.Request.Imp[0].BidFloor.IsZero())
	assert.Equal(t, 250, op.Request.Imp[0].Banner.H)
	out, err := json.Marshal(op.Request)
	require.NoError(t, err)
	assert.JSONEq(t, string(op.Raw), string(out), "misfit values go back as they came")

	assert.NoError(t, ops[1].ViewErr)
	assert.Equal(t, "2.63", ops[1].Request.Imp[0].BidFloor.String())
}
