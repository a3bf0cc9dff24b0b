// Package benchpair runs a benchmark's candidate and its baseline in every
// round of one process, alternating which goes first, and reports the
// median of the per-round time ratios ("x-base", candidate ÷ baseline,
// lower is better). A change of machine load between rounds cancels out
// in a ratio taken within the round, and neither side depends on what ran
// before it: both are warmed up and the heap collected before timing.
package benchpair

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// Run times cand and base once each per round of b.Loop and reports
// x-base, x-pair (see PairRatios), the median time of each side (cand-ns,
// base-ns) and, when size is positive, each side's MB/s. ns/op is both
// sides together.
func Run(b *testing.B, size int, cand, base func()) {
	b.Helper()
	cand()
	base()
	runtime.GC()
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
	b.ReportMetric(Median(ratios), "x-base")
	if len(cs) >= 2 {
		b.ReportMetric(Median(PairRatios(cs, bs)), "x-pair")
	}
	b.ReportMetric(Median(cs), "cand-ns")
	b.ReportMetric(Median(bs), "base-ns")
	if size > 0 {
		b.ReportMetric(float64(size)/Median(cs)*1e3, "cand-MB/s")
		b.ReportMetric(float64(size)/Median(bs)*1e3, "base-MB/s")
	}
}

// PairRatios returns, for each two consecutive rounds (one with the
// candidate first, one with the baseline first), the candidate's time over
// the baseline's in both together: x-pair, their median, is free of a
// cost that falls on whichever side runs first (or second) in a round,
// which the per-round ratios of x-base swing with.
func PairRatios(cand, base []float64) []float64 {
	var out []float64
	for i := 0; i+1 < len(cand) && i+1 < len(base); i += 2 {
		out = append(out, (cand[i]+cand[i+1])/(base[i]+base[i+1]))
	}
	return out
}

// Median returns the median of v (0 for none).
func Median(v []float64) float64 {
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
