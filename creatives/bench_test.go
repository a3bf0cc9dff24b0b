package creatives_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/internal/benchpair"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

const benchUploadSize = 32 << 20

func benchUploadTarget(b *testing.B) (*creatives.Client, *adamatest.Server, *creatives.CreateResult) {
	b.Helper()
	srv := adamatest.NewServer()
	b.Cleanup(srv.Close)
	c, err := srv.NewClient()
	if err != nil {
		b.Fatal(err)
	}
	cc := creatives.New(c)
	res, err := creatives.CreateVideo(cc.Videos, context.Background(), creatives.UploadInput(), nil)
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
			creatives.UploadOptions{Progress: func(n, _ int64) { sent = n }})
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
func sdkUpload(b *testing.B, cc *creatives.Client, res *creatives.CreateResult) {
	err := cc.Videos.Upload(context.Background(), res, &patternReader{size: benchUploadSize}, benchUploadSize,
		creatives.UploadOptions{Progress: func(int64, int64) {}})
	if err != nil {
		b.Fatal(err)
	}
}

func plainUpload(b *testing.B, hc *http.Client, res *creatives.CreateResult) {
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
	benchpair.Run(b, benchUploadSize, cand, base)
}
