// Command creatives creates a v3 video creative from a local file with a
// progress bar, waits for the encoding, adds a companion banner and
// classifies the creative.
//
//	go run ./examples/creatives
//	go run ./examples/creatives -size 50000000
//	ADAMA_BASE_URL=... ADAMA_AUTH_URL=... ADAMA_ACCESS_TOKEN=... go run ./examples/creatives -file spot.mp4 -advertiser 7 -concept 11 -click https://example.com
//
// With ADAMA_BASE_URL unset (or with -demo) it starts the fake platform
// (adama/adamatest) in process and uploads a generated file of -size bytes;
// with it set, it reads the ADAMA_* variables (adama.WithEnv) and uploads
// -file to that deployment (examples/quickstart shows the
// authorization-code exchange; here an access token is given).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/examples/internal/platform"
)

func main() { platform.Main("creatives", run) }

// zeros is a generated file of n bytes for the demo.
type zeros struct{ off, n int64 }

func (z *zeros) Read(b []byte) (int, error) {
	if z.off >= z.n {
		return 0, io.EOF
	}
	k := int(min(int64(len(b)), z.n-z.off))
	clear(b[:k])
	z.off += int64(k)
	return k, nil
}

func (z *zeros) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
		z.off = off
	case io.SeekCurrent:
		z.off += off
	case io.SeekEnd:
		z.off = z.n + off
	}
	return z.off, nil
}

// run parses args and runs the flow; results go to stdout, the progress
// bar to stderr. getenv reads the ADAMA_* variables.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := platform.NewFlags("creatives", stderr)
	size := fs.Int64("size", 20<<20, "size of the file generated for the in-process fake, in bytes")
	path := fs.String("file", "", "video file to upload (required against a real deployment)")
	advertiser := fs.Int64("advertiser", 7, "advertiser id")
	concept := fs.Int64("concept", 11, "concept id")
	click := fs.String("click", "https://example.com", "clickthrough URL")
	if err := fs.Parse(args); err != nil {
		return err
	}
	live := !fs.Demo() && getenv(adama.EnvBaseURL) != ""

	var (
		file io.Reader = &zeros{n: *size}
		n              = *size
		name           = "demo.mp4"
	)
	if *path != "" {
		f, err := os.Open(*path)
		if err != nil {
			return err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return err
		}
		file, n, name = f, st.Size(), filepath.Base(*path)
	} else if live {
		return fmt.Errorf("-file is required against a real deployment (%s is set)", adama.EnvBaseURL)
	}
	client, done, err := fs.Connect(stdout, getenv, adamatest.WithCreativesEncodingStep(25))
	if err != nil {
		return err
	}
	defer done()
	cc := creatives.New(client)

	start := time.Now()
	res, err := cc.Videos.CreateAndUpload(ctx, &creatives.NewVideoCreative{
		Advertiser: *advertiser, Concept: *concept, Name: strings.TrimSuffix(name, filepath.Ext(name)),
		ClickthroughURL: *click, FileName: name,
	}, file, n, creatives.UploadOptions{Progress: progressBar(stderr, start)})
	fmt.Fprintln(stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "creative %d uploaded (%d bytes)\n", res.CreativeID, n)

	interval := 2 * time.Second
	if !live {
		interval = time.Millisecond
	}
	v, err := cc.Videos.WaitEncoded(ctx, res.CreativeID, creatives.WaitOptions{Interval: interval,
		Progress: func(s creatives.EncodingStatus, p float64) { fmt.Fprintf(stderr, "\rencoding: %-10s %5.1f%%", s, p) }})
	fmt.Fprintln(stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "encoding %s, ready to serve: %v\n", v.Status, v.ReadyToServe)

	comp, err := cc.Companions.Create(ctx, res.CreativeID, &creatives.Companion{
		Details: creatives.CompanionDetails{AdServer: "adama", Typ: creatives.CompanionTypeStatic, Width: 300, Height: 250,
			LandingURL: *click, ClickthroughURL: *click},
		FileName: "banner.png", FileExtension: "png", ResourceData: "data:image/png;base64,iVBORw0KGgo=",
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "companion %d added\n", comp.ID)

	inf, err := cc.Classifications.Save(ctx, res.CreativeID, &creatives.Classification{Attributes: []int64{16}, Language: 1, Verticals: []int64{215}})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "classified: language %s, %d vertical(s), %d attribute(s)\n", inf.Language.Name, len(inf.Verticals), len(inf.Attributes))
	return nil
}

// progressBar draws "[=====>    ]  42.0% 12.3 MB/s" on one line.
func progressBar(w io.Writer, start time.Time) func(sent, total int64) {
	var last time.Time
	return func(sent, total int64) {
		now := time.Now()
		if sent != total && now.Sub(last) < 100*time.Millisecond {
			return
		}
		last = now
		pct := 100.0
		if total > 0 {
			pct = float64(sent) * 100 / float64(total)
		}
		filled := int(pct / 5)
		bar := strings.Repeat("=", filled) + strings.Repeat(" ", 20-filled)
		rate := float64(sent) / max(now.Sub(start).Seconds(), 1e-3) / 1e6
		fmt.Fprintf(w, "\r[%s] %5.1f%% %6.1f MB/s", bar, pct, rate)
	}
}
