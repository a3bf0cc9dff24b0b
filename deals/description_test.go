package deals_test

import (
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
