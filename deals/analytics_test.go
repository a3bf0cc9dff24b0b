package deals_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

func TestAnalytics(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	var ids []int64
	for _, id := range []string{"AN-1", "AN-2", "AN-3", "AN-4"} {
		d, err := dc.Deals.Create(ctx, newDeal(id))
		require.NoError(t, err)
		ids = append(ids, d.ID)
	}
	q := &deals.AnalyticsQuery{
		OrganizationID: 100315, TimeWindow: deals.TimeWindowLast7Days,
		Filters: []deals.Filter{{Field: "id", Op: deals.FilterOpIn, Value: []int64{ids[0], ids[1], ids[2]}}, {Field: "impressions", Op: deals.FilterOpGt, Value: 0}},
		Sorting: []deals.Sort{{Field: "impressions", Dir: deals.SortDirDesc}},
	}
	p, err := dc.Analytics.List(ctx, q)
	require.NoError(t, err)
	require.Len(t, p.Items, 3)
	for i := 1; i < len(p.Items); i++ {
		assert.GreaterOrEqual(t, p.Items[i-1].Performance.Impressions, p.Items[i].Performance.Impressions)
	}
	row := p.Items[0]
	require.NotNil(t, row.Performance.TotalSpend)
	assert.Equal(t, "USD", row.Performance.TotalSpend.CurrencyCode)
	require.NotEmpty(t, row.Deal.Channels)
	assert.Equal(t, int64(1), row.Deal.Channels[0].ID, "channel ids sent as strings are read")
	assert.NotContains(t, row.Deal.Extra, "performance_data")

	body := lastBody(t, srv, http.MethodPost, "/deals/v1.0/deal_analytics")
	assert.Equal(t, map[string]any{"organization_id": float64(100315), "time_window": "last_7_days"}, body["reporting"])
	reqs := srv.Requests()
	assert.Equal(t, "100315", reqs[len(reqs)-1].Query.Get("owner.organization_id"))

	t.Run("custom range", func(t *testing.T) {
		p, err := dc.Analytics.List(ctx, &deals.AnalyticsQuery{OrganizationID: 100315,
			StartDate: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), EndDate: time.Date(2026, 1, 7, 0, 0, 0, 0, time.UTC)})
		require.NoError(t, err)
		assert.Len(t, p.Items, 4)
		body := lastBody(t, srv, http.MethodPost, "/deals/v1.0/deal_analytics")
		assert.Equal(t, map[string]any{"organization_id": float64(100315), "start_date": "2026-01-01", "end_date": "2026-01-07"}, body["reporting"])
	})
	t.Run("all pages", func(t *testing.T) {
		var n int
		for _, err := range dc.Analytics.All(ctx, &deals.AnalyticsQuery{OrganizationID: 100315, TimeWindow: deals.TimeWindowYesterday, PageLimit: 3}) {
			require.NoError(t, err)
			n++
		}
		assert.Equal(t, 4, n)
	})
	t.Run("a read is retried", func(t *testing.T) {
		srv.FailNext("/deals/v1.0/deal_analytics", 1, http.StatusServiceUnavailable, "")
		_, err := dc.Analytics.List(ctx, q)
		require.NoError(t, err)
	})
}

func TestAnalyticsRules(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		name  string
		q     deals.AnalyticsQuery
		field string
		rule  string
	}{
		{"window ok", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowMonthToDate}, "", ""},
		{"range ok", deals.AnalyticsQuery{OrganizationID: 1, StartDate: day(1), EndDate: day(2)}, "", ""},
		{"organization", deals.AnalyticsQuery{TimeWindow: deals.TimeWindowYesterday}, "reporting.organization_id", "required"},
		{"never both", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowYesterday, StartDate: day(1), EndDate: day(2)}, "reporting.time_window", "never both"},
		{"one is required", deals.AnalyticsQuery{OrganizationID: 1}, "reporting.time_window", "required"},
		{"unknown window", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: "last_year"}, "reporting.time_window", "one of"},
		{"end without start", deals.AnalyticsQuery{OrganizationID: 1, EndDate: day(2)}, "reporting.start_date", "required"},
		{"end before start", deals.AnalyticsQuery{OrganizationID: 1, StartDate: day(3), EndDate: day(2)}, "reporting.end_date", "before"},
		{"filter op", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowYesterday, Filters: []deals.Filter{{Field: "id", Op: "~", Value: 1}}}, "filters[0].op", "one of"},
		{"in needs a list", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowYesterday, Filters: []deals.Filter{{Field: "id", Op: deals.FilterOpIn, Value: 1}}}, "filters[0].value", "list"},
		{"filter field", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowYesterday, Filters: []deals.Filter{{Op: deals.FilterOpGt, Value: 1}}}, "filters[0].field", "required"},
		{"sort dir", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowYesterday, Sorting: []deals.Sort{{Field: "id", Dir: "up"}}}, "sorting[0].dir", "one of"},
		{"sort ok", deals.AnalyticsQuery{OrganizationID: 1, TimeWindow: deals.TimeWindowYesterday, Sorting: []deals.Sort{{Field: "id", Dir: deals.SortDirAsc}}}, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.q.Validate()
			if tc.field == "" {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, tc.rule), "%v", ve)
		})
	}
}
