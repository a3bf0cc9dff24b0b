package reporting

import (
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// The platform compresses the data set (never metadata or errors) with
// gzip or deflate when the request's Accept-Encoding names one. Go's
// transport asks for gzip and decompresses by itself, unless the request
// sets Accept-Encoding by hand (adama.WithHeader) or the transport has
// DisableCompression: then the body arrives with its Content-Encoding, and
// decodeBody decompresses it.

// CodeEncoding is the error code of a data answer in a Content-Encoding
// the SDK cannot decode, or whose compressed stream does not start well.
//
// Deprecated: reporting v1 is removed in July 2026.
const CodeEncoding = "unsupported_encoding"

// decodeBody replaces resp.Body by its decompressed form when the answer
// carries a Content-Encoding (gzip, deflate); closing it closes both.
func decodeBody(resp *http.Response) error {
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	var (
		r   io.ReadCloser
		err error
	)
	switch enc {
	case "", "identity":
		return nil
	case "gzip", "x-gzip":
		var zr *gzip.Reader
		zr, err = gzip.NewReader(resp.Body)
		r = zr
	case "deflate":
		r, err = zlib.NewReader(resp.Body)
	default:
		return fmt.Errorf("the report data came with Content-Encoding %q, which the SDK does not decode (gzip and deflate are)", trunc(enc))
	}
	if err != nil {
		return fmt.Errorf("the report data's %s stream does not start well: %w", enc, err)
	}
	resp.Body = &decoded{ReadCloser: r, raw: resp.Body}
	resp.Header.Del("Content-Encoding")
	resp.Header.Del("Content-Length")
	resp.ContentLength = -1
	resp.Uncompressed = true
	return nil
}

// decoded is a decompressed body; Close closes the decompressor and the
// raw body.
type decoded struct {
	io.ReadCloser
	raw io.ReadCloser
}

func (d *decoded) Close() error {
	_ = d.ReadCloser.Close()
	return d.raw.Close()
}
