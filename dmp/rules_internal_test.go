package dmp

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

// TestEveryStatedRuleIsEnforced walks the request bodies the description
// gives a taxonomy's create and update (TaxonomyCreate, TaxonomyUpdate),
// and for every rule they state (required, minimum, maxLength, the limits
// of the permissions' ids, and the rules of the tree's nodes: a name, its
// length, non-negative uniques and retail CPM) decodes one taxonomy
// breaking it and checks that the generated validate, with the
// hand-written rules between fields and across the tree on the same path,
// reports that field and rule, and nothing else.
func TestEveryStatedRuleIsEnforced(t *testing.T) {
	doc, err := apispec.Load("dmp")
	require.NoError(t, err)
	root := map[string]any{"name": "Root", "children": []any{map[string]any{"name": "Leaf", "buyable": false}}}
	rules := &validtest.Rules{Doc: doc, Bases: map[string]map[string]any{"Node": root}}
	base := map[string]any{"vendor_id": 3, "audience_vendor_id": 4, "permissions": map[string]any{"organizations": []any{1}}, "taxonomy": root}
	for _, side := range []struct {
		schema string
		create bool
	}{{"TaxonomyCreate", true}, {"TaxonomyUpdate", false}} {
		validate := func(t *testing.T, b []byte) error {
			var x Taxonomy
			require.NoError(t, json.Unmarshal(b, &x), "%s", b)
			var v valid.Validator
			x.validate(&v, side.create)
			return v.Err()
		}
		t.Run(side.schema+"/valid", func(t *testing.T) {
			b, err := json.Marshal(base)
			require.NoError(t, err)
			assert.NoError(t, validate(t, b))
		})
		for _, br := range rules.Breaches(t, reflect.TypeFor[Taxonomy](), side.schema, side.create, base) {
			t.Run(fmt.Sprintf("%s/%s %s", side.schema, br.Field, br.Kind), func(t *testing.T) {
				b, err := json.Marshal(br.Body)
				require.NoError(t, err)
				var ve *adama.ValidationError
				require.ErrorAs(t, validate(t, b), &ve, "%s", b)
				assert.Equal(t, []adama.Violation{{Field: br.Field, Rule: br.Rule, Value: ve.Violations[0].Value}}, ve.Violations, "%s", b)
			})
		}
	}
	for _, k := range []string{"required", "minimum", "nested item minimum", "nested required", "nested maxLength", "nested minimum", "nested decimal minimum"} {
		assert.Positive(t, rules.Kinds[k], "the description states no %s rule any more: this test would not notice its loss", k)
	}
}
