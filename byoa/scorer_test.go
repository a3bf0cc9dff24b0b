package byoa

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func referenceModel(t testing.TB) *DecodedModel {
	t.Helper()
	m, err := DecodeModel(readTestdata(t, "model_decode.json"))
	require.NoError(t, err)
	return m
}

func TestScorerHandComputed(t *testing.T) {
	m := referenceModel(t)
	ctr, err := m.Scorer("CTR")
	require.NoError(t, err)
	cpa, err := m.Scorer(GoalTypeCPA)
	require.NoError(t, err)
	assert.Equal(t, GoalTypeCTR, ctr.Goal())
	assert.Equal(t, 6, ctr.Len(), "__const is the intercept, not a feature")
	assert.Equal(t, 0.035219017416238785, ctr.Intercept())

	pix, ok := ctr.Index("bidder_pixel_frequency^am:1013008")
	require.True(t, ok)
	wp1, ok := ctr.Index(FeatureName("week_part", "1"))
	require.True(t, ok)

	// Hand-computed: z = 0.035219017416238785 + 0.08368363976478577
	// - 0.008225390687584877 = 0.11067726649343967; p = 1/(1+e^-z).
	x := make([]float64, ctr.Len())
	x[pix], x[wp1] = 1, 1
	assert.InDelta(t, 0.11067726649343967, ctr.Linear(x), 1e-15)
	assert.InDelta(t, 0.5276411066691018, ctr.Score(x), 1e-15)
	assert.InDelta(t, 0.5276411066691018, ctr.ScoreActive([]int{pix, wp1}), 1e-15)
	assert.InDelta(t, 0.5276411066691018, ctr.ScoreNamed(map[string]float64{
		"bidder_pixel_frequency^am:1013008": 1, "week_part^1": 1, "not_in_model": 42}), 1e-15)

	// CPA with non-binary values: z = -0.07225784659385681
	// + 3*0.02445729449391365 + 0.5*0.18239469826221466 = 0.09231138601899147.
	p := cpa.ScoreNamed(map[string]float64{"bidder_pixel_frequency^am:1013008": 3, "bidder_pixel_frequency^am:1024846": 0.5})
	assert.InDelta(t, 0.5230614725095025, p, 1e-15)

	// No features: the intercept alone.
	assert.InDelta(t, 1/(1+math.Exp(-0.035219017416238785)), ctr.Score(nil), 1e-15)
	assert.Equal(t, ctr.Score(nil), ctr.ScoreActive([]int{-1, 99}), "indexes out of range are ignored")
}

func TestScorerSumsRepeatedFeaturesAndHandlesExtremes(t *testing.T) {
	s, err := NewScorer(&Submodel{GoalType: GoalTypeCPC, Features: []FeatureWeights{{"__const": 1, "a": 2}, {"a": 3, "__const": -1}}})
	require.NoError(t, err)
	assert.Equal(t, 0.0, s.Intercept())
	assert.Equal(t, 5.0, s.Coefficient("a"))
	assert.InDelta(t, 1/(1+math.Exp(-5)), s.Score([]float64{1}), 1e-15)
	assert.Equal(t, 1.0, s.Score([]float64{1e6}))
	assert.Equal(t, 0.0, s.Score([]float64{-1e6}))
	assert.False(t, math.IsNaN(s.Score([]float64{-1e308})))
}

func TestScorerRefusesWhatItCannotScore(t *testing.T) {
	tests := []struct {
		name string
		sub  *Submodel
	}{
		{"nil", nil},
		{"boundaries", &Submodel{Boundaries: json.RawMessage(`[0.1, 0.5]`)}},
		{"nan", &Submodel{Features: []FeatureWeights{{"a": math.NaN()}}}},
		{"inf", &Submodel{Features: []FeatureWeights{{"a": math.Inf(1)}}}},
	}
	for _, tt := range tests {
		_, err := NewScorer(tt.sub)
		assert.Error(t, err, tt.name)
	}
	for _, ok := range []string{"", "null", "[]", "{}"} {
		_, err := NewScorer(&Submodel{Boundaries: json.RawMessage(ok)})
		assert.NoError(t, err, ok)
	}
	_, err := referenceModel(t).Scorer(GoalTypeROI)
	assert.Error(t, err, "no submodel for the goal")
}

func TestBidPrice(t *testing.T) {
	tests := []struct {
		rate   float64
		goal   string
		places int
		want   string
		bad    bool
	}{
		{0.5276411066691018, "2.50", 6, "1.319103", false},
		{0.1, "3", 2, "0.30", false}, // 0.1 is one tenth, not 0.1000000000000000055
		{0.125, "0.04", 4, "0.0050", false},
		{0.00005, "1", 4, "0.0001", false}, // halves away from zero
		{0, "10", 2, "0.00", false},
		{1, "7.77", 2, "7.77", false},
		{-0.1, "1", 2, "", true},
		{1.5, "1", 2, "", true},
		{math.NaN(), "1", 2, "", true},
		{0.5, "1", -1, "", true},
	}
	for _, tt := range tests {
		got, err := BidPrice(tt.rate, adama.MustDecimal(tt.goal), tt.places)
		if tt.bad {
			assert.Error(t, err, "%v", tt.rate)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, 0, got.Cmp(adama.MustDecimal(tt.want)), "%v × %s = %s, want %s", tt.rate, tt.goal, got, tt.want)
	}
}

func TestScorerSafeForConcurrentUse(t *testing.T) {
	s, err := referenceModel(t).Scorer(GoalTypeCTR)
	require.NoError(t, err)
	done := make(chan float64)
	for range 8 {
		go func() {
			x := make([]float64, s.Len())
			x[0] = 1
			done <- s.Score(x)
		}()
	}
	first := <-done
	for range 7 {
		assert.Equal(t, first, <-done)
	}
}
