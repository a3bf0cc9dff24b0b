package beamio_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/graph/window"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/firehose/beamio"
)

// The pipelines of these tests run on Beam's Prism runner, in process
// (ptest's default runner).
func TestMain(m *testing.M) { ptest.Main(m) }

func init() {
	register.Function1x1(placeOf)
	register.Function1x1(malformedText)
	register.Function1x1(countText)
}

// placeOf describes where an opportunity came from and its event hour.
func placeOf(o beamio.Opportunity) string {
	return fmt.Sprintf("%s|%d|%d|%d|%s|%s|%v", o.File, o.Index, o.Line, o.Offset, o.Request.ID, o.Time.Format(time.RFC3339), o.TimeFromName)
}

// malformedText describes a malformed record.
func malformedText(m beamio.Malformed) string {
	return fmt.Sprintf("%s|%d|%d|%d|%s|fatal=%v", m.File, m.Index, m.Line, m.Offset, m.Err, m.Fatal)
}

// countText describes one hourly count.
func countText(c beamio.HourCount) string {
	return fmt.Sprintf("%s|%s|%s|%s|%d", c.Hour.Format(time.RFC3339), c.Exchange, c.Channel, c.Geo, c.Count)
}

// expected is what a single-process loop over firehose.NewReader finds
// in the same files.
type expected struct {
	places    []any
	requests  []*firehose.BidRequest // of each place
	malformed []any
	counts    []any
	records   int
	fatal     int
}

// loopOver reads every file with firehose.NewReader in this process.
func loopOver(t testing.TB, files []delivered) expected {
	t.Helper()
	var e expected
	type key struct {
		hour                   time.Time
		exchange, channel, geo string
	}
	counts := map[key]int{}
	bad := func(path string, re *firehose.RecordError, fatal bool) {
		e.malformed = append(e.malformed, fmt.Sprintf("%s|%d|%d|%d|%s|fatal=%v", path, re.Index, re.Line, re.Offset, re.Err, fatal))
	}
	for _, f := range files {
		fh, err := os.Open(f.path)
		require.NoError(t, err)
		r, err := firehose.NewReader(fh, &firehose.ReaderOptions{SkipMalformed: true})
		var re *firehose.RecordError
		if err != nil {
			require.True(t, errors.As(err, &re))
			bad(f.path, re, true)
			e.fatal++
			fh.Close()
			continue
		}
		for r.Next() {
			op := r.Opportunity()
			e.places = append(e.places, fmt.Sprintf("%s|%d|%d|%d|%s|%s|true", f.path, op.Index, op.Line, op.Offset, op.Request.ID, f.hour.Format(time.RFC3339)))
			req := op.Request
			e.requests = append(e.requests, &req)
			k := beamio.KeysOf(&op.Request, nil)
			counts[key{f.hour, k.Exchange, string(k.Channel), k.Geo}]++
			e.records++
		}
		for _, s := range r.Skipped() {
			bad(f.path, s, false)
		}
		if err := r.Err(); err != nil {
			require.True(t, errors.As(err, &re))
			bad(f.path, re, true)
			e.fatal++
		}
		r.Close()
		fh.Close()
	}
	for k, n := range counts {
		e.counts = append(e.counts, fmt.Sprintf("%s|%s|%s|%s|%d", k.hour.Format(time.RFC3339), k.exchange, k.channel, k.geo, n))
	}
	return e
}

// fixtureHour is a delivery time of the fixtures.
var fixtureHour = time.Date(2026, 5, 1, 13, 7, 9, 0, time.UTC)

// fixture writes the test batches of every kind under a temp dir: two
// hours, two servers, malformed records mixed in, one file of each kind
// cut short, and the batches Debian's lzop compressed.
func fixture(t *testing.T) (root string, byKind map[string][]delivered) {
	t.Helper()
	root = t.TempDir()
	srv := adamatest.NewServer(adamatest.WithT(t))
	h13 := fixtureHour
	h14 := time.Date(2026, 5, 1, 14, 59, 1, 0, time.UTC)
	byKind = map[string][]delivered{}
	for i, k := range kinds {
		seed := uint64(100 * (i + 1))
		byKind[k.name] = writeBatches(t, srv, root, k, []batchSpec{
			{at: h13, records: 700, seed: seed + 1},
			{at: h13.Add(20 * time.Minute), records: 500, malformed: true, seed: seed + 2},
			{at: h14, records: 650, malformed: true, seed: seed + 3},
			{at: h14.Add(-time.Minute), records: 400, cut: true, seed: seed + 4},
		})
	}
	// Real LZO1X blocks, under the default macro's names.
	for i, src := range []string{"testdata/multiblock.jsonl.lzo", "testdata/batch.json.lzo"} {
		at := h14.Add(time.Duration(i) * time.Second)
		name := fmt.Sprintf("%X/%s/%s/lzop-made-%d_%sopportunities%d.jsonl.lzo", i, at.Format("2006-01-02"), at.Format("15"), i, at.Format("2006-01-02-15-01"), at.UnixMilli())
		p := filepath.Join(root, "lzop-jsonl", filepath.FromSlash(name))
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, data, 0o644))
		byKind["lzop-jsonl"] = append(byKind["lzop-jsonl"], delivered{path: p, hour: at.Truncate(time.Hour)})
	}
	return root, byKind
}

func TestReadMatchesSingleProcessLoop(t *testing.T) {
	root, byKind := fixture(t)

	var all []delivered
	for _, k := range kinds {
		all = append(all, byKind[k.name]...)
	}
	want := loopOver(t, all)
	// Preconditions: the files hold what the test claims to compare.
	// The cut files add the records before the cut; two JSONL kinds add a
	// record that does not fit the typed view to each of two files.
	require.Greater(t, want.records, 4*(700+500+650)+2400+3+2*2)
	require.Equal(t, len(kinds), want.fatal, "one cut file per kind")
	require.Len(t, want.malformed, 2*2*4+2*2*3+len(kinds), "4 malformed records per JSONL file, 3 per array file")

	// Each file cut short ends its read with a fatal malformed entry that
	// names it; the pipeline must give the same entries.
	for _, f := range all {
		if !f.cut {
			continue
		}
		found := false
		for _, m := range want.malformed {
			found = found || (strings.HasPrefix(m.(string), f.path+"|") && strings.HasSuffix(m.(string), "|fatal=true"))
		}
		require.True(t, found, "no fatal entry for %s", f.path)
	}

	p, s := beam.NewPipelineWithRoot()
	var ops, bad []beam.PCollection
	for _, k := range kinds {
		o, b, err := beamio.Read(s, filepath.Join(root, k.name, k.glob), &beamio.ReadOptions{Macro: k.macro})
		require.NoError(t, err)
		ops, bad = append(ops, o), append(bad, b)
	}
	opsAll, badAll := beam.Flatten(s, ops...), beam.Flatten(s, bad...)
	passert.Equals(s, beam.ParDo(s, placeOf, opsAll), want.places...)
	passert.Equals(s, beam.ParDo(s, malformedText, badAll), want.malformed...)
	counts := beam.WindowInto(s, window.NewGlobalWindows(), beamio.CountByHour(s, opsAll, nil))
	passert.Equals(s, beam.ParDo(s, countText, counts), want.counts...)
	ptest.RunAndValidate(t, p)
}
