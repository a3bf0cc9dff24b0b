package deals

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
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/valid/validtest"
)

// checked is a record with generated rules.
type checked interface {
	validate(v *valid.Validator, create bool)
}

// TestEveryStatedRuleIsEnforced walks the request bodies the description
// gives each record's create and update (DealCreate, DealUpdate,
// DealGroupCreate, ...), and for every rule they state (required,
// minimum, maximum, maxLength, minLength, pattern, enum, maxItems,
// uniqueItems, the limits of list items, and the rules of the records
// held: owner, permissions, price) decodes one record breaking it and
// checks that the generated validate, with the hand-written rules between
// fields on the same path, reports that field and rule, and nothing else.
func TestEveryStatedRuleIsEnforced(t *testing.T) {
	doc, err := apispec.Load("deals")
	require.NoError(t, err)
	rules := &validtest.Rules{
		Doc: doc,
		Bases: map[string]map[string]any{
			"Owner":       {"type": "ORGANIZATION", "id": 1},
			"Permissions": {"all_organizations": false},
		},
		Mismatch: map[string]string{"^[A-Za-z]{3}$": "US1"},
		Sent:     map[string]bool{"Price.value": true}, // MarshalJSON always writes it
	}
	owner := map[string]any{"type": "AGENCY", "id": 4}
	for _, tc := range []struct {
		typ            reflect.Type
		create, update string
		base           map[string]any
		decode         func([]byte) (checked, error)
	}{
		{reflect.TypeFor[Deal](), "DealCreate", "DealUpdate",
			map[string]any{"name": "n", "owner": owner, "permissions": map[string]any{"all_organizations": false},
				"price": map[string]any{"value": "1.25"}, "supply_source_id": 7, "deal_identifier": "D-1", "currency_code": "EUR", "version": 1},
			func(b []byte) (checked, error) { var x Deal; return &x, json.Unmarshal(b, &x) }},
		{reflect.TypeFor[DealGroup](), "DealGroupCreate", "DealGroupUpdate",
			map[string]any{"name": "g", "owner": owner, "deal_ids": []any{3}, "version": 1},
			func(b []byte) (checked, error) { var x DealGroup; return &x, json.Unmarshal(b, &x) }},
		{reflect.TypeFor[Publisher](), "PublisherCreate", "PublisherUpdate",
			map[string]any{"name": "p", "organization_id": 5},
			func(b []byte) (checked, error) { var x Publisher; return &x, json.Unmarshal(b, &x) }},
	} {
		for _, side := range []struct {
			schema string
			create bool
		}{{tc.create, true}, {tc.update, false}} {
			validate := func(t *testing.T, b []byte) error {
				rec, err := tc.decode(b)
				require.NoError(t, err, "%s", b)
				var v valid.Validator
				rec.validate(&v, side.create)
				return v.Err()
			}
			t.Run(side.schema+"/valid", func(t *testing.T) {
				b, err := json.Marshal(tc.base)
				require.NoError(t, err)
				assert.NoError(t, validate(t, b))
			})
			for _, br := range rules.Breaches(t, tc.typ, side.schema, side.create, tc.base) {
				t.Run(fmt.Sprintf("%s/%s %s", side.schema, br.Field, br.Kind), func(t *testing.T) {
					b, err := json.Marshal(br.Body)
					require.NoError(t, err)
					var ve *adama.ValidationError
					require.ErrorAs(t, validate(t, b), &ve, "%s", b)
					assert.Equal(t, []adama.Violation{{Field: br.Field, Rule: br.Rule, Value: ve.Violations[0].Value}}, ve.Violations, "%s", b)
				})
			}
		}
	}
	for _, k := range []string{"required", "minimum", "maxLength", "pattern", "enum", "maxItems", "uniqueItems", "item minimum",
		"nested required", "nested minimum", "nested enum", "nested maxItems", "nested item minimum", "nested decimal minimum",
		"nested decimal maximum", "nested pattern"} {
		assert.Positive(t, rules.Kinds[k], "the description states no %s rule any more: this test would not notice its loss", k)
	}
}

// changedValue is a value of the property schema s (JSON) that differs
// from the bases of TestEveryGuardedFieldIsRefused.
func changedValue(t *testing.T, s *openapi3.Schema) any {
	t.Helper()
	if len(s.AllOf) == 1 && len(s.Properties) == 0 {
		s = s.AllOf[0].Value
	}
	switch {
	case len(s.Enum) > 0:
		return s.Enum[len(s.Enum)-1]
	case s.Type.Is(openapi3.TypeInteger):
		return 12345
	case s.Type.Is(openapi3.TypeBoolean):
		return true
	case s.Type.Is(openapi3.TypeString) && s.Format == "date-time":
		return "2027-01-02T03:04:05+0000"
	case s.Type.Is(openapi3.TypeString):
		return "changed"
	case s.Type.Is(openapi3.TypeObject):
		return map[string]any{"id": 9, "type": "AGENCY"}
	case s.Type.Is(openapi3.TypeArray):
		return []any{map[string]any{"id": 9}}
	}
	t.Fatalf("no changed value for a %v", s.Type)
	return nil
}

// TestEveryGuardedFieldIsRefused changes, on a record read, each property
// the description marks readOnly or x-adama-create-only, and checks that
// the update refuses it before sending, with the read-only rule
// (validateChange, generated).
func TestEveryGuardedFieldIsRefused(t *testing.T) {
	doc, err := apispec.Load("deals")
	require.NoError(t, err)
	n := 0
	for _, tc := range []struct {
		schema string
		base   map[string]any
		update func(t *testing.T, before, after []byte, name string) error
	}{
		{"Deal", map[string]any{"id": 1, "name": "n", "owner": map[string]any{"type": "ORGANIZATION", "id": 1}, "version": 1},
			changeAndUpdate[Deal]},
		{"DealGroup", map[string]any{"id": 2, "name": "g", "owner": map[string]any{"type": "ORGANIZATION", "id": 1}, "deal_ids": []any{1}, "version": 1},
			changeAndUpdate[DealGroup]},
		{"Publisher", map[string]any{"id": 3, "name": "p", "organization_id": 1}, changeAndUpdate[Publisher]},
	} {
		s := doc.Components.Schemas[tc.schema].Value
		for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
			p := s.Properties[name].Value
			if create, _ := p.Extensions["x-adama-create-only"].(bool); !p.ReadOnly && !create {
				continue
			}
			n++
			t.Run(tc.schema+"/"+name, func(t *testing.T) {
				before, err := json.Marshal(tc.base)
				require.NoError(t, err)
				changed := maps.Clone(tc.base)
				changed[name] = changedValue(t, p)
				after, err := json.Marshal(changed)
				require.NoError(t, err)
				var ve *adama.ValidationError
				require.ErrorAs(t, tc.update(t, before, after, name), &ve)
				assert.True(t, ve.Has(name, valid.RuleReadOnly), "%v", ve)
			})
		}
	}
	assert.GreaterOrEqual(t, n, 25, "the records' read-only and create-only properties")
}

// changeAndUpdate reads the record from before, sets its field name to
// the value it has in after, and returns the error its updateRequest
// returns.
func changeAndUpdate[T any, P interface {
	*T
	updateRequest() (any, error)
}](t *testing.T, before, after []byte, name string) error {
	rec, other := P(new(T)), new(T)
	require.NoError(t, json.Unmarshal(before, rec))
	require.NoError(t, json.Unmarshal(after, other))
	typ := reflect.TypeFor[T]()
	for i := range typ.NumField() {
		if tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ","); tag == name {
			reflect.ValueOf(rec).Elem().Field(i).Set(reflect.ValueOf(other).Elem().Field(i))
		}
	}
	_, err := rec.updateRequest()
	return err
}
