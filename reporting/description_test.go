package reporting_test

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/reporting"
)

// TestDescriptionCoversTheGroup checks that the group's OpenAPI document
// describes every call the client makes and every query parameter it
// sends, every property the records model (Meta's own too), the enums'
// values and the limits the package checks.
func TestDescriptionCoversTheGroup(t *testing.T) {
	doc, err := apispec.Load("reporting")
	require.NoError(t, err)
	assert.Equal(t, "{base_url}/reporting/v1/std", doc.Servers[0].URL)
	for path, methods := range map[string][]string{
		"/meta":              {"GET"},
		"/{report}/meta":     {"GET"},
		"/{report}":          {"GET"},
		"/{report}/validate": {"GET"},
	} {
		item := doc.Paths.Find(path)
		require.NotNil(t, item, path)
		for _, m := range methods {
			assert.NotNil(t, item.GetOperation(m), "%s %s", m, path)
		}
		assert.Len(t, item.Operations(), len(methods), path)
	}
	// Every parameter a full query sends is described on the report call.
	prec := 3
	q := reporting.Query{Report: reporting.ReportPerformance, Dimensions: []string{"campaign_id"}, Metrics: []string{"impressions"},
		Filter: []reporting.Predicate{reporting.Eq("organization_id", 1)}, Having: []reporting.Predicate{reporting.Eq("campaign_id", 2)},
		TimeWindow: reporting.TimeWindowLast7Days, TimeRollup: reporting.TimeRollupByDay, Order: []reporting.Order{reporting.Desc("impressions")},
		PageLimit: 10, PageOffset: 20, Precision: &prec}
	described := map[string]bool{}
	for _, p := range doc.Paths.Find("/{report}").Get.Parameters {
		described[p.Value.Name] = true
	}
	sent := q.Values()
	q.TimeWindow = ""
	q.Start, q.End = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 7, 0, 0, 0, 0, time.UTC)
	for k := range q.Values() {
		sent[k] = nil
	}
	require.NotEmpty(t, sent)
	for name := range sent {
		assert.True(t, described[name], "query parameter %s is not described", name)
	}
	records := map[string]any{
		"Field": reporting.Field{}, "Transition": reporting.Transition{}, "Deprecation": reporting.Deprecation{},
		"ReportInfo": reporting.ReportInfo{}, "Structure": reporting.Structure{},
	}
	for name, rec := range records {
		t.Run(name, func(t *testing.T) {
			s := doc.Components.Schemas[name]
			require.NotNil(t, s, name)
			assert.Equal(t, propNames(s.Value.Properties), jsonNames(reflect.TypeOf(rec)), "the record models exactly the described properties")
		})
	}
	// Meta, written by hand, models the entry's properties and its own.
	meta := doc.Components.Schemas["Meta"].Value
	want := append(propNames(meta.Properties), propNames(doc.Components.Schemas["ReportInfo"].Value.Properties)...)
	slices.Sort(want)
	assert.Equal(t, want, jsonNames(reflect.TypeFor[reporting.Meta]()))
	enums := map[string][]string{
		"FieldType": strs(reporting.FieldType("").Values()), "Report": strs(reporting.Report("").Values()),
		"TimeRollup": strs(reporting.TimeRollup("").Values()), "Operator": strs(reporting.Operator("").Values()),
	}
	for name, values := range enums {
		var d []string
		for _, v := range doc.Components.Schemas[name].Value.Enum {
			d = append(d, v.(string))
		}
		assert.Equal(t, d, values, name)
	}
	windows := doc.Components.Parameters["TimeWindow"].Value.Extensions["x-adama-named-values"].([]any)
	for _, w := range []reporting.TimeWindow{reporting.TimeWindowYesterday, reporting.TimeWindowLast7Days, reporting.TimeWindowLast14Days,
		reporting.TimeWindowLast30Days, reporting.TimeWindowMonthToDate, reporting.TimeWindowCampaignToDate, reporting.TimeWindowFlightToDate} {
		assert.Contains(t, windows, string(w))
	}
	p := doc.Components.Parameters["Precision"].Value.Schema.Value
	require.NotNil(t, p.Max)
	assert.Equal(t, 8.0, *p.Max)
	assert.Equal(t, "reporting v1 is removed in July 2026.", doc.Info.Extensions["x-adama-deprecated"])
}

// TestWireFitsDescription reads the recorded metadata answers into their
// records: every property is a described one (nothing left in Extra) and
// every value fits its form (no misfit). A description read and written
// back reads the same.
func TestWireFitsDescription(t *testing.T) {
	for _, file := range []string{"performance_meta.json", "deals_meta.json"} {
		t.Run(file, func(t *testing.T) {
			b, err := os.ReadFile("testdata/" + file)
			require.NoError(t, err)
			var m reporting.Meta
			require.NoError(t, json.Unmarshal(b, &m))
			assert.Empty(t, m.Extra)
			assert.Empty(t, m.Misfits())
			for _, fs := range []map[string]reporting.Field{m.Structure.TimeField, m.Structure.Dimensions, m.Structure.Metrics} {
				for name, f := range fs {
					assert.Empty(t, f.Extra, name)
					assert.True(t, f.Type.Valid(), "%s: type %q", name, f.Type)
				}
			}
			out, err := json.Marshal(m)
			require.NoError(t, err)
			var again reporting.Meta
			require.NoError(t, json.Unmarshal(out, &again))
			assert.Equal(t, m, again)
			assert.Contains(t, string(out), `"structure"`, "the description's own properties are written, not the entry's alone")
		})
	}
	b, err := os.ReadFile("testdata/reports_list.json")
	require.NoError(t, err)
	var list struct {
		Reports map[string]reporting.ReportInfo
	}
	require.NoError(t, json.Unmarshal(b, &list))
	require.NotEmpty(t, list.Reports)
	for name, r := range list.Reports {
		assert.Empty(t, r.Extra, name)
		assert.Empty(t, r.Misfits(), name)
		assert.True(t, reporting.Report(name).Valid(), "report %q is described", name)
	}
	// The odd description's misfits go back as they came.
	b, err = os.ReadFile("testdata/odd_meta.json")
	require.NoError(t, err)
	var odd reporting.Meta
	require.NoError(t, json.Unmarshal(b, &odd))
	out, err := json.Marshal(odd)
	require.NoError(t, err)
	var back map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(out, &back))
	assert.JSONEq(t, `"two"`, string(back["Version"]))
	assert.JSONEq(t, `"by_day"`, string(back["time_rollups"]))
}

func propNames[V any](m map[string]V) []string {
	var out []string
	for p := range m {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// jsonNames lists the JSON property names of a struct's fields (those of
// an embedded struct too), sorted.
func jsonNames(t reflect.Type) []string {
	var out []string
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous {
			continue
		}
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
