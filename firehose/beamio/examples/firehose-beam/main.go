// Command firehose-beam counts delivered opportunities per hour by
// exchange, channel type and geo with an Apache Beam pipeline.
//
// With no flags it writes sample batches as the SDK's embedded fake
// delivers them (lzop JSONL named by the platform's default partition
// macro; one batch cut short to show the malformed output) into a temp
// dir, runs on the Prism runner in this process, and prints the counts:
//
//	cd firehose/beamio && go run ./examples/firehose-beam
//
// On delivered batches and a distributed runner, name the input glob, an
// output prefix the workers can write, and the usual Beam flags:
//
//	go run ./examples/firehose-beam \
//	  --input='gs://my-bucket/firehose/*/2026-05-01/*/*.jsonl.lzo' \
//	  --output=gs://my-bucket/counts/2026-05-01 \
//	  --runner=dataflow --project=my-project --region=us-east1 \
//	  --staging_location=gs://my-bucket/staging
//
// The counts go to OUTPUT-counts.txt and the malformed records to
// OUTPUT-malformed.txt.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/graph/window"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/firehose/beamio"
)

// config is what the command's own flags set (Beam's flags, --runner
// and the runner's options, are read by Beam).
type config struct {
	input     string
	output    string
	macro     string
	location  string
	exchanges string
	batches   int
	records   int
	runner    string // Beam's --runner
}

func main() {
	var c config
	flag.StringVar(&c.input, "input", "", "glob of delivered batches, on any Beam filesystem (default: sample batches written to a temp dir)")
	flag.StringVar(&c.output, "output", "", "prefix of the output files (default: printed; required on a distributed runner)")
	flag.StringVar(&c.macro, "macro", firehose.DefaultPartitionMacro, "partition macro the batches are named by")
	flag.StringVar(&c.location, "location", "UTC", "time zone of the macro's date and hour fields")
	flag.StringVar(&c.exchanges, "exchanges", "", "keep only these exchange ids (comma-separated; X-Svc-Exch-Id)")
	flag.IntVar(&c.batches, "batches", 8, "sample batches to write when --input is empty")
	flag.IntVar(&c.records, "records", 30000, "records per sample batch")
	flag.Parse()
	beam.Init()
	if f := flag.Lookup("runner"); f != nil {
		c.runner = f.Value.String()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "firehose-beam:", err)
		os.Exit(1)
	}
}

func init() {
	register.Function1x1(countLine)
	register.Function1x1(malformedLine)
}

// countLine writes one hourly count as a tab-separated line.
func countLine(c beamio.HourCount) string {
	return fmt.Sprintf("%s\t%s\t%s\t%s\t%d", c.Hour.Format("2006-01-02T15Z"), c.Exchange, c.Channel, c.Geo, c.Count)
}

// malformedLine describes a malformed record.
func malformedLine(m beamio.Malformed) string { return m.String() }

func run(ctx context.Context, c config, w io.Writer) error {
	switch strings.ToLower(c.runner) {
	case "", "prism", "prismrunner", "direct", "directrunner":
	default:
		if c.input == "" || c.output == "" {
			return fmt.Errorf("runner %s: set --input and --output to paths its workers reach (gs://, s3://)", c.runner)
		}
	}
	local := c.output == ""
	if c.input == "" || local {
		tmp, err := os.MkdirTemp("", "firehose-beam-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		if local {
			c.output = filepath.Join(tmp, "out")
		}
		if c.input == "" {
			if c.macro != firehose.DefaultPartitionMacro {
				return fmt.Errorf("sample batches follow the default partition macro; set --input with --macro")
			}
			n, err := writeSamples(filepath.Join(tmp, "in"), c.batches, c.records)
			if err != nil {
				return err
			}
			c.input = filepath.Join(tmp, "in", "*", "*", "*", "*.jsonl.lzo")
			fmt.Fprintf(w, "wrote %d sample batches under %s: %d records in whole batches, the last batch cut short\n", c.batches, filepath.Join(tmp, "in"), n)
		}
	}

	p, s := beam.NewPipelineWithRoot()
	ops, bad, err := beamio.Read(s, c.input, &beamio.ReadOptions{Macro: c.macro, Location: c.location})
	if err != nil {
		return err
	}
	if c.exchanges != "" {
		f := firehose.Filters{firehose.FilterKeyExchangeID: strings.Split(c.exchanges, ",")}
		if ops, err = beamio.Filter(s, ops, f, nil); err != nil {
			return err
		}
	}
	// The counts come in hourly windows: one output file needs them in
	// one window.
	counts := beam.WindowInto(s, window.NewGlobalWindows(), beamio.CountByHour(s, ops, nil))
	textio.Write(s, c.output+"-counts.txt", beam.ParDo(s, countLine, counts))
	textio.Write(s, c.output+"-malformed.txt", beam.ParDo(s, malformedLine, bad))

	start := time.Now()
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return err
	}
	took := time.Since(start)
	var records int64
	for _, r := range res.Metrics().AllMetrics().Counters() {
		if r.Namespace() == "beamio" {
			fmt.Fprintf(w, "%s: %d\n", r.Name(), r.Result())
			if r.Name() == "records" {
				records += r.Result()
			}
		}
	}
	fmt.Fprintf(w, "pipeline: %v, %.0f records/s\n", took.Round(time.Millisecond), float64(records)/took.Seconds())
	if !local {
		fmt.Fprintf(w, "wrote %s-counts.txt and %s-malformed.txt\n", c.output, c.output)
		return nil
	}
	return printLocal(w, c.output)
}

// printLocal prints the output files of a local run, sorted.
func printLocal(w io.Writer, prefix string) error {
	for _, part := range []struct{ file, head string }{
		{"-counts.txt", "hour\texchange\tchannel\tgeo\topportunities"},
		{"-malformed.txt", "malformed"},
	} {
		b, err := os.ReadFile(prefix + part.file)
		if err != nil {
			return err
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if len(lines) == 1 && lines[0] == "" {
			lines = nil
		}
		slices.Sort(lines)
		fmt.Fprintf(w, "\n%s (%d lines)\n", part.head, len(lines))
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
	}
	return nil
}

// writeSamples writes n batches of records opportunities as the embedded
// fake delivers them for a consumer on the default partition macro: two
// hours, four servers, lzop JSONL; the last batch is cut short. It
// returns how many records the batches hold before the cut.
func writeSamples(dir string, n, records int) (int, error) {
	srv := adamatest.NewServer()
	defer srv.Close()
	h := srv.Firehose()
	h.SetConsumer("beam-sample", map[string]any{"Cloud1Settings": map[string]any{"PartitionMacro": firehose.DefaultPartitionMacro}})
	start := time.Date(2026, 5, 1, 13, 0, 0, 0, time.UTC)
	total := 0
	for i := range n {
		at := start.Add(time.Duration(i) * 2 * time.Hour / time.Duration(max(n, 1)))
		uuid := fmt.Sprintf("b63aeb5b-9afa-4a42-9d33-b024fd9674%02d", i%4)
		b, ok, err := h.DeliveredFile("beam-sample", at, uuid, records, "JSONL", "LZOP", uint64(i+1))
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, fmt.Errorf("the fake has no consumer beam-sample")
		}
		data := b.Data
		if i == n-1 && n > 1 {
			data = data[:len(data)/2]
		} else {
			total += records
		}
		p := filepath.Join(dir, filepath.FromSlash(b.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return 0, err
		}
	}
	return total, nil
}
