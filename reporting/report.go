package reporting

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/csvstream"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Error codes set on the *adama.Error of a stream that failed after its
// 200 response began.
//
// Deprecated: reporting v1 is removed in July 2026.
const (
	// CodeTruncated: the stream was cut (connection closed, chunked body
	// without its last chunk, final row without newline).
	CodeTruncated = "stream_truncated"
	// CodeMalformed: the body is not well-formed CSV.
	CodeMalformed = "malformed_csv"
	// CodeStreamError: an error document without a status code appeared
	// in the stream.
	CodeStreamError = "stream_error"
)

// IsTruncated reports whether err is a stream cut in the middle.
//
// Deprecated: reporting v1 is removed in July 2026.
func IsTruncated(err error) bool {
	var ae *adama.Error
	return errors.As(err, &ae) && ae.Code == CodeTruncated
}

// Progress is a progress report of a streamed report.
//
// Deprecated: reporting v1 is removed in July 2026.
type Progress struct {
	// Bytes is how many bytes of the body were read.
	Bytes int64
	// Rows is how many data rows (header excluded) were read.
	Rows int64
	// Done is set on the last report, after the end of the stream or an
	// error.
	Done bool
}

// ProgressFunc receives progress reports: about every ProgressEvery bytes
// and once more at the end.
//
// Deprecated: reporting v1 is removed in July 2026.
type ProgressFunc func(Progress)

// ProgressEvery is how many bytes pass between two progress reports.
//
// Deprecated: reporting v1 is removed in July 2026.
const ProgressEvery = 64 << 10

var trailerPrefixes = [][]byte{
	[]byte("<?xml"), []byte("<result"), []byte("<!DOCTYPE"), []byte("<!doctype"), []byte("<html"),
	[]byte(`{"errors"`), []byte(`{"error"`), []byte(`{"meta"`),
}

func looksXML(b []byte) bool {
	b = bytes.TrimSpace(b)
	return bytes.HasPrefix(b, []byte("<?xml")) || bytes.HasPrefix(b, []byte("<result"))
}

// check validates q before it is sent. The access-field rule takes the
// report's metadata when the service holds it (WithMeta, or read before);
// otherwise a query that tests one of the default access fields is sent
// as is, and one that tests none is checked against the metadata, read
// once per report and version and then cached.
func (s *Client) check(ctx context.Context, q *Query, opts []adama.RequestOption) error {
	if q == nil {
		return &adama.ValidationError{Violations: []adama.Violation{{Field: "query", Rule: "required"}}}
	}
	var v valid.Validator
	if m := s.metas.known(q.Report, q.Version); m != nil {
		q.check(&v, nil, true)
		if !q.testsAccess(accessList(m)) {
			accessViolation(&v, m)
		}
		return v.Err()
	}
	if q.check(&v, nil, true) {
		return v.Err()
	}
	if err := v.Err(); err != nil {
		return err
	}
	m, err := s.metaFor(ctx, q.Report, q.Version, opts)
	if err != nil {
		return err
	}
	if !q.testsAccess(accessList(m)) {
		accessViolation(&v, m)
	}
	return v.Err()
}

// request is the call of q on path, conditional when q says so.
func request(q *Query, path, accept string, stream bool) *call.Call {
	c := &call.Call{Path: path, Query: q.Values(), Accept: accept, Stream: stream}
	if !q.IfModifiedSince.IsZero() {
		c.Header = http.Header{"If-Modified-Since": {q.IfModifiedSince.UTC().Format(http.TimeFormat)}}
	}
	return c
}

// lastModified reads the Last-Modified header; zero when absent or bad.
func lastModified(h http.Header) time.Time {
	t, err := http.ParseTime(h.Get("Last-Modified"))
	if err != nil {
		return time.Time{}
	}
	return t
}

// open validates q and sends the request; it returns the 200 response of
// a CSV body, or the error the server sent in any form.
func (s *Client) open(ctx context.Context, q *Query, opts []adama.RequestOption) (*http.Response, string, error) {
	if err := s.check(ctx, q, opts); err != nil {
		return nil, "", err
	}
	return s.fetch(ctx, q, opts)
}

// fetch sends the data request of q, already checked; it returns the 200
// response of a CSV body, or the error the server sent in any form.
func (s *Client) fetch(ctx context.Context, q *Query, opts []adama.RequestOption) (*http.Response, string, error) {
	path := reportPath(q.Report)
	resp, err := s.g.Send(ctx, request(q, path, "text/csv", true), opts...)
	if err != nil {
		return nil, path, outcome(err)
	}
	mt := media.MediaType(resp.Header.Get("Content-Type"))
	if media.IsXML(mt) || media.IsJSON(mt) || mt == "text/html" {
		e := wire.ErrorFromResponse(resp) // closes the body
		e.Method, e.Path = http.MethodGet, path
		if e.StatusCode/100 == 2 && e.Code == "" {
			e.Code = CodeStreamError
		}
		return nil, path, e
	}
	if err := decodeBody(resp); err != nil {
		_ = resp.Body.Close()
		return nil, path, &adama.Error{StatusCode: resp.StatusCode, Code: CodeEncoding, Method: http.MethodGet, Path: path,
			Message: err.Error(), Err: err}
	}
	return resp, path, nil
}

// streamError turns what stopped a stream into the error the caller sees.
func streamError(err error, resp *http.Response, path string, bytesRead, rows int64) error {
	if err == nil || err == io.EOF {
		return nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("adama: GET %s: stopped after %d rows: %w", path, rows, err)
	}
	var le *csvstream.LineTooLongError
	if errors.As(err, &le) {
		return &adama.Error{StatusCode: resp.StatusCode, Code: CodeLineTooLong, Method: http.MethodGet, Path: path,
			Message: fmt.Sprintf("report line at byte %d is longer than %d bytes (after %d rows); see WithMaxLineBytes", le.Offset, le.Max, rows),
			Err:     err}
	}
	var te *csvstream.TrailerError
	if errors.As(err, &te) {
		ct := "text/plain"
		if t := bytes.TrimSpace(te.Data); len(t) > 0 && t[0] == '<' {
			ct = "text/xml"
		} else if len(t) > 0 && t[0] == '{' {
			ct = "application/json"
		}
		e := wire.ErrorFromBody(resp.StatusCode, http.Header{"Content-Type": {ct}}, http.MethodGet, path, te.Data)
		if e.Code == "" || e.StatusCode/100 == 2 {
			if e.Code == "" {
				e.Code = CodeStreamError
			}
			if e.StatusCode/100 == 2 {
				e.StatusCode = http.StatusBadGateway
			}
		}
		e.Message = fmt.Sprintf("%s (error document after %d rows)", e.Message, rows)
		return e
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &adama.Error{StatusCode: resp.StatusCode, Code: CodeMalformed, Method: http.MethodGet, Path: path,
			Message: fmt.Sprintf("malformed CSV after %d rows: %v", rows, err), Err: err}
	}
	if errors.Is(err, errPageHeader) || errors.Is(err, errRepeatedPage) {
		return &adama.Error{StatusCode: resp.StatusCode, Code: CodeMalformed, Method: http.MethodGet, Path: path,
			Message: fmt.Sprintf("%v (after %d rows)", err, rows), Err: err}
	}
	if errors.Is(err, errNoPageHeader) {
		return &adama.Error{StatusCode: resp.StatusCode, Code: CodeTruncated, Method: http.MethodGet, Path: path,
			Message: fmt.Sprintf("%v (after %d rows)", err, rows), Err: err}
	}
	if errors.Is(err, csvstream.ErrNoHeader) {
		return &adama.Error{StatusCode: resp.StatusCode, Code: CodeTruncated, Method: http.MethodGet, Path: path,
			Message: "report body ended before its header row"}
	}
	return &adama.Error{StatusCode: resp.StatusCode, Code: CodeTruncated, Method: http.MethodGet, Path: path,
		Message: fmt.Sprintf("report stream cut after %d rows (%d bytes): %v", rows, bytesRead, err), Err: err}
}

// Stream runs q and returns its rows as a stream. Nothing is buffered
// beyond one row: a report of any size is read in constant memory (lines
// are bounded by WithMaxLineBytes). Close the Rows when done (reading to
// the end closes the body too).
//
// The platform pages report data (100 rows per answer unless page_limit
// says otherwise). A Query without PageLimit and PageOffset is read
// whole: Stream asks for page after page (WithPageSize rows each, with
// page_offset counting pages) as the rows are read, until a page holds
// fewer rows than asked for, and delivers one header and every row. A
// failure between two pages ends the rows with an *adama.Error of code
// CodeTruncated saying how many rows were delivered. Later pages are
// requested with ctx and opts, so ctx must stay alive while the rows are
// read. A Query with PageLimit or PageOffset set reads exactly that page.
//
// A query testing none of the default access fields costs one metadata
// request per report and version, the first time (see WithMeta). A 304
// (Query.IfModifiedSince) is an error matching ErrNotModified, a 410 one
// matching ErrGone.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s *Client) Stream(ctx context.Context, q *Query, opts ...adama.RequestOption) (*Rows, error) {
	if err := s.check(ctx, q, opts); err != nil {
		return nil, err
	}
	pg, pq := s.newPages(ctx, q, opts)
	resp, path, err := s.fetch(ctx, pq, opts)
	if err != nil {
		return nil, err
	}
	if pg != nil {
		pg.first(resp)
	}
	return newRows(resp, path, s.cfg.maxLine, pg)
}

// NewRows reads a report body already at hand (a saved file, a test
// fixture) as Rows. The stream must end with a newline; error documents in
// it are reported as *adama.Error. Of opts, WithMaxLineBytes applies.
//
// Deprecated: reporting v1 is removed in July 2026.
func NewRows(r io.Reader, opts ...Option) (*Rows, error) {
	rc, ok := r.(io.ReadCloser)
	if !ok {
		rc = io.NopCloser(r)
	}
	return newRows(&http.Response{StatusCode: http.StatusOK, Body: rc, Header: http.Header{}}, "", newConfig(opts).maxLine, nil)
}

// Download runs q and returns the raw CSV body for saving, checked on the
// way: a cut, an error document in the stream or a line longer than a
// positive WithMaxLineBytes makes Read fail with an *adama.Error instead
// of ending early. progress, when not nil, is called about every
// ProgressEvery bytes and at the end. Paging (a whole report for a Query
// without PageLimit and PageOffset, one header row), access fields, 304
// and 410 are as for Stream.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s *Client) Download(ctx context.Context, q *Query, progress ProgressFunc, opts ...adama.RequestOption) (*Body, error) {
	if err := s.check(ctx, q, opts); err != nil {
		return nil, err
	}
	pg, pq := s.newPages(ctx, q, opts)
	resp, path, err := s.fetch(ctx, pq, opts)
	if err != nil {
		return nil, err
	}
	if pg != nil {
		pg.first(resp)
	}
	gopts := csvstream.Options{RequireFinalNewline: true, TrailerPrefixes: trailerPrefixes, CountRecords: true,
		MaxLineBytes: max(s.cfg.maxLine, 0)}
	g := csvstream.NewGuard(resp.Body, gopts)
	b := &Body{resp: resp, header: resp.Header, path: path, g: g, gopts: gopts, pg: pg, progress: progress}
	b.head = &headerLine{r: g}
	b.src, b.cur = b.head, b.head
	return b, nil
}

// Body is a report's raw CSV body (see Client.Download).
//
// Deprecated: reporting v1 is removed in July 2026.
type Body struct {
	resp     *http.Response // the current page's
	header   http.Header    // the first page's
	path     string
	g        *csvstream.Guard
	gopts    csvstream.Options
	head     *headerLine // the first page's header row
	cur      *headerLine // the current page's
	src      io.Reader
	pg       *pages
	before   int64 // rows of the pages before the current one
	n        int64 // bytes delivered
	progress ProgressFunc
	last     int64
	err      error
	done     bool
}

// Read implements io.Reader. It returns io.EOF only after a complete body
// (every page of a whole report).
//
// Deprecated: reporting v1 is removed in July 2026.
func (b *Body) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.src.Read(p)
	b.n += int64(n)
	if err == io.EOF && b.pg.more(b.pageRows()) {
		if err = b.nextPage(); err != nil {
			b.err = err
			b.report(true)
			return n, err
		}
		if n == 0 {
			return b.Read(p)
		}
	}
	if err != nil {
		if err == io.EOF {
			b.err = io.EOF
		} else {
			b.err = streamError(err, b.resp, b.path, b.n, b.Rows())
		}
		b.report(true)
		return n, b.err
	}
	if b.n-b.last >= ProgressEvery {
		b.report(false)
	}
	return n, nil
}

// pageRows is how many data rows of the current page were read.
func (b *Body) pageRows() int64 { return max(0, b.g.Records()-1) }

// nextPage closes the current page and opens the next one, whose header
// row is checked against the first page's and dropped.
func (b *Body) nextPage() error {
	_ = b.resp.Body.Close()
	resp, err := b.pg.next(b.Rows())
	if err != nil {
		return err
	}
	b.before += b.pageRows()
	b.resp = resp
	b.g = csvstream.NewGuard(resp.Body, b.gopts)
	b.cur = &headerLine{r: b.g, drop: true, want: b.head.line, prev: b.cur.firstRow()}
	b.src = b.cur
	return nil
}

func (b *Body) report(done bool) {
	if b.progress == nil || b.done {
		return
	}
	b.done = done
	b.last = b.n
	b.progress(Progress{Bytes: b.n, Rows: b.Rows(), Done: done})
}

// Bytes returns how many bytes were delivered by Read.
//
// Deprecated: reporting v1 is removed in July 2026.
func (b *Body) Bytes() int64 { return b.n }

// Rows returns how many complete data rows were read (header excluded),
// over every page read so far.
//
// Deprecated: reporting v1 is removed in July 2026.
func (b *Body) Rows() int64 { return b.before + b.pageRows() }

// Header returns the HTTP header of the (first page's) response.
//
// Deprecated: reporting v1 is removed in July 2026.
func (b *Body) Header() http.Header { return b.header }

// LastModified returns the response's Last-Modified time, the value to
// pass as Query.IfModifiedSince next time; zero when absent.
//
// Deprecated: reporting v1 is removed in July 2026.
func (b *Body) LastModified() time.Time { return lastModified(b.header) }

// Close closes the body.
//
// Deprecated: reporting v1 is removed in July 2026.
func (b *Body) Close() error { return b.resp.Body.Close() }

// Validate asks the server to validate and authorise q without returning
// data (GET /reporting/v1/std/{report}/validate). It returns nil when the
// server answers <status code="ok"/> and otherwise the *adama.Error the
// real call would return, 304 and 410 included. q is first checked
// locally as by Stream.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s *Client) Validate(ctx context.Context, q *Query, opts ...adama.RequestOption) error {
	if err := s.check(ctx, q, opts); err != nil {
		return err
	}
	path := reportPath(q.Report) + "/validate"
	resp, err := s.g.Send(ctx, request(q, path, "text/xml", false), opts...)
	if err != nil {
		return outcome(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return &adama.Error{StatusCode: resp.StatusCode, Code: CodeTruncated, Method: http.MethodGet, Path: path, Message: err.Error()}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	var res struct {
		XMLName xml.Name `xml:"result"`
		Status  struct {
			Code string `xml:"code,attr"`
		} `xml:"status"`
	}
	if xml.Unmarshal(data, &res) == nil && res.Status.Code == "ok" {
		return nil
	}
	e := wire.ErrorFromBody(resp.StatusCode, resp.Header, http.MethodGet, path, data)
	if e.Code == "" {
		e.Code = CodeStreamError
	}
	return e
}
