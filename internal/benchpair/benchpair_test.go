package benchpair

import "testing"

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := Median(tt.in); got != tt.want {
			t.Errorf("Median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func BenchmarkRunSelf(b *testing.B) {
	work := func() {
		s := 0
		for i := range 1000 {
			s += i
		}
		_ = s
	}
	Run(b, 0, work, work)
}

func TestPairRatios(t *testing.T) {
	// The side that runs first pays 10 more: per-round ratios swing
	// between 20/20 and 10/30, pairs of rounds do not.
	cand := []float64{20, 10, 20, 10, 20}
	base := []float64{20, 30, 20, 30, 99}
	got := PairRatios(cand, base)
	if len(got) != 2 || got[0] != 0.6 || got[1] != 0.6 {
		t.Errorf("PairRatios = %v, want [0.6 0.6]", got)
	}
	if got := PairRatios([]float64{1}, []float64{1}); got != nil {
		t.Errorf("one round: %v", got)
	}
}
