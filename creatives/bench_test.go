package creatives

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

const benchUploadSize = 32 << 20

func benchUploadTarget(b *testing.B) (*Client, *adamatest.Server, *CreateResult) {
	b.Helper()
	srv := adamatest.NewServer()
	b.Cleanup(srv.Close)
	c, err := srv.NewClient()
	if err != nil {
		b.Fatal(err)
	}
	cc := New(c)
	res, err := cc.Videos.Create(context.Background(), uploadInput())
	if err != nil {
		b.Fatal(err)
	}
	return cc, srv, res
}

// BenchmarkUpload streams a generated file to the pre-signed URL through
// the SDK (progress callback on).
func BenchmarkUpload(b *testing.B) {
	cc, _, res := benchUploadTarget(b)
	ctx := context.Background()
	var sent int64
	b.SetBytes(benchUploadSize)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		err := cc.Videos.Upload(ctx, res, &patternReader{size: benchUploadSize}, benchUploadSize,
			UploadOptions{Progress: func(n, _ int64) { sent = n }})
		if err != nil {
			b.Fatal(err)
		}
	}
	if sent != benchUploadSize {
		b.Fatalf("sent %d", sent)
	}
}

// BenchmarkUploadPlainHTTP is the baseline: the same stream PUT with a
// plain http.Client on the same transport and headers.
func BenchmarkUploadPlainHTTP(b *testing.B) {
	_, srv, res := benchUploadTarget(b)
	hc := srv.Client()
	b.SetBytes(benchUploadSize)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		req, err := http.NewRequest(http.MethodPut, string(res.UploadURL), &patternReader{size: benchUploadSize})
		if err != nil {
			b.Fatal(err)
		}
		req.ContentLength = benchUploadSize
		req.Header.Set("Content-Type", "video/mp4")
		req.Header.Set("X-Amz-Acl", "public-read")
		req.Header.Set("X-Amz-Meta-Creative", itoa(res.CreativeID))
		resp, err := hc.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
}

// sdkUpload and plainUpload are one upload each way.
func sdkUpload(b *testing.B, cc *Client, res *CreateResult) {
	err := cc.Videos.Upload(context.Background(), res, &patternReader{size: benchUploadSize}, benchUploadSize,
		UploadOptions{Progress: func(int64, int64) {}})
	if err != nil {
		b.Fatal(err)
	}
}

func plainUpload(b *testing.B, hc *http.Client, res *CreateResult) {
	req, err := http.NewRequest(http.MethodPut, string(res.UploadURL), &patternReader{size: benchUploadSize})
	if err != nil {
		b.Fatal(err)
	}
	req.ContentLength = benchUploadSize
	req.Header.Set("Content-Type", "video/mp4")
	req.Header.Set("X-Amz-Acl", "public-read")
	req.Header.Set("X-Amz-Meta-Creative", itoa(res.CreativeID))
	resp, err := hc.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("status %d", resp.StatusCode)
	}
}

// BenchmarkUploadPaired runs the SDK upload and the plain PUT in every
// round, alternating which goes first, and reports the median per-round
// time ratio SDK/plain ("x-base", lower is better) and each side's median
// throughput: a shared, loaded machine's drift cancels out within a round.
func BenchmarkUploadPaired(b *testing.B) {
	cc, srv, res := benchUploadTarget(b)
	hc := srv.Client()
	cand, base := func() { sdkUpload(b, cc, res) }, func() { plainUpload(b, hc, res) }
	cand()
	base()
	runtime.GC()
	b.ReportAllocs()
	timed := func(fn func()) float64 {
		t := time.Now()
		fn()
		return float64(time.Since(t).Nanoseconds())
	}
	var ratios, cs, bs []float64
	for b.Loop() {
		var c, bl float64
		if len(ratios)%2 == 0 {
			c, bl = timed(cand), timed(base)
		} else {
			bl, c = timed(base), timed(cand)
		}
		ratios, cs, bs = append(ratios, c/bl), append(cs, c), append(bs, bl)
	}
	b.ReportMetric(median(ratios), "x-base")
	b.ReportMetric(benchUploadSize/median(cs)*1e3, "sdk-MB/s")
	b.ReportMetric(benchUploadSize/median(bs)*1e3, "plain-MB/s")
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
