package beamio_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/firehose/beamio"
)

// The benchmark's batches: -beamio.batches batches of -beamio.records
// records, half lzop JSONL under the default macro, half gzip JSONL,
// kept under the temp dir between runs.
var (
	benchBatches = flag.Int("beamio.batches", 8, "batches the benchmarks read")
	benchRecords = flag.Int("beamio.records", 30000, "records per benchmark batch")
)

// benchKinds are the two halves of the benchmark's batches.
var benchKinds = []kind{
	{"lzop-jsonl", firehose.DefaultPartitionMacro, "*/*/*/*.jsonl.lzo", "JSONL", "LZOP"},
	{"gzip-jsonl", "%hex%/%yyyy%-%mm%-%dd%/%hh%/%appuuid%_%nano%.jsonl.gz", "*/*/*/*.jsonl.gz", "JSONL", "GZIP"},
}

var benchData struct {
	once  sync.Once
	root  string
	files []delivered
	err   error
}

// benchFiles writes (once, or finds from an earlier run) the benchmark's
// batches.
func benchFiles(b *testing.B) (string, []delivered) {
	b.Helper()
	benchData.once.Do(func() {
		root := filepath.Join(os.TempDir(), fmt.Sprintf("beamio-bench-%d-%d", *benchBatches, *benchRecords))
		done := filepath.Join(root, "complete")
		srv := adamatest.NewServer()
		defer srv.Close()
		start := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
		var files []delivered
		_, err := os.Stat(done)
		for i, k := range benchKinds {
			n := *benchBatches / len(benchKinds)
			if i == 0 {
				n += *benchBatches % len(benchKinds)
			}
			specs := make([]batchSpec, n)
			for j := range specs {
				specs[j] = batchSpec{at: start.Add(time.Duration(j) * 7 * time.Minute), records: *benchRecords, seed: uint64(1000*i + j)}
			}
			if err == nil { // written by an earlier run: list them
				matches, gerr := filepath.Glob(filepath.Join(root, k.name, k.glob))
				if gerr != nil || len(matches) != n {
					benchData.err = fmt.Errorf("%s: %d files, want %d (remove %s)", k.name, len(matches), n, root)
					return
				}
				for _, m := range matches {
					files = append(files, delivered{path: m})
				}
				continue
			}
			files = append(files, writeBatches(b, srv, root, k, specs)...)
		}
		if err != nil {
			benchData.err = os.WriteFile(done, nil, 0o644)
		}
		benchData.root, benchData.files = root, files
	})
	require.NoError(b, benchData.err)
	return benchData.root, benchData.files
}

// BenchmarkPipelinePrism reads the batches and counts them per hour by
// exchange, channel and geo in a Beam pipeline on Prism, in process,
// paired with the baseline: the same files read one after the other with
// firehose.NewReader in this process and counted in a map, once before
// and once after the pipeline, so that both see the same machine.
func BenchmarkPipelinePrism(b *testing.B) {
	root, files := benchFiles(b)
	b.ResetTimer()
	for range b.N {
		loop := func() float64 {
			start := time.Now()
			n := countFiles(b, files)
			return float64(n) / time.Since(start).Seconds()
		}
		before := loop()
		p, s := beam.NewPipelineWithRoot()
		for _, k := range benchKinds {
			ops, _, err := beamio.Read(s, filepath.Join(root, k.name, k.glob), &beamio.ReadOptions{Macro: k.macro})
			require.NoError(b, err)
			beamio.CountByHour(s, ops, nil)
		}
		start := time.Now()
		res, err := ptest.RunWithMetrics(p)
		require.NoError(b, err)
		took := time.Since(start)
		var records int64
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Namespace() == "beamio" && c.Name() == "records" {
				records += c.Result()
			}
		}
		require.Equal(b, int64(len(files)**benchRecords), records)
		after := loop()
		pipe := float64(records) / took.Seconds()
		b.ReportMetric(pipe, "pipeline-records/s")
		b.ReportMetric((before+after)/2, "loop-records/s")
		b.ReportMetric(pipe/((before+after)/2), "pipeline/loop")
	}
}

// BenchmarkLoopTwoGoroutines reads the files in one goroutine, then half
// of them in each of two goroutines: how reading scales when files are
// spread over cores (the basis for what more workers give).
func BenchmarkLoopTwoGoroutines(b *testing.B) {
	_, files := benchFiles(b)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		one := float64(countFiles(b, files)) / time.Since(start).Seconds()
		start = time.Now()
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for g := range counts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []delivered
				for i := g; i < len(files); i += 2 {
					mine = append(mine, files[i])
				}
				counts[g] = countFiles(b, mine)
			}()
		}
		wg.Wait()
		two := float64(counts[0]+counts[1]) / time.Since(start).Seconds()
		b.ReportMetric(one, "one-goroutine-records/s")
		b.ReportMetric(two, "two-goroutines-records/s")
		b.ReportMetric(two/one, "two/one")
	}
}

// countFiles reads files with firehose.NewReader and counts records by
// exchange, channel and geo.
func countFiles(b *testing.B, files []delivered) int {
	type key struct{ exchange, channel, geo string }
	counts := map[key]int{}
	n := 0
	for _, f := range files {
		fh, err := os.Open(f.path)
		if err != nil {
			b.Error(err)
			return n
		}
		r, err := firehose.NewReader(fh, &firehose.ReaderOptions{SkipMalformed: true})
		if err != nil {
			b.Error(err)
			fh.Close()
			return n
		}
		for r.Next() {
			k := beamio.KeysOf(&r.Opportunity().Request, nil)
			counts[key{k.Exchange, string(k.Channel), k.Geo}]++
			n++
		}
		if r.Err() != nil {
			b.Error(r.Err())
		}
		r.Close()
		fh.Close()
	}
	return n
}
