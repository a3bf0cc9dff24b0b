package deals

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

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
