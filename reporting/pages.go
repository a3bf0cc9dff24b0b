package reporting

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/adamasdk/adama-go/adama"
)

// The platform pages report data: an answer holds page_limit rows (100
// when the query leaves it out) from page page_offset. A Query without
// PageLimit and PageOffset is read whole: Stream and Download ask for page
// after page, each with its own request, until a page holds fewer rows
// than asked for, and join them into one stream with one header row.

// pages sends the requests of a whole-report read after the first.
type pages struct {
	s       *Client
	ctx     context.Context
	q       Query // a copy, PageLimit set; PageOffset is the page to read next
	opts    []adama.RequestOption
	path    string
	lastMod string // the first page's Last-Modified
	// prevFirst is the first row of the page read last (Rows), to tell
	// a server that does not page.
	prevFirst string
	prevSet   bool
}

// newPages returns the paging state of q, or nil when the caller chose a
// page (PageLimit or PageOffset set): that page alone is read.
func (s *Client) newPages(ctx context.Context, q *Query, opts []adama.RequestOption) (*pages, *Query) {
	if q.PageLimit != 0 || q.PageOffset != 0 {
		return nil, q
	}
	p := &pages{s: s, ctx: ctx, q: *q, opts: opts, path: reportPath(q.Report)}
	p.q.PageLimit = s.cfg.pageLimit()
	return p, &p.q
}

// limit is the page size asked for.
func (p *pages) limit() int64 { return int64(p.q.PageLimit) }

// more reports whether a page that held n rows may have a successor: it
// was full. A page with more rows than asked for means the server did not
// page, so it held the whole report.
func (p *pages) more(n int64) bool { return p != nil && n == p.limit() }

// first records the first page's answer, sent by the caller.
func (p *pages) first(resp *http.Response) {
	p.lastMod = resp.Header.Get("Last-Modified")
	p.q.PageOffset = 1
}

// next sends the request of the next page. delivered is how many rows
// were read before it, for the error.
func (p *pages) next(delivered int64) (*http.Response, error) {
	offset := p.q.PageOffset
	if err := p.ctx.Err(); err != nil {
		return nil, p.error(err, offset, delivered)
	}
	resp, _, err := p.s.fetch(p.ctx, &p.q, p.opts)
	if err != nil {
		return nil, p.error(err, offset, delivered)
	}
	if lm := resp.Header.Get("Last-Modified"); lm != "" && p.lastMod != "" && lm != p.lastMod {
		_ = resp.Body.Close()
		return nil, &adama.Error{StatusCode: resp.StatusCode, Code: CodeChanged, Method: http.MethodGet, Path: p.path,
			Message: fmt.Sprintf("the report's data changed while it was read page by page (Last-Modified %s, then %s at page_offset %d, after %d rows): read it again", p.lastMod, lm, offset, delivered)}
	}
	p.q.PageOffset++
	return resp, nil
}

// error is the failure of the request of page offset after delivered
// rows: an *adama.Error of code CodeTruncated that keeps the status, the
// reason and (through Unwrap) the error of that request, or the context's
// error.
func (p *pages) error(err error, offset int, delivered int64) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		var ae *adama.Error
		if !errors.As(err, &ae) {
			return fmt.Errorf("adama: GET %s: stopped after %d rows, before page_offset %d: %w", p.path, delivered, offset, err)
		}
	}
	e := &adama.Error{Code: CodeTruncated, Method: http.MethodGet, Path: p.path, Err: err,
		Message: fmt.Sprintf("report cut between pages after %d rows: the page at page_offset %d failed: %v", delivered, offset, err)}
	var ae *adama.Error
	if errors.As(err, &ae) {
		e.StatusCode, e.Reason, e.Body, e.RetryAfter, e.Attempts = ae.StatusCode, ae.Reason, ae.Body, ae.RetryAfter, ae.Attempts
	}
	return e
}

// CodeChanged is the error code of a whole-report read whose pages came
// from different versions of the data (their Last-Modified differ).
//
// Deprecated: reporting v1 is removed in July 2026.
const CodeChanged = "report_changed"

// errPageHeader reports a page whose header row is not the first page's.
var errPageHeader = errors.New("reporting: a page's header row differs from the first page's")

// maxHeaderLine bounds the header row that Download keeps to compare the
// pages' headers.
const maxHeaderLine = 64 << 10

// headerLine reads a page's body through its header row: on the first
// page it passes the row on and keeps it; on a later one it drops it,
// after checking that it is the first page's (want). It also keeps the
// page's first data row, and fails a later page that starts with the
// previous page's first row (prev): a server that does not page.
type headerLine struct {
	r         io.Reader
	drop      bool
	want      []byte
	prev      []byte
	line      []byte
	first     []byte
	inQuote   bool
	done      bool
	firstDone bool
}

func (h *headerLine) Read(p []byte) (int, error) {
	for !h.done {
		n, err := h.r.Read(p)
		i := 0
		for ; i < n; i++ {
			if c := p[i]; c == '"' {
				h.inQuote = !h.inQuote
			} else if c == '\n' && !h.inQuote {
				h.done = true
				break
			}
		}
		if len(h.line)+i > maxHeaderLine {
			return 0, fmt.Errorf("%w: the header row is longer than %d bytes", errPageHeader, maxHeaderLine)
		}
		h.line = append(h.line, p[:i]...)
		if h.done {
			rest := p[min(i+1, n):n]
			if h.drop {
				if !bytes.Equal(normHeader(h.line), normHeader(h.want)) {
					return 0, errPageHeader
				}
				n = copy(p, rest)
				rest = p[:n]
			}
			if ferr := h.scanFirst(rest); ferr != nil {
				return n, ferr
			}
			if n > 0 || err != nil {
				return n, err
			}
			break
		}
		if !h.drop && n > 0 {
			return n, err
		}
		if err != nil {
			if err == io.EOF && h.drop {
				err = errNoPageHeader
			}
			return 0, err
		}
	}
	n, err := h.r.Read(p)
	if ferr := h.scanFirst(p[:n]); ferr != nil {
		return n, ferr
	}
	return n, err
}

// maxFirstRow bounds the part of a page's first row kept to compare.
const maxFirstRow = 4 << 10

// scanFirst follows b, the bytes after the header row, to the end of the
// page's first data row.
func (h *headerLine) scanFirst(b []byte) error {
	if h.firstDone {
		return nil
	}
	i := 0
	for ; i < len(b); i++ {
		if c := b[i]; c == '"' {
			h.inQuote = !h.inQuote
		} else if c == '\n' && !h.inQuote {
			h.firstDone = true
			break
		}
	}
	h.first = append(h.first, b[:min(i, max(0, maxFirstRow-len(h.first)))]...)
	if h.firstDone && h.drop && h.prev != nil && bytes.Equal(h.first, h.prev) {
		return errRepeatedPage
	}
	return nil
}

// firstRow is the page's first data row, once read (nil before, or for a
// page without rows).
func (h *headerLine) firstRow() []byte {
	if !h.firstDone {
		return nil
	}
	return h.first
}

// errRepeatedPage reports a page that starts with the row the page before
// it started with: the server does not honour page_offset.
var errRepeatedPage = errors.New("reporting: a page starts with the first row of the page before it: the server does not page")

// firstRow records the first row of the page just opened and reports
// whether it differs from the first row of the page before it.
func (p *pages) firstRow(rec []string) bool {
	key := strings.Join(rec, "\x1f")
	if len(key) > maxFirstRow {
		key = key[:maxFirstRow]
	}
	repeated := p.prevSet && key == p.prevFirst
	p.prevFirst, p.prevSet = key, true
	return !repeated
}

// errNoPageHeader reports a later page that ended before its header row.
var errNoPageHeader = errors.New("reporting: a page ended before its header row")

func normHeader(b []byte) []byte {
	return bytes.TrimSpace(bytes.TrimPrefix(b, []byte("\ufeff")))
}

// sameHeader reports whether a page's header row is the first page's
// (names as newHeader keeps them).
func sameHeader(page, first []string) bool {
	if len(page) != len(first) {
		return false
	}
	for i := range page {
		if normName(page[i]) != first[i] {
			return false
		}
	}
	return true
}
