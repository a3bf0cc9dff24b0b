package byoa

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
)

// Scorer evaluates one submodel of a decoded model locally, the way the
// spec describes the custom brain, so a model can be checked before it is
// uploaded and feature extraction can be unit-tested.
//
// What the SDK assumes, precisely:
//
//   - The model is logistic. Its linear score is
//     z = c + Σ w_f·x_f, where c is the coefficient of the feature named
//     "__const" (the intercept, 0 when absent), w_f the coefficient of
//     feature f in Features and x_f the impression's value of f (0 for a
//     feature the impression does not have). The predicted response rate
//     is p = 1 / (1 + e^(−z)).
//   - Features is a list of name→coefficient objects; all objects of the
//     list are one model: a name listed twice has the sum of its
//     coefficients. Names are opaque ("week_part^1" is the categorical
//     variable week_part with value 1; such one-hot features take x = 1
//     when present, see FeatureName).
//   - Beta is not used in the prediction. The reference documents neither
//     its length nor its role (its examples hold three values per
//     submodel); it stays in Submodel.Beta for the caller.
//   - Boundaries must be null, absent or empty: the reference shows only
//     null, and a model with boundaries is refused by NewScorer rather
//     than scored wrongly.
//   - Predictions is not used.
//   - The bid price is p × the strategy's goal value (BidPrice), computed
//     exactly from p's shortest decimal form and rounded once at the end.
//
// A Scorer is immutable and safe for concurrent use.
type Scorer struct {
	goal      GoalType
	intercept float64
	names     []string
	coef      []float64
	index     map[string]int
}

// ConstFeature is the name of the intercept.
const ConstFeature = "__const"

// FeatureName returns the name of a categorical feature: variable^value.
func FeatureName(variable, value string) string { return variable + "^" + value }

// NewScorer compiles a submodel. It fails when a coefficient is not finite
// or the submodel has boundaries.
func NewScorer(s *Submodel) (*Scorer, error) {
	if s == nil {
		return nil, errorf("scorer: no submodel")
	}
	if b := bytes.TrimSpace(s.Boundaries); len(b) > 0 && !bytes.Equal(b, []byte("null")) && !bytes.Equal(b, []byte("[]")) && !bytes.Equal(b, []byte("{}")) {
		return nil, errorf("scorer: the %s submodel has Boundaries, whose meaning the SDK does not know", s.GoalType)
	}
	sums := map[string]float64{}
	for _, fw := range s.Features {
		for name, w := range fw {
			if math.IsNaN(w) || math.IsInf(w, 0) {
				return nil, errorf("scorer: feature %q has coefficient %v", truncate(name, 40), w)
			}
			sums[name] += w
		}
	}
	sc := &Scorer{goal: s.GoalType, intercept: sums[ConstFeature], index: make(map[string]int, len(sums))}
	delete(sums, ConstFeature)
	for name := range sums {
		sc.names = append(sc.names, name)
	}
	sort.Strings(sc.names)
	sc.coef = make([]float64, len(sc.names))
	for i, n := range sc.names {
		sc.coef[i] = sums[n]
		sc.index[n] = i
	}
	return sc, nil
}

// Scorer compiles the submodel for goal (compared ignoring case).
func (d *DecodedModel) Scorer(goal GoalType) (*Scorer, error) {
	s, ok := d.Submodel(goal)
	if !ok {
		return nil, errorf("scorer: the model has no %q submodel", goal)
	}
	return NewScorer(s)
}

// Goal returns the submodel's goal type.
func (s *Scorer) Goal() GoalType { return s.goal }

// Intercept returns the __const coefficient.
func (s *Scorer) Intercept() float64 { return s.intercept }

// Len returns how many features (besides the intercept) the model uses.
func (s *Scorer) Len() int { return len(s.names) }

// Names returns the features in index order (sorted by name).
func (s *Scorer) Names() []string { return append([]string(nil), s.names...) }

// Index returns the index of a feature in the vectors Score takes.
func (s *Scorer) Index(name string) (int, bool) {
	i, ok := s.index[name]
	return i, ok
}

// Coefficient returns a feature's coefficient (0 when the model does not
// use it).
func (s *Scorer) Coefficient(name string) float64 {
	if name == ConstFeature {
		return s.intercept
	}
	if i, ok := s.index[name]; ok {
		return s.coef[i]
	}
	return 0
}

// Linear returns z for a dense vector x of feature values in index order
// (x[i] is the value of Names()[i]). A shorter x counts the missing
// features as 0; values beyond Len are ignored.
func (s *Scorer) Linear(x []float64) float64 {
	n := min(len(x), len(s.coef))
	coef := s.coef[:n]
	x = x[:n]
	// Four partial sums let the additions overlap.
	var z0, z1, z2, z3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		z0 += coef[i] * x[i]
		z1 += coef[i+1] * x[i+1]
		z2 += coef[i+2] * x[i+2]
		z3 += coef[i+3] * x[i+3]
	}
	for ; i < n; i++ {
		z0 += coef[i] * x[i]
	}
	return s.intercept + ((z0 + z1) + (z2 + z3))
}

// Score returns the predicted response rate for a dense vector of feature
// values (see Linear). It does not allocate.
func (s *Scorer) Score(x []float64) float64 { return sigmoid(s.Linear(x)) }

// ScoreActive returns the predicted response rate of an impression whose
// features at the given indexes have value 1 and all others 0 (one-hot
// features). Indexes out of range are ignored. It does not allocate.
func (s *Scorer) ScoreActive(active []int) float64 {
	z := s.intercept
	for _, i := range active {
		if i >= 0 && i < len(s.coef) {
			z += s.coef[i]
		}
	}
	return sigmoid(z)
}

// ScoreNamed returns the predicted response rate for feature values keyed
// by name; names the model does not use contribute nothing. It is the
// convenient, slower form (one map lookup per value).
func (s *Scorer) ScoreNamed(values map[string]float64) float64 {
	z := s.intercept
	for name, v := range values {
		if i, ok := s.index[name]; ok {
			z += s.coef[i] * v
		}
	}
	return sigmoid(z)
}

// sigmoid is 1/(1+e^-z), computed without overflow for large |z|.
func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// BidPrice returns rate × goalValue exactly, rounded once to places
// decimal places (halves away from zero). rate is taken at its shortest
// decimal form (0.1 is 1/10, not the nearest binary fraction).
func BidPrice(rate float64, goalValue adama.Decimal, places int) (adama.Decimal, error) {
	if math.IsNaN(rate) || rate < 0 || rate > 1 {
		return adama.Decimal{}, errorf("bid price: rate %v is not in [0, 1]", rate)
	}
	if places < 0 || places > 18 {
		return adama.Decimal{}, errorf("bid price: %d decimal places (0-18)", places)
	}
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(rate, 'g', -1, 64))
	if !ok {
		return adama.Decimal{}, errorf("bid price: rate %v", rate)
	}
	r.Mul(r, goalValue.Rat())
	d, err := adama.ParseDecimal(r.FloatString(places))
	if err != nil {
		return adama.Decimal{}, fmt.Errorf("byoa: bid price: %w", err)
	}
	return d, nil
}
