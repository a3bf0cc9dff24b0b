package creatives

import (
	"context"
	"fmt"
	"time"

	"github.com/adamasdk/adama-go/adama"
)

// WaitOptions shape WaitEncoded.
type WaitOptions struct {
	// Interval is the first wait between polls (default 2s); it doubles
	// up to MaxInterval (default 30s).
	Interval, MaxInterval time.Duration
	// Progress, when set, is called after each poll with the status and
	// the encoding percent (0-100).
	Progress func(status EncodingStatus, percent float64)
}

// CodeEncodingFailed is the code of the *adama.Error WaitEncoded returns
// when the platform reports the encoding failed.
const CodeEncodingFailed = "encoding_failed"

// WaitEncoded polls the creative (GET /creatives/{id}) until its encoding
// is finished, has failed, or ctx ends, waiting longer between polls each
// time. It returns the creative as last read; a failed encoding is an
// *adama.Error with code CodeEncodingFailed.
func (s *VideoService) WaitEncoded(ctx context.Context, id int64, o WaitOptions, opts ...adama.RequestOption) (*VideoCreative, error) {
	wait, maxWait := o.Interval, o.MaxInterval
	if wait <= 0 {
		wait = 2 * time.Second
	}
	if maxWait <= 0 {
		maxWait = 30 * time.Second
	}
	maxWait = max(maxWait, wait)
	for {
		c, err := s.Get(ctx, id, opts...)
		if err != nil {
			return nil, err
		}
		if o.Progress != nil {
			o.Progress(c.Status, c.Percent)
		}
		switch c.Status {
		case EncodingStatusFinished:
			return c, nil
		case EncodingStatusError:
			return c, &adama.Error{StatusCode: 200, Code: CodeEncodingFailed, Method: "GET",
				Path: s.g.Prefix + "/creatives" + pathID(id), Message: fmt.Sprintf("the encoding of creative %d failed", id)}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return c, ctx.Err()
		case <-t.C:
		}
		wait = min(wait*2, maxWait)
	}
}
