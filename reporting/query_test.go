package reporting_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/fake/reportfake"
	"github.com/adamasdk/adama-go/reporting"
)

func TestQuoteValue(t *testing.T) {
	for in, want := range map[string]string{
		"12345":                       "12345",
		"My Campaign":                 "My Campaign",
		`Jack & Jill "Of All Trades"`: `"Jack & Jill ""Of All Trades"""`,
		"a=b":                         `"a=b"`,
		"a,b":                         `"a,b"`,
		"x~y":                         `"x~y"`,
		"wow!":                        `"wow!"`,
		"k:v":                         `"k:v"`,
		"<>":                          `"<>"`,
		"":                            `""`,
		" padded ":                    `" padded "`,
		"Müller & Söhne":              `"Müller & Söhne"`,
		"日本語":                         "日本語",
	} {
		assert.Equal(t, want, reporting.QuoteValue(in), in)
	}
}

func TestPredicateEncoding(t *testing.T) {
	ps := []reporting.Predicate{
		reporting.Eq("campaign_id", 11111, 22222, 33333),
		reporting.Contains("campaign_name", "sell"),
	}
	assert.Equal(t, "campaign_id=11111,22222,33333&campaign_name~sell", reporting.EncodePredicates(ps))
	q := &reporting.Query{Having: []reporting.Predicate{reporting.Ge("impressions", 500), reporting.Lt("clicks", 100)}}
	assert.Equal(t, "having=impressions%3E%3D500%26clicks%3C100", q.Values().Encode())
	assert.Equal(t, `d="2026-01-02T03:04:05"`, reporting.Eq("d", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)).String())
	assert.Equal(t, "m=1.5", reporting.Eq("m", adama.MustDecimal("1.50")).String())
}

// TestOperatorsOverHTTP sends every operator with values that need the
// quoting rule and checks what the server parsed.
func TestOperatorsOverHTTP(t *testing.T) {
	svc, srv := newService(t)
	tricky := []string{"a=b", `say "hi"`, "x,y", "rock & roll", "with space", "Zürich 東京", "~!:<>", ""}
	for _, op := range reporting.Operator("").Values() {
		t.Run(string(op), func(t *testing.T) {
			q := baseQuery()
			field := "campaign_name"
			values := []any{}
			for _, v := range tricky {
				values = append(values, v)
			}
			if op.IsOrdered() {
				field, values = "impressions", []any{500}
			}
			p := reporting.P(field, op, values...)
			if field == "impressions" {
				q.Having = []reporting.Predicate{p}
			} else {
				q.Filter = append(q.Filter, p)
			}
			require.NoError(t, q.Validate())
			rows, err := svc.Stream(context.Background(), q)
			require.NoError(t, err)
			for rows.Next() {
				if op.IsOrdered() {
					n, err := rows.Row().Int("impressions")
					require.NoError(t, err)
					switch op {
					case reporting.OperatorGt:
						assert.Greater(t, n, int64(500))
					case reporting.OperatorGe:
						assert.GreaterOrEqual(t, n, int64(500))
					case reporting.OperatorLt:
						assert.Less(t, n, int64(500))
					case reporting.OperatorLe:
						assert.LessOrEqual(t, n, int64(500))
					}
				}
			}
			require.NoError(t, rows.Err())
			req := lastQuery(srv, "/performance")
			param := "filter"
			if field == "impressions" {
				param = "having"
			}
			raw := req.Query.Get(param)
			got, err := reportfake.ParsePredicates(raw)
			require.NoError(t, err, raw)
			last := got[len(got)-1]
			assert.Equal(t, field, last.Field)
			assert.Equal(t, string(op), last.Op)
			assert.Equal(t, p.Values, last.Values)
		})
	}
}

func TestEqualityFilterShapesRows(t *testing.T) {
	svc, _ := newService(t)
	q := baseQuery()
	q.Filter = []reporting.Predicate{reporting.Eq("advertiser_id", 42), reporting.Eq("campaign_name", `Jack & Jill "Of All Trades"`, "a,b")}
	q.Dimensions = []string{"advertiser_id", "campaign_name"}
	rows, err := svc.Stream(context.Background(), q)
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		r := rows.Row()
		assert.Equal(t, "42", r.String("advertiser_id"))
		assert.Contains(t, []string{`Jack & Jill "Of All Trades"`, "a,b"}, r.String("campaign_name"))
		n++
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, 21, n)
	// != excludes.
	q.Filter = []reporting.Predicate{reporting.Eq("advertiser_id", 42), reporting.Ne("strategy_goal_type", "cpa")}
	q.Dimensions = []string{"strategy_goal_type"}
	rows, err = svc.Stream(context.Background(), q)
	require.NoError(t, err)
	for rows.Next() {
		assert.NotEqual(t, "cpa", rows.Row().String("strategy_goal_type"))
	}
	require.NoError(t, rows.Err())
}

func TestHavingDimensionBecomesGroupingField(t *testing.T) {
	q := &reporting.Query{
		Dimensions: []string{"campaign_id"},
		Metrics:    []string{"clicks"},
		Having:     []reporting.Predicate{reporting.Eq("advertiser_id", 7), reporting.Gt("clicks", 10)},
	}
	assert.Equal(t, []string{"campaign_id", "advertiser_id"}, q.GroupingFields())

	svc, _ := newService(t)
	q.Report, q.TimeWindow, q.TimeRollup = reporting.ReportPerformance, reporting.TimeWindowYesterday, reporting.TimeRollupAll
	rows, err := svc.Stream(context.Background(), q)
	require.NoError(t, err)
	assert.Contains(t, rows.Header(), "advertiser_id")
	for rows.Next() {
		assert.Equal(t, "7", rows.Row().String("advertiser_id"))
	}
	require.NoError(t, rows.Err())
}

func TestValidationRules(t *testing.T) {
	type tc struct {
		name   string
		mut    func(q *reporting.Query)
		fields []string // expected violation fields; empty means valid
	}
	cases := []tc{
		{"valid", func(q *reporting.Query) {}, nil},
		{"valid having only", func(q *reporting.Query) {
			q.Filter = nil
			q.Having = []reporting.Predicate{reporting.Eq("campaign_id", 1)}
		}, nil},
		{"valid date pair", func(q *reporting.Query) {
			q.TimeWindow = ""
			q.Start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			q.End = time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
		}, nil},
		{"no filter nor having", func(q *reporting.Query) { q.Filter = nil }, []string{"filter"}},
		{"no access predicate", func(q *reporting.Query) {
			q.Filter = []reporting.Predicate{reporting.Eq("strategy_id", 1)}
		}, []string{"filter"}},
		{"access field with != only", func(q *reporting.Query) {
			q.Filter = []reporting.Predicate{reporting.Ne("campaign_id", 1)}
		}, []string{"filter"}},
		{"metric as dimension", func(q *reporting.Query) { q.Dimensions = append(q.Dimensions, "clicks") }, []string{"dimensions[2]"}},
		{"metric in filter", func(q *reporting.Query) {
			q.Filter = append(q.Filter, reporting.Gt("clicks", 1))
		}, []string{"filter[1].field"}},
		{"window and dates mixed", func(q *reporting.Query) { q.Start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }, []string{"time_window"}},
		{"no time", func(q *reporting.Query) { q.TimeWindow = "" }, []string{"time_window"}},
		{"end before start", func(q *reporting.Query) {
			q.TimeWindow = ""
			q.Start = time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
			q.End = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		}, []string{"end_date"}},
		{"special window rollup", func(q *reporting.Query) { q.TimeWindow = reporting.TimeWindowFlightToDate }, []string{"time_rollup"}},
		{"bad operator and no values", func(q *reporting.Query) {
			q.Filter = append(q.Filter, reporting.Predicate{Field: "campaign_name", Op: "=="})
		}, []string{"filter[1].op", "filter[1].values"}},
		{"bad names", func(q *reporting.Query) {
			q.Report = ""
			q.Dimensions = []string{"a b"}
			q.Order = []reporting.Order{reporting.Asc("x&y")}
		}, []string{"report", "dimensions[0]", "order[0]"}},
		{"paging", func(q *reporting.Query) { q.PageOffset = 2; q.Precision = adama.Ptr(9) }, []string{"page_offset", "precision"}},
		{"no rollup", func(q *reporting.Query) { q.TimeRollup = "" }, []string{"time_rollup"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := baseQuery()
			c.mut(q)
			err := q.Validate()
			if len(c.fields) == 0 {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			for _, f := range c.fields {
				assert.True(t, ve.Has(f, ""), "want %s in %v", f, err)
			}
		})
	}
	// Every problem in one error.
	q := &reporting.Query{}
	var ve *adama.ValidationError
	require.ErrorAs(t, q.Validate(), &ve)
	assert.GreaterOrEqual(t, len(ve.Violations), 5)
}

func TestValidationStopsBeforeSending(t *testing.T) {
	svc, srv := newService(t)
	q := baseQuery()
	q.Filter = nil
	_, err := svc.Stream(context.Background(), q)
	assert.ErrorIs(t, err, adama.ErrValidation)
	_, err = svc.Download(context.Background(), q, nil)
	assert.ErrorIs(t, err, adama.ErrValidation)
	assert.Zero(t, srv.Count("GET /reporting/v1/std/performance"))
}

func TestServerSideRulesMatch(t *testing.T) {
	// The fake enforces the same rules: sending the raw parameters by hand
	// gets XML errors with reasons.
	svc, srv := newService(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	_ = svc
	for _, tc := range []struct{ query, reason string }{
		{"dimensions=campaign_id&time_window=yesterday&time_rollup=all", "missing_filter"},
		{"dimensions=campaign_id&filter=strategy_goal_type%3Dcpc&time_window=yesterday&time_rollup=all", "incorrect_predicates"},
		{"dimensions=campaign_id&filter=campaign_id%3D1&time_rollup=all", "missing_time_window"},
		{"dimensions=campaign_id&filter=campaign_id%3D1&time_window=yesterday&start_date=2026-01-01&time_rollup=all", "conflicting_time_window"},
		{"dimensions=campaign_id&filter=campaign_id%3Da%3Db&time_window=yesterday&time_rollup=all", "incorrect_predicates"},
		{"dimensions=campaign_id&filter=campaign_id%3D1&time_window=yesterday&time_rollup=all&Filter=x", "unknown_parameter"},
	} {
		vals, err := url.ParseQuery(tc.query)
		require.NoError(t, err)
		_, err = c.Do(context.Background(), &adama.Request{Path: "/reporting/v1/std/performance", Query: vals, Accept: "text/csv", Auth: adama.AuthSession})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae, tc.query)
		assert.Equal(t, tc.reason, ae.Reason, tc.query)
		assert.Equal(t, 400, ae.StatusCode)
		assert.True(t, strings.HasPrefix(ae.Body, "<?xml"))
	}
}
