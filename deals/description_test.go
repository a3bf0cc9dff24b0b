package deals_test

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/internal/apispec"
)

// TestDescriptionCoversTheGroup checks that the group's OpenAPI document
// describes every call the services make and every property the records
// model, generated or written by hand, and the enums' values.
func TestDescriptionCoversTheGroup(t *testing.T) {
	doc, err := apispec.Load("deals")
	require.NoError(t, err)
	for path, methods := range map[string][]string{
		"/deals":                                 {"GET", "POST"},
		"/deals/{id}":                            {"GET", "POST"},
		"/deals/{id}/strategy_deals":             {"GET"},
		"/deal_groups":                           {"GET", "POST"},
		"/deal_groups/{id}":                      {"GET", "POST"},
		"/deal_groups/{id}/strategy_deal_groups": {"GET"},
		"/publishers":                            {"GET", "POST"},
		"/publishers/{id}":                       {"GET", "POST", "DELETE"},
		"/bulk_create/publishers":                {"POST"},
		"/channels":                              {"GET"},
		"/bulk_create/deals":                     {"POST"},
		"/bulk_update/deals":                     {"PUT"},
		"/bulk/deals":                            {"POST"},
		"/deal_analytics":                        {"POST"},
	} {
		item := doc.Paths.Find(path)
		require.NotNil(t, item, path)
		for _, m := range methods {
			assert.NotNil(t, item.GetOperation(m), "%s %s", m, path)
		}
	}
	records := map[string]any{
		"Deal": deals.Deal{}, "DealGroup": deals.DealGroup{}, "Publisher": deals.Publisher{},
		"Owner": deals.Owner{}, "Permissions": deals.Permissions{}, "Performance": deals.Performance{},
		"Metric": deals.Metric{}, "Ref": deals.Ref{}, "Channel": deals.Channel{},
		"StrategyDeal": deals.StrategyDeal{}, "StrategyDealGroup": deals.StrategyDealGroup{},
	}
	for name, rec := range records {
		t.Run(name, func(t *testing.T) {
			s := doc.Components.Schemas[name]
			require.NotNil(t, s, name)
			var described []string
			for p := range s.Value.Properties {
				described = append(described, p)
			}
			slices.Sort(described)
			assert.Equal(t, described, jsonNames(reflect.TypeOf(rec)), "the record models exactly the described properties")
		})
	}
	enums := map[string][]string{
		"OwnerType": strs(deals.OwnerType("").Values()), "PriceType": strs(deals.PriceType("").Values()),
		"PriceMethod": strs(deals.PriceMethod("").Values()), "DealSource": strs(deals.DealSource("").Values()),
		"MediaType": strs(deals.MediaType("").Values()), "BillType": strs(deals.BillType("").Values()),
		"DealType": strs(deals.DealType("").Values()), "SortDir": strs(deals.SortDir("").Values()),
		"TimeWindow": strs(deals.TimeWindow("").Values()),
	}
	for name, values := range enums {
		var described []string
		for _, v := range doc.Components.Schemas[name].Value.Enum {
			described = append(described, v.(string))
		}
		assert.Equal(t, described, values, name)
	}
	name := doc.Components.Schemas["Publisher"].Value.Properties["name"].Value
	require.NotNil(t, name.MaxLength)
	assert.Equal(t, uint64(deals.MaxPublisherName), *name.MaxLength)
	ids := doc.Components.Schemas["DealGroup"].Value.Properties["deal_ids"].Value
	require.NotNil(t, ids.MaxItems)
	assert.Equal(t, uint64(deals.MaxGroupDeals), *ids.MaxItems)
}

// jsonNames lists the JSON property names of a struct's fields, sorted.
func jsonNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || tag == "-" {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		out = append(out, tag)
	}
	slices.Sort(out)
	return out
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// TestRequestBodiesFitDescription holds the request bodies pinned in
// testdata/requests.golden to the description the records are generated
// from: a create sends only described properties that are not read-only,
// an update none that is create-only either, and the owner, permissions
// and price they hold only their own schemas' properties.
func TestRequestBodiesFitDescription(t *testing.T) {
	doc, err := apispec.Load("deals")
	require.NoError(t, err)
	golden, err := os.ReadFile("testdata/requests.golden")
	require.NoError(t, err)
	type body struct {
		schema string
		update bool
	}
	kinds := map[string]body{
		"POST /deals/v1.0/deals": {"Deal", false}, "POST /deals/v1.0/deals/6": {"Deal", true},
		"POST /deals/v1.0/deal_groups": {"DealGroup", false}, "POST /deals/v1.0/deal_groups/4": {"DealGroup", true},
		"POST /deals/v1.0/publishers": {"Publisher", false}, "POST /deals/v1.0/publishers/5": {"Publisher", true},
	}
	seen := map[string]int{}
	for req := range strings.SplitSeq(string(golden), "\n\n") {
		lines := strings.SplitN(strings.TrimSpace(req), "\n", 3)
		if len(lines) < 3 {
			continue
		}
		k, ok := kinds[lines[0]]
		if !ok {
			continue
		}
		seen[lines[0]]++
		var props map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(lines[2]), &props), lines[0])
		s := doc.Components.Schemas[k.schema].Value
		for name, raw := range props {
			p := s.Properties[name]
			if !assert.NotNil(t, p, "%s sends %s, which %s does not describe", lines[0], name, k.schema) {
				continue
			}
			assert.False(t, p.Value.ReadOnly, "%s sends the read-only %s", lines[0], name)
			createOnly, _ := p.Value.Extensions["x-adama-create-only"].(bool)
			assert.False(t, k.update && createOnly, "%s sends the create-only %s", lines[0], name)
			if nested := map[string]string{"owner": "Owner", "permissions": "Permissions", "price": "Price"}[name]; nested != "" {
				var sub map[string]json.RawMessage
				require.NoError(t, json.Unmarshal(raw, &sub), name)
				for sp := range sub {
					assert.Contains(t, doc.Components.Schemas[nested].Value.Properties, sp, "%s sends %s.%s", lines[0], name, sp)
				}
			}
		}
	}
	for k := range kinds {
		assert.Positive(t, seen[k], "requests.golden has no %s", k)
	}
}
