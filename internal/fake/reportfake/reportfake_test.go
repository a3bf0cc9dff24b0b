package reportfake

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake/fakespec"
)

func TestParsePredicates(t *testing.T) {
	got, err := ParsePredicates(`campaign_id=11111,22222&campaign_name~sell&name="Jack & Jill ""Of All Trades"""&x!:"a,b"&impressions>=500`)
	require.NoError(t, err)
	assert.Equal(t, []Predicate{
		{Field: "campaign_id", Op: "=", Values: []string{"11111", "22222"}},
		{Field: "campaign_name", Op: "~", Values: []string{"sell"}},
		{Field: "name", Op: "=", Values: []string{`Jack & Jill "Of All Trades"`}},
		{Field: "x", Op: "!:", Values: []string{"a,b"}},
		{Field: "impressions", Op: ">=", Values: []string{"500"}},
	}, got)
	for _, bad := range []string{"", "=1", "a", "a=", `a="x`, "a=b=c", "a=1&", `a="x"y`} {
		_, err := ParsePredicates(bad)
		assert.Error(t, err, bad)
	}
}

func TestEval(t *testing.T) {
	assert.True(t, Predicate{Op: "=", Values: []string{"1", "2"}}.Eval("2", false))
	assert.True(t, Predicate{Op: ">", Values: []string{"9"}}.Eval("10", true))
	assert.False(t, Predicate{Op: ">", Values: []string{"9"}}.Eval("10", false))
	assert.True(t, Predicate{Op: "=:", Values: []string{"SELL"}}.Eval("best seller", false))
	assert.True(t, Predicate{Op: "!~", Values: []string{"SELL"}}.Eval("best seller", false))
	assert.False(t, Predicate{Op: "!:", Values: []string{"SELL"}}.Eval("best seller", false))
	assert.Equal(t, "1.23", fixed(1234567, 6, 2))
	assert.Equal(t, "0", fixed(12, 6, 0))
}

// FuzzRequestParse feeds raw query strings (version flags, dates with a
// time of day) to the fake's request parser: it may refuse, never panic,
// and a version it accepts is one the report has.
func FuzzRequestParse(f *testing.F) {
	f.Add("device_technology", "v1&dimensions=campaign_id&filter=organization_id%3D1&time_window=yesterday&time_rollup=all")
	f.Add("device_technology", "v2=&v1=&dimensions=browser")
	f.Add("by_hour", "dimensions=campaign_id&filter=campaign_id%3D1&start_date=2016-04-12T01%3A30%3A00&end_date=2016-04-12T02%3A30%3A00&time_rollup=by_hour")
	f.Add("performance", "dimensions=campaign_id&filter=strategy_id%3D1&start_date=2026-01-12&end_date=2026-01-12T00%3A00%3A00&time_rollup=by_day")
	f.Add("geo", "v&v0&v-1&v99999999999999999999")
	f.Add("deals", "dimensions=deal_id&filter=organization_id%3D1&start_date=2026-01&time_rollup=by_month")
	f.Fuzz(func(t *testing.T, report, rawQuery string) {
		req := httptest.NewRequest(http.MethodGet, "/x", nil)
		req.URL.RawQuery = rawQuery
		req.SetPathValue("report", report)
		h := &handler{}
		if v, ok := version(req, report); ok {
			require.Contains(t, versionsOf(report), v)
		}
		p, br := h.parse(req)
		if br == nil {
			require.NotEmpty(t, p.buckets)
			require.LessOrEqual(t, len(p.buckets), 10000)
		}
	})
}

func TestTimeOfDayWidening(t *testing.T) {
	tests := []struct {
		report, start, end string
		first, last        bucket
	}{
		{"by_hour", "2016-04-12T01:30:00", "2016-04-12T02:30:00", bucket{"2016-04-12 01:00:00", "2016-04-12 01:59:59"}, bucket{"2016-04-12 02:00:00", "2016-04-12 02:59:59"}},
		{"by_hour", "2016-04-12T23:00:00", "2016-04-12", bucket{"2016-04-12 23:00:00", "2016-04-12 23:59:59"}, bucket{"2016-04-12 23:00:00", "2016-04-12 23:59:59"}},
		{"performance", "2016-04-12T01:30:00", "2016-04-13T02:30:00", bucket{"2016-04-12", "2016-04-12"}, bucket{"2016-04-13", "2016-04-13"}},
	}
	for _, tt := range tests {
		t.Run(tt.report+" "+tt.start, func(t *testing.T) {
			rollup := "by_day"
			if tt.report == "by_hour" {
				rollup = "by_hour"
			}
			p := &plan{report: tt.report}
			require.Nil(t, (&handler{}).parseTime(p, "", tt.start, tt.end, rollup))
			assert.Equal(t, tt.first, p.buckets[0])
			assert.Equal(t, tt.last, p.buckets[len(p.buckets)-1])
		})
	}
}

// get runs the data handler on report?rawQuery and returns its body.
func get(t *testing.T, h *handler, rawQuery string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, Prefix+"/performance?"+rawQuery, nil)
	req.SetPathValue("report", "performance")
	w := httptest.NewRecorder()
	h.getReport(w, req)
	return w.Code, w.Body.String()
}

// TestPaging: page_limit is 100 rows when absent, page_offset counts
// pages of page_limit rows, and the pages joined are the whole report,
// on the quick path (every row passes) and the row-by-row one (having).
func TestPaging(t *testing.T) {
	h := &handler{cfg: Config{Rows: 250}}
	for _, filter := range []string{
		"filter=organization_id%3D1",
		"filter=organization_id%3D1&having=impressions%3E50000",
		"filter=organization_id%3D1%26campaign_name%3D%22Campaign%20Name%201%22",
	} {
		base := "dimensions=campaign_id,campaign_name&time_window=last_7_days&time_rollup=by_day&" + filter
		code, whole := get(t, h, base+"&page_limit=1000")
		require.Equal(t, http.StatusOK, code, whole)
		header, rest, _ := strings.Cut(whole, "\n")
		all := strings.SplitAfter(rest, "\n")
		all = all[:len(all)-1]
		code, def := get(t, h, base)
		require.Equal(t, http.StatusOK, code)
		assert.Equal(t, min(len(all), DefaultPageLimit)+1, strings.Count(def, "\n"), filter)
		var joined []string
		for off := 0; ; off++ {
			code, page := get(t, h, base+"&page_limit=70&page_offset="+strconv.Itoa(off))
			require.Equal(t, http.StatusOK, code)
			ph, pr, _ := strings.Cut(page, "\n")
			assert.Equal(t, header, ph)
			lines := strings.SplitAfter(pr, "\n")
			lines = lines[:len(lines)-1]
			joined = append(joined, lines...)
			if len(lines) < 70 {
				break
			}
		}
		assert.Equal(t, all, joined, filter)
	}
	code, _ := get(t, h, "dimensions=campaign_id&filter=organization_id%3D1&time_window=yesterday&time_rollup=all&page_offset=1")
	assert.Equal(t, http.StatusBadRequest, code, "page_offset needs page_limit")
}

// TestServesItsDescription fails when an operation of the group's
// description has no route, or a route no operation.
func TestServesItsDescription(t *testing.T) {
	h := &handler{}
	require.NoError(t, fakespec.Check("reporting", Prefix, routes(h)))
}
