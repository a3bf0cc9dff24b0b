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
