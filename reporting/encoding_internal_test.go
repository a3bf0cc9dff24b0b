package reporting

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// readEncoded reads body, sent with Content-Encoding enc, as a data answer
// does: the number of rows and the error that ended them.
func readEncoded(body []byte, enc string) (int64, error) {
	resp := &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body))}
	if enc != "" {
		resp.Header.Set("Content-Encoding", enc)
	}
	if err := decodeBody(resp); err != nil {
		return 0, err
	}
	rows, err := newRows(resp, "/reporting/v1/std/performance", 256, nil)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
	}
	return rows.Count(), rows.Err()
}

// FuzzContentEncoding compresses a body with gzip or deflate, possibly
// cut short, and reads it as a compressed data answer: the whole stream
// gives what the plain body gives, a cut one never ends cleanly, and
// nothing panics. Seeds are the testdata bodies.
func FuzzContentEncoding(f *testing.F) {
	for _, name := range []string{"paged_p0.csv", "paged_p2.csv", "precision_8.csv", "data_interval.csv"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(data, uint16(0xffff), uint8(0))
		f.Add(data, uint16(len(data)/3), uint8(1))
	}
	gz, err := os.ReadFile(filepath.Join("testdata", "paged_p0.csv.gz"))
	require.NoError(f, err)
	f.Add(gz, uint16(0xffff), uint8(2))
	f.Add(gz, uint16(40), uint8(2))
	f.Fuzz(func(t *testing.T, plain []byte, cut uint16, mode uint8) {
		var comp bytes.Buffer
		enc := "gzip"
		switch mode % 3 {
		case 0:
			zw := gzip.NewWriter(&comp)
			_, _ = zw.Write(plain)
			require.NoError(t, zw.Close())
		case 1:
			enc = "deflate"
			zw := zlib.NewWriter(&comp)
			_, _ = zw.Write(plain)
			require.NoError(t, zw.Close())
		case 2:
			comp.Write(plain) // raw bytes sent as gzip: must not panic
		}
		body := comp.Bytes()
		if mode%3 == 2 {
			_, _ = readEncoded(body, enc)
			return
		}
		if int(cut) < len(body) {
			_, err := readEncoded(body[:cut], enc)
			require.Error(t, err, "a cut %s stream ended cleanly", enc)
			return
		}
		wantN, wantErr := readEncoded(plain, "")
		n, err := readEncoded(body, enc)
		require.Equal(t, wantN, n)
		require.Equal(t, wantErr == nil, err == nil, "plain: %v, %s: %v", wantErr, enc, err)
	})
}
