package firehose_test

import (
	"encoding/json"
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
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/internal/apispec"
)

// breach is a body breaking one rule of the description, and the
// violation Validate must report for it.
type breach struct {
	kind, field, rule string
	body              map[string]any
}

// deref is the schema a property stands for: its single allOf
// reference's, or its own.
func deref(s *openapi3.Schema) *openapi3.Schema {
	if len(s.AllOf) == 1 && len(s.Properties) == 0 {
		return s.AllOf[0].Value
	}
	return s
}

// statesNothing fails t when s states a rule (of a map's values, a
// list's items, text) that this test does not exercise.
func statesNothing(t *testing.T, name string, s *openapi3.Schema) {
	t.Helper()
	require.True(t, s.Min == nil && s.Max == nil && s.MinLength == 0 && s.MaxLength == nil && s.Pattern == "" &&
		s.MinItems == 0 && s.MaxItems == nil && !s.UniqueItems && s.MinProps == 0 && s.MaxProps == nil &&
		len(s.Enum) == 0 && len(s.Required) == 0 && s.MultipleOf == nil,
		"%s: a rule this test does not exercise", name)
}

// breaches derives, from the rules the description states for the body
// schema s, one body per rule that breaks it, starting from the valid
// body base; at names nested records ("SampleSettings"). A rule kind
// this test does not know fails it, so the description cannot state a
// rule the test leaves out.
func breaches(t *testing.T, at string, s *openapi3.Schema, base map[string]any) []breach {
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
	statesNothing(t, at+" (the record)", &openapi3.Schema{Required: s.Required, MinProps: s.MinProps, MaxProps: s.MaxProps})
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		p := deref(s.Properties[name].Value)
		switch {
		case p.Type.Is(openapi3.TypeInteger):
			require.True(t, p.Min != nil && p.Max != nil || p.Min == nil && p.Max == nil, "%s: one-sided limits are not exercised here", name)
			statesNothing(t, name, &openapi3.Schema{MultipleOf: p.MultipleOf, Enum: p.Enum})
			if p.Min == nil {
				continue
			}
			lo, hi := int64(*p.Min), int64(*p.Max)
			rule := fmt.Sprintf("must be between %d and %d", lo, hi)
			out = append(out, breach{"minimum", path(name), rule, with(name, lo-1)}, breach{"maximum", path(name), rule, with(name, hi+1)})
		case p.Type.Is(openapi3.TypeObject) && len(p.Properties) > 0:
			nested, _ := base[name].(map[string]any)
			if nested == nil {
				nested = map[string]any{}
			}
			for _, nb := range breaches(t, path(name), p, nested) {
				nb.kind, nb.body = "nested "+nb.kind, with(name, nb.body)
				out = append(out, nb)
			}
		case p.Type.Is(openapi3.TypeObject): // a map: keys and values are the package's own rules
			statesNothing(t, name, p)
			if ap := p.AdditionalProperties.Schema; ap != nil {
				statesNothing(t, name+" (values)", deref(ap.Value))
				if items := deref(ap.Value).Items; items != nil {
					statesNothing(t, name+" (items)", deref(items.Value))
				}
			}
		case p.Type.Is(openapi3.TypeArray):
			statesNothing(t, name, p)
			statesNothing(t, name+" (items)", deref(p.Items.Value))
		case p.Type.Is(openapi3.TypeString), p.Type.Is(openapi3.TypeBoolean):
			statesNothing(t, name, p)
		default:
			t.Fatalf("%s: a property of type %v this test does not exercise", name, p.Type)
		}
	}
	return out
}

// TestEveryStatedRuleIsEnforced walks the request body of every
// operation of the description, and for every rule the bodies state
// (minimum and maximum, and the rules of the records they hold) decodes
// one record breaking it and checks that Validate reports that field and
// rule, and nothing else. The rules no schema states (filter keys and
// values, map keys, bucket names, URLs, the partition macro, RoleARN and
// ExternalID against the stored values) are the package's own, tested
// beside their code.
func TestEveryStatedRuleIsEnforced(t *testing.T) {
	doc, err := apispec.Load("firehose")
	require.NoError(t, err)
	filters := map[string]any{"X-Svc-Exch-Id": []any{"1"}}
	known := map[string]struct {
		base map[string]any
		typ  reflect.Type
	}{
		"ConsumerSettings": {map[string]any{"Filters": filters, "SampleSettings": map[string]any{"SampleRate": 10}}, reflect.TypeFor[firehose.ConsumerSettings]()},
		"SampleSettings":   {map[string]any{"SampleRate": 10}, reflect.TypeFor[firehose.SampleSettings]()},
		"WebSettings":      {map[string]any{}, reflect.TypeFor[firehose.WebSettings]()},
		"Cloud1Settings":   {map[string]any{}, reflect.TypeFor[firehose.Cloud1Settings]()},
		"Cloud2Settings":   {map[string]any{}, reflect.TypeFor[firehose.Cloud2Settings]()},
	}
	kinds := map[string]int{}
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Value(path).Operations() {
			if op.RequestBody == nil {
				continue
			}
			ref := op.RequestBody.Value.Content.Get("application/json").Schema
			name := strings.TrimPrefix(ref.Ref, "#/components/schemas/")
			if ref.Value.Type.Is(openapi3.TypeArray) { // a filter's values: the package's own rules
				statesNothing(t, name, ref.Value)
				statesNothing(t, name+" (items)", ref.Value.Items.Value)
				continue
			}
			tc, ok := known[name]
			require.True(t, ok, "%s %s: the body %q is new to this test", method, path, name)
			validate := func(t *testing.T, body map[string]any) error {
				b, err := json.Marshal(body)
				require.NoError(t, err)
				rec := reflect.New(tc.typ)
				require.NoError(t, json.Unmarshal(b, rec.Interface()))
				return rec.Interface().(interface{ Validate() error }).Validate()
			}
			t.Run(name+"/valid", func(t *testing.T) {
				assert.NoError(t, validate(t, tc.base))
			})
			for _, br := range breaches(t, "", ref.Value, tc.base) {
				kinds[br.kind]++
				t.Run(fmt.Sprintf("%s/%s %s", name, br.field, br.kind), func(t *testing.T) {
					var ve *adama.ValidationError
					require.ErrorAs(t, validate(t, br.body), &ve, "%v", br.body)
					assert.Equal(t, []adama.Violation{{Field: br.field, Rule: br.rule, Value: ve.Violations[0].Value}}, ve.Violations)
				})
			}
		}
	}
	for _, k := range []string{"minimum", "maximum", "nested minimum", "nested maximum"} {
		assert.Positive(t, kinds[k], "the description states no %s rule any more: this test would not notice its loss", k)
	}
}
