package byoa_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/byoa"
	"github.com/adamasdk/adama-go/internal/apispec"
)

// breach is a body breaking one rule of the description, the field the
// check must name first and a stem of its rule (the generated checks
// use internal/valid's words; the package's own, for the rules it
// checks by hand, say the same thing in their own words).
type breach struct {
	kind, field, rule string
	body              map[string]any
}

// bodyOf merges the properties and required lists of a body schema and
// its allOf parts.
func bodyOf(s *openapi3.Schema, props map[string]*openapi3.Schema, required map[string]bool) {
	for name, p := range s.Properties {
		props[name] = p.Value
	}
	for _, p := range s.Required {
		required[p] = true
	}
	for _, part := range s.AllOf {
		bodyOf(part.Value, props, required)
	}
}

// deref is the schema a property stands for: its single allOf
// reference's, or its own.
func deref(s *openapi3.Schema) *openapi3.Schema {
	if len(s.AllOf) == 1 && len(s.Properties) == 0 {
		return s.AllOf[0].Value
	}
	return s
}

// jsonField is the field of record type typ whose JSON name is name, and
// whether its tag leaves it out when zero.
func jsonField(t *testing.T, typ reflect.Type, name string) (reflect.Type, bool) {
	t.Helper()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if tag, opts, _ := strings.Cut(f.Tag.Get("json"), ","); tag == name {
			return f.Type, strings.Contains(opts, "omitempty")
		}
	}
	t.Fatalf("%s has no field %s", typ, name)
	return nil, false
}

// breaches derives, from the rules the description states for a body
// (props, required), one body per rule that breaks it, starting from the
// valid body base; goType is the record the body decodes into, at names
// nested properties ("settings[0]"). A rule kind this test does not know
// fails it, so the description cannot state a rule the test leaves out.
func breaches(t *testing.T, goType reflect.Type, at string, props map[string]*openapi3.Schema, required map[string]bool, base map[string]any) []breach {
	t.Helper()
	var out []breach
	with := func(name string, value any) map[string]any {
		b := maps.Clone(base)
		b[name] = value
		return b
	}
	path := func(name string) string {
		if at == "" {
			return name
		}
		return at + "." + name
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		s := deref(props[name])
		typ, omitEmpty := jsonField(t, goType, name)
		plain := typ.Kind() != reflect.Pointer
		// A plain value always sent (low, high, executor_id: the SDK
		// fills a zero executor in) is in every body: absent is zero.
		if required[name] && (omitEmpty || !plain || typ.Kind() == reflect.Slice) {
			b := maps.Clone(base)
			delete(b, name)
			rule := "required"
			if s.MinItems > 0 {
				rule = "at least" // an absent list is an empty one
			}
			out = append(out, breach{"required", path(name), rule, b})
		}
		switch {
		case len(s.Enum) > 0:
			out = append(out, breach{"enum", path(name), "one of", with(name, "NOT_A_VALUE")})
		case s.Type.Is(openapi3.TypeInteger):
			require.True(t, s.Min != nil && s.Max != nil || s.Min == nil && s.Max == nil, "%s: one-sided limits are not exercised here", name)
			if s.Min == nil {
				continue
			}
			lo, hi := int64(*s.Min), int64(*s.Max)
			rule := fmt.Sprintf("must be between %d and %d", lo, hi)
			below := lo - 1
			if below == 0 && omitEmpty { // a zero left out is absent, not out of range
				below = -1
			}
			out = append(out, breach{"minimum", path(name), rule, with(name, below)}, breach{"maximum", path(name), rule, with(name, hi+1)})
		case s.Type.Is(openapi3.TypeString):
			require.True(t, s.MinLength == 0 && s.MaxLength == nil && s.Pattern == "", "%s: a text rule not exercised here", name)
		case s.Type.Is(openapi3.TypeArray):
			if s.MinItems > 0 {
				out = append(out, breach{"minItems", path(name), "at least", with(name, []any{})})
			}
			require.Nil(t, s.MaxItems, name)
			item := deref(s.Items.Value)
			require.True(t, item.Type.Is(openapi3.TypeObject), "%s: only lists of records carry rules here", name)
			ip, ir := map[string]*openapi3.Schema{}, map[string]bool{}
			bodyOf(item, ip, ir)
			first := base[name].([]any)[0].(map[string]any)
			for _, nb := range breaches(t, typ.Elem(), path(name)+"[0]", ip, ir, first) {
				nb.kind, nb.body = "nested "+nb.kind, with(name, []any{nb.body})
				out = append(out, nb)
			}
		default:
			t.Fatalf("%s: a property of type %v this test does not exercise", name, s.Type)
		}
		require.Nil(t, s.MultipleOf, name)
	}
	return out
}

// TestEveryStatedRuleIsEnforced walks the bodies the description gives
// the settings PUT (and each of its settings) and the model upload, and
// for every rule they state (required, minimum, maximum, enum, minItems,
// and the rules of the settings in the list) decodes one record breaking
// it and checks that Validate reports that field and rule first; the
// sample-rate PATCH's limits are checked the same way through
// SetSampleRate, which must send nothing.
func TestEveryStatedRuleIsEnforced(t *testing.T) {
	doc, err := apispec.Load("byoa")
	require.NoError(t, err)
	kinds := map[string]int{}
	for _, tc := range []struct {
		schema string
		typ    reflect.Type
		base   map[string]any
	}{
		{"SettingsChange", reflect.TypeFor[byoa.Settings](),
			map[string]any{"uuid_type": "UUID", "settings": []any{map[string]any{"executor_id": 2, "low": 0, "high": 49, "model_id": "m", "namespace": "ns"}}}},
		{"Upload", reflect.TypeFor[byoa.Upload](), map[string]any{"data": "DAAA", "brain_type_id": 1003}},
	} {
		props, required := map[string]*openapi3.Schema{}, map[string]bool{}
		bodyOf(doc.Components.Schemas[tc.schema].Value, props, required)
		require.NotEmpty(t, props, tc.schema)
		validate := func(t *testing.T, body map[string]any) error {
			b, err := json.Marshal(body)
			require.NoError(t, err)
			rec := reflect.New(tc.typ)
			require.NoError(t, json.Unmarshal(b, rec.Interface()))
			return rec.Interface().(interface{ Validate() error }).Validate()
		}
		t.Run(tc.schema+"/valid", func(t *testing.T) {
			assert.NoError(t, validate(t, tc.base))
		})
		for _, br := range breaches(t, tc.typ, "", props, required, tc.base) {
			kinds[br.kind]++
			t.Run(fmt.Sprintf("%s/%s %s", tc.schema, br.field, br.kind), func(t *testing.T) {
				var ve *adama.ValidationError
				require.ErrorAs(t, validate(t, br.body), &ve, "%v", br.body)
				assert.Equal(t, br.field, ve.Violations[0].Field, "%v", ve)
				assert.Contains(t, ve.Violations[0].Rule, br.rule, "%v", ve)
			})
		}
	}

	// The sample-rate PATCH: its one number is SetSampleRate's argument.
	f := newFixture(t)
	s := deref(doc.Components.Schemas["SampleRateChange"].Value.Properties["sample_rate"].Value)
	require.NotNil(t, s.Min)
	require.NotNil(t, s.Max)
	lo, hi := int(*s.Min), int(*s.Max)
	for _, tt := range []struct {
		kind    string
		percent int
	}{{"minimum", lo - 1}, {"maximum", hi + 1}} {
		kinds[tt.kind]++
		t.Run("SampleRateChange/sample_rate "+tt.kind, func(t *testing.T) {
			_, err := f.c.BidRouter.SetSampleRate(context.Background(), 100667, 4, tt.percent)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has("sample_rate", fmt.Sprintf("must be between %d and %d", lo, hi)), "%v", ve)
		})
	}
	for _, p := range []int{lo, hi} {
		_, err := f.c.BidRouter.SetSampleRate(context.Background(), 100667, 4, p)
		assert.False(t, errors.Is(err, adama.ErrValidation), "sample rate %d: %v", p, err)
	}
	assert.Len(t, f.host.Paths(), 2, "only the two valid rates are sent")

	for _, k := range []string{"required", "minimum", "maximum", "enum", "minItems", "nested required", "nested minimum", "nested maximum"} {
		assert.Positive(t, kinds[k], "the description states no %s rule any more: this test would not notice its loss", k)
	}
}
