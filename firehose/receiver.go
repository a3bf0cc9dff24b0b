package firehose

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
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
}

// NewReceiver returns the http.Handler a web-endpoint consumer mounts to
// ingest delivered batches. Each POST body (gzip, lzop or plain, JSON
// array or JSONL, detected from the bytes) is read record by record and each
// opportunity passed to fn in order, while the sender waits: a slow fn
// slows the sender (back-pressure) and memory stays at one record.
//
// Answers: 200 when every record was handed over; 400 for a malformed
// batch (or record, unless Reader.SkipMalformed); 405 for a method other
// than POST; 413 for a body over MaxBody; 503 when
// fn returns an error, so the sender delivers the batch again later (fn
// must then tolerate records it has already seen). Records are handed
// over as they are read: those before a malformed record, or before the
// limit of a chunked body without Content-Length, have reached fn when
// the 400 or 413 is answered.
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
