package firehose

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

// DefaultMaxBatchBody bounds a delivered batch's body by default.
const DefaultMaxBatchBody = 256 << 20

// ReceiverOptions configure NewReceiver.
type ReceiverOptions struct {
	// MaxBody bounds the request body in bytes, as sent (compressed);
	// DefaultMaxBatchBody when 0. A longer body is answered 413.
	MaxBody int64
	// Reader configures the batch reader (detection, malformed records,
	// record size).
	Reader ReaderOptions
	// RetryAfter is the Retry-After, in seconds, sent with a 503 when the
	// callback refuses a batch (0 sends none).
	RetryAfter int
	// ReadTimeout, when positive, is how long the whole body may take to
	// arrive, from the moment the handler starts on the request (the time
	// fn takes counts, since the body is read while fn runs). It sets the
	// connection's read deadline for the request, in place of the
	// deadline http.Server's ReadTimeout set; a body still arriving when
	// it passes is answered 408. Zero leaves the deadline to the server.
	ReadTimeout time.Duration
}

// NewReceiver returns the http.Handler a web-endpoint consumer mounts to
// ingest delivered batches. Each POST body (gzip, lzop or plain, JSON
// array or JSONL, detected from the bytes) is read record by record and each
// opportunity passed to fn in order, while the sender waits: a slow fn
// slows the sender (back-pressure) and memory stays at one record:
// Reader.MaxRecord and the reader's buffers, whatever the body holds (a
// longer record is dropped as it is read, skipped records are counted).
// An lzop batch adds one block, held as its bytes arrive: the size the
// sender compressed in (256 KiB by lzop's default, at most MaxLZOPBlock).
//
// Answers: 200 when every record was handed over; 400 for a malformed
// batch (or record, unless Reader.SkipMalformed); 405 for a method other
// than POST; 408 for a body that outlasts ReadTimeout; 413 for a body
// over MaxBody; 503 when
// fn returns an error, so the sender delivers the batch again later (fn
// must then tolerate records it has already seen). Records are handed
// over as they are read: those before a malformed record, or before the
// limit of a chunked body without Content-Length, have reached fn when
// the 400 or 413 is answered.
//
// Slow senders: the body is read as it arrives, so a client that sends
// one byte a second holds its connection and a goroutine for as long as
// the read is allowed to last. The handler sets no deadline of its own
// unless ReadTimeout asks for one: mount it on an http.Server with
// ReadHeaderTimeout and ReadTimeout set (ReadTimeout long enough for the
// largest batch at the pace fn takes it), or set ReadTimeout here.
func NewReceiver(fn func(context.Context, *Opportunity) error, opts *ReceiverOptions) http.Handler {
	var o ReceiverOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBatchBody
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "a batch is delivered with POST", http.StatusMethodNotAllowed)
			return
		}
		if r.ContentLength > o.MaxBody {
			http.Error(w, "the batch is larger than "+strconv.FormatInt(o.MaxBody, 10)+" bytes", http.StatusRequestEntityTooLarge)
			return
		}
		if o.ReadTimeout > 0 {
			// Not every ResponseWriter can (an httptest.ResponseRecorder
			// cannot); net/http's server can.
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(o.ReadTimeout))
		}
		body := http.MaxBytesReader(w, r.Body, o.MaxBody)
		status, msg := receive(r.Context(), body, &o, fn)
		if status == http.StatusServiceUnavailable && o.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(o.RetryAfter))
		}
		if status == http.StatusOK {
			w.WriteHeader(status)
			return
		}
		http.Error(w, msg, status)
	})
}

// receive reads one batch and returns the status to answer.
func receive(ctx context.Context, body io.Reader, o *ReceiverOptions, fn func(context.Context, *Opportunity) error) (int, string) {
	classify := func(err error) (int, string) {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return http.StatusRequestEntityTooLarge, "the batch is larger than " + strconv.FormatInt(mbe.Limit, 10) + " bytes"
		case errors.Is(err, os.ErrDeadlineExceeded):
			return http.StatusRequestTimeout, "the batch did not arrive in time"
		}
		return http.StatusBadRequest, err.Error()
	}
	rd, err := NewReader(body, &o.Reader)
	if err != nil {
		return classify(err)
	}
	defer rd.Close()
	for rd.Next() {
		if err := fn(ctx, rd.Opportunity()); err != nil {
			return http.StatusServiceUnavailable, "the receiver cannot take the batch now"
		}
	}
	if err := rd.Err(); err != nil {
		return classify(err)
	}
	return http.StatusOK, ""
}
