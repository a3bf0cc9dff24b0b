package byoa

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// BidFunc values one bid request for the internal auction. It must return
// when ctx ends (the request's tmax); a nil response, or one without bids,
// is a no-bid.
type BidFunc func(ctx context.Context, req *BidRequest) (*BidResponse, error)

// Handler is the http.Handler of the client endpoint the custom bid router
// calls: it reads an OpenRTB 2.4 JSON bid request (bounded in size), runs
// the BidFunc under a deadline taken from the request's tmax, and answers
// 200 with the bid response, or 204 (no bid) when there is no bid, the
// deadline passes, or the BidFunc fails or panics. A body that is not a
// bid request is answered 400, a body over the size bound 413, a method
// other than POST 405, a body that outlasts WithReadTimeout 408.
//
// Slow senders: the handler reads the body as it arrives, and the tmax
// deadline starts only once the whole request is in, so a client that
// sends one byte a second holds its connection and a goroutine for as
// long as the read is allowed to last. The handler sets no deadline on
// the read unless WithReadTimeout asks for one: mount it on an
// http.Server with ReadHeaderTimeout and ReadTimeout set (a bid request
// is small: a second or two is plenty), or use WithReadTimeout.
//
// A Handler is safe for concurrent use.
type Handler struct {
	fn       BidFunc
	maxBody  int64
	defTMax  time.Duration
	maxTMax  time.Duration
	margin   time.Duration
	readTO   time.Duration
	onError  func(error)
	bufs     sync.Pool
	requests atomic.Int64
	bids     atomic.Int64
	noBids   atomic.Int64
	timeouts atomic.Int64
	panics   atomic.Int64
	failures atomic.Int64
	invalid  atomic.Int64
}

// HandlerOption configures NewHandler.
type HandlerOption func(*Handler)

// WithMaxBodyBytes bounds the bid request body (default 256 KiB).
func WithMaxBodyBytes(n int64) HandlerOption {
	return func(h *Handler) {
		if n > 0 {
			h.maxBody = n
		}
	}
}

// WithDefaultTMax is the deadline for a request without tmax (default
// 100 ms).
func WithDefaultTMax(d time.Duration) HandlerOption {
	return func(h *Handler) {
		if d > 0 {
			h.defTMax = d
		}
	}
}

// WithMaxTMax caps the deadline whatever tmax says (default 1 s).
func WithMaxTMax(d time.Duration) HandlerOption {
	return func(h *Handler) {
		if d > 0 {
			h.maxTMax = d
		}
	}
}

// WithSafetyMargin is taken off tmax for the answer's way back (default
// 5 ms; never more than half of tmax).
func WithSafetyMargin(d time.Duration) HandlerOption {
	return func(h *Handler) {
		if d >= 0 {
			h.margin = d
		}
	}
}

// WithReadTimeout bounds how long the request body may take to arrive,
// from the moment the handler starts on the request (default 0: the
// server's deadline alone). It sets the connection's read deadline for
// the request, in place of the one http.Server's ReadTimeout set; a body
// still arriving when it passes is answered 408.
func WithReadTimeout(d time.Duration) HandlerOption {
	return func(h *Handler) {
		if d >= 0 {
			h.readTO = d
		}
	}
}

// WithErrorHook receives the BidFunc's errors and recovered panics (as
// errors), for the caller's logging. It must be safe for concurrent use.
func WithErrorHook(f func(error)) HandlerOption { return func(h *Handler) { h.onError = f } }

// NewHandler returns the endpoint handler running fn.
func NewHandler(fn BidFunc, opts ...HandlerOption) *Handler {
	h := &Handler{fn: fn, maxBody: 256 << 10, defTMax: 100 * time.Millisecond, maxTMax: time.Second, margin: 5 * time.Millisecond}
	for _, o := range opts {
		if o != nil {
			o(h)
		}
	}
	h.bufs.New = func() any { return new(bytes.Buffer) }
	return h
}

// HandlerStats counts what a Handler answered.
type HandlerStats struct {
	// Requests is every request served.
	Requests int64
	// Bids is the 200 answers.
	Bids int64
	// NoBids is the 204 answers, whatever the reason.
	NoBids int64
	// Timeouts, Panics and Failures are no-bids because the deadline
	// passed, the BidFunc panicked, or it returned an error or an invalid
	// response.
	Timeouts, Panics, Failures int64
	// Invalid is the requests refused (400, 405, 408, 413).
	Invalid int64
}

// Stats returns the counts so far.
func (h *Handler) Stats() HandlerStats {
	return HandlerStats{Requests: h.requests.Load(), Bids: h.bids.Load(), NoBids: h.noBids.Load(),
		Timeouts: h.timeouts.Load(), Panics: h.panics.Load(), Failures: h.failures.Load(), Invalid: h.invalid.Load()}
}

// Deadline returns how long the handler gives a request with tmax
// milliseconds (0: none given).
func (h *Handler) Deadline(tmax int64) time.Duration {
	d := h.defTMax
	if tmax > 0 && tmax <= int64(h.maxTMax/time.Millisecond) {
		d = time.Duration(tmax) * time.Millisecond
	} else if tmax > 0 {
		d = h.maxTMax
	}
	d = min(d, h.maxTMax)
	return d - min(h.margin, d/2)
}

type bidResult struct {
	resp     *BidResponse
	err      error
	panicked bool
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.requests.Add(1)
	if r.Method != http.MethodPost {
		h.invalid.Add(1)
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "bid requests are POSTed", http.StatusMethodNotAllowed)
		return
	}
	buf := h.bufs.Get().(*bytes.Buffer)
	buf.Reset()
	defer h.bufs.Put(buf)
	if r.ContentLength > h.maxBody {
		h.refuse(w, http.StatusRequestEntityTooLarge, "bid request too large")
		return
	}
	if h.readTO > 0 {
		// Not every ResponseWriter can (an httptest.ResponseRecorder
		// cannot); net/http's server can.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(h.readTO))
	}
	if _, err := buf.ReadFrom(io.LimitReader(r.Body, h.maxBody+1)); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			h.refuse(w, http.StatusRequestTimeout, "the bid request did not arrive in time")
			return
		}
		h.refuse(w, http.StatusBadRequest, "reading the bid request")
		return
	}
	if int64(buf.Len()) > h.maxBody {
		h.refuse(w, http.StatusRequestEntityTooLarge, "bid request too large")
		return
	}
	req, err := DecodeBidRequest(buf.Bytes())
	if err != nil {
		h.refuse(w, http.StatusBadRequest, "not an OpenRTB bid request")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.Deadline(req.TMax))
	defer cancel()
	done := make(chan bidResult, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- bidResult{err: fmt.Errorf("byoa: bid function panicked: %v", p), panicked: true}
			}
		}()
		resp, err := h.fn(ctx, req)
		done <- bidResult{resp: resp, err: err}
	}()
	var res bidResult
	select {
	case res = <-done:
	case <-ctx.Done():
	}
	if ctx.Err() != nil {
		// The deadline passed: whatever the function returns now is too
		// late for the auction.
		h.timeouts.Add(1)
		h.noBid(w)
		return
	}
	switch {
	case res.panicked:
		h.panics.Add(1)
		h.report(res.err)
		h.noBid(w)
		return
	case res.err != nil:
		h.failures.Add(1)
		h.report(res.err)
		h.noBid(w)
		return
	case res.resp == nil || !hasBids(res.resp):
		h.noBid(w)
		return
	}
	if err := checkResponse(req, res.resp); err != nil {
		h.failures.Add(1)
		h.report(err)
		h.noBid(w)
		return
	}
	if res.resp.ID == "" {
		res.resp.ID = req.ID
	}
	out := h.bufs.Get().(*bytes.Buffer)
	out.Reset()
	defer h.bufs.Put(out)
	if err := json.NewEncoder(out).Encode(res.resp); err != nil {
		h.failures.Add(1)
		h.report(err)
		h.noBid(w)
		return
	}
	h.bids.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Openrtb-Version", "2.4")
	w.Header().Set("Content-Length", strconv.Itoa(out.Len()))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out.Bytes())
}

func (h *Handler) refuse(w http.ResponseWriter, status int, msg string) {
	h.invalid.Add(1)
	http.Error(w, msg, status)
}

func (h *Handler) noBid(w http.ResponseWriter) {
	h.noBids.Add(1)
	w.Header().Set("X-Openrtb-Version", "2.4")
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) report(err error) {
	if h.onError != nil && err != nil {
		h.onError(err)
	}
}

func hasBids(r *BidResponse) bool {
	for _, sb := range r.SeatBid {
		if len(sb.Bid) > 0 {
			return true
		}
	}
	return false
}

// checkResponse checks that every bid names an impression of the request,
// has an id and a positive price, and that the response id, when set, is
// the request's.
func checkResponse(req *BidRequest, resp *BidResponse) error {
	if resp.ID != "" && resp.ID != req.ID {
		return fmt.Errorf("byoa: response id %q is not the request's %q", truncate(resp.ID, 40), truncate(req.ID, 40))
	}
	imps := make(map[string]bool, len(req.Imp))
	for _, imp := range req.Imp {
		imps[imp.ID] = true
	}
	for _, sb := range resp.SeatBid {
		for _, b := range sb.Bid {
			if !imps[b.ImpID] {
				return fmt.Errorf("byoa: bid %q names impression %q, not in the request", truncate(b.ID, 40), truncate(b.ImpID, 40))
			}
			if b.ID == "" {
				return errors.New("byoa: a bid has no id")
			}
			if b.Price.IsZero() || b.Price.Rat().Sign() <= 0 {
				return fmt.Errorf("byoa: bid %q has no positive price", truncate(b.ID, 40))
			}
		}
	}
	return nil
}

// DecodeBidRequest reads an OpenRTB 2.4 JSON bid request. It needs an id
// and at least one impression with an id; everything else is read
// liberally and kept: numbers may come as strings, and a value of no
// documented form (an object where the floor belongs) leaves its field
// zero, is kept as it came and is listed by the request's Misfits, for a
// BidFunc that would rather not bid on such a request.
func DecodeBidRequest(b []byte) (*BidRequest, error) {
	var req BidRequest
	if err := req.UnmarshalJSON(b); err != nil {
		return nil, errorf("bid request: %w", err)
	}
	if req.ID == "" {
		return nil, errorf("bid request: no id")
	}
	if len(req.Imp) == 0 {
		return nil, errorf("bid request: no impression")
	}
	for i := range req.Imp {
		if req.Imp[i].ID == "" {
			return nil, errorf("bid request: imp[%d] has no id", i)
		}
	}
	if req.TMax < 0 {
		return nil, errorf("bid request: tmax %d", req.TMax)
	}
	return &req, nil
}
