package reporting_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"

	"github.com/adamasdk/adama-go/internal/fake/reportfake"
	"github.com/adamasdk/adama-go/reporting"
)

// FuzzPredicateRoundTrip encodes predicates and parses them back with the
// fake server's parser: every value, whatever it holds, survives.
func FuzzPredicateRoundTrip(f *testing.F) {
	f.Add("campaign_name", uint8(0), `Jack & Jill "Of All Trades"`, "a,b")
	f.Add("campaign_id", uint8(1), "12345", "")
	f.Add("x", uint8(6), "=~!:<>", `""`)
	f.Add("name", uint8(8), " lead", "Zürich 東京")
	f.Fuzz(func(t *testing.T, field string, opIdx uint8, v1, v2 string) {
		ops := reporting.Operator("").Values()
		op := ops[int(opIdx)%len(ops)]
		field = strings.Map(func(r rune) rune {
			if r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, field)
		if field == "" {
			field = "f"
		}
		ps := []reporting.Predicate{
			{Field: "campaign_id", Op: reporting.OperatorEq, Values: []string{"1"}},
			{Field: field, Op: op, Values: []string{v1, v2}},
		}
		enc := reporting.EncodePredicates(ps)
		got, err := reportfake.ParsePredicates(enc)
		require.NoError(t, err, enc)
		require.Len(t, got, 2, enc)
		require.Equal(t, field, got[1].Field)
		require.Equal(t, string(op), got[1].Op)
		require.Equal(t, []string{v1, v2}, got[1].Values, enc)
	})
}

// FuzzRowDecoder feeds arbitrary bodies to the row iterator, the typed
// accessors and the struct decoder: they may fail, never panic, and never
// end cleanly on a body without its final newline.
func FuzzRowDecoder(f *testing.F) {
	f.Add([]byte("start_date,end_date,campaign_id,campaign_name,clicks,total_spend,ctr\n\"2013-05-01\",\"2013-05-22\",123456,\"My Campaign Nr 10\",17701,45266.65,1.5%\n"))
	f.Add([]byte("interval,campaign_id,impressions\n7,123456,171981779\nCTD,1,2\n"))
	f.Add([]byte("start_date,end_date,clicks\n2026-01-01,2026-01-01,5\n<?xml version='1.0' ?>\n<result><status code=\"bad_request\" reason=\"incorrect_predicates\">x</status></result>\n"))
	f.Add([]byte("a,b\n1,\"2\n"))
	f.Add([]byte("start_date,end_date,clicks\n2026-01-01 10:00:00,2026-01-01,-1e3\n"))
	// The reference's example bodies.
	for _, name := range []string{"data_dates.csv", "data_interval.csv", "paged_p0.csv", "paged_p1.csv", "paged_p2.csv", "paged_p1_other_header.csv", "precision_8.csv", "precision_0.csv"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(data)
	}
	// The reference's 401 body, alone and as a document after a header.
	unauth, err := os.ReadFile(filepath.Join("testdata", "error_401.xml"))
	require.NoError(f, err)
	f.Add(unauth)
	f.Add(append([]byte("start_date,end_date,clicks\n"), unauth...))
	f.Fuzz(func(t *testing.T, body []byte) {
		rows, err := reporting.NewRows(strings.NewReader(string(body)), reporting.WithMaxLineBytes(256))
		if err != nil {
			return
		}
		type rec struct {
			Start  time.Time     `csv:"start_date"`
			ID     *int64        `csv:"campaign_id"`
			Clicks int32         `csv:"clicks"`
			Spend  adama.Decimal `csv:"total_spend"`
			CTR    *float64      `csv:"ctr"`
			Name   string        `csv:"campaign_name"`
			Flag   bool          `csv:"flag"`
			U      uint8         `csv:"interval"`
		}
		for rows.Next() {
			r := rows.Row()
			for _, h := range rows.Header() {
				_, _ = r.Int(h)
				_, _ = r.Decimal(h)
				_, _ = r.Percent(h)
				_, _ = r.Time(h)
				_, _ = r.Float(h)
				_, _ = r.Bool(h)
			}
			_ = r.At(-1)
			_ = r.At(1 << 20)
			var v rec
			_ = rows.Decode(&v)
		}
		if rows.Err() == nil && len(body) > 0 && body[len(body)-1] != '\n' {
			t.Fatalf("clean end on a body without final newline: %q", body)
		}
	})
}

// FuzzMeta decodes report metadata and checks queries against it: the
// access fields, the field lookups and the offline validation may reject,
// never panic. Seeds are the reference's bodies and their shapes.
func FuzzMeta(f *testing.F) {
	for _, name := range []string{"performance_meta.json", "deals_meta.json", "reports_list.json", "odd_meta.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(data, "strategy_id")
	}
	f.Add([]byte(`{"Version":"2","structure":{"dimensions":{"x":{"access":true,"type":"id","values":["1"]}},"time_field":{"interval":{"type":"interval"}}}}`), "x")
	f.Add([]byte(`{"structure":{"dimensions":null,"metrics":{"strategy_id":{"access":true}}},"time_rollups":[""],"time_windows":["last_X_"]}`), "strategy_id")
	f.Add([]byte(`{"Transition":{"next_version":2},"Deprecation":{"deprecation_date":"2017-11-01T00:00:00"}}`), "organization_id")
	f.Fuzz(func(t *testing.T, body []byte, field string) {
		var m reporting.Meta
		if json.Unmarshal(body, &m) != nil {
			return
		}
		af := m.AccessFields()
		q := &reporting.Query{Report: reporting.ReportPerformance, Dimensions: []string{"campaign_id"},
			Filter: []reporting.Predicate{reporting.Eq(field, 1)}, TimeWindow: reporting.TimeWindowLast7Days, TimeRollup: reporting.TimeRollupByDay}
		err := q.ValidateWith(&m)
		_ = m.IsInterval()
		_, _, _ = m.Lookup(field)
		if err == nil && len(af) > 0 && !slices.Contains(af, field) {
			t.Fatalf("query on %q accepted, access fields %v", field, af)
		}
	})
}
