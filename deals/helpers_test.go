package deals_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// newClient starts a fake platform tied to t and returns the group's
// client on it.
func newClient(t *testing.T, opts ...adamatest.Option) (*deals.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t)}, opts...)...)
	c, err := srv.NewClient(adama.WithRetry(adama.RetryPolicy{MaxRetries: 3, MinWait: time.Millisecond, MaxWait: 5 * time.Millisecond}))
	require.NoError(t, err)
	return deals.New(c), srv
}

func ts(s string) *adama.Time {
	t, err := wirefmt.ParseTime(s)
	if err != nil {
		panic(err)
	}
	return adama.TimePtr(t)
}

// newDeal returns a deal that passes every create rule.
func newDeal(ident string) *deals.Deal {
	return &deals.Deal{
		Name:           "Deal " + ident,
		Owner:          deals.Owner{Type: deals.OwnerTypeOrganization, ID: 100315},
		Permissions:    &deals.Permissions{OrganizationIDs: []int64{100315}},
		Price:          deals.MustPrice("EUR", "1.3"),
		SupplySourceID: 246,
		DealIdentifier: ident,
		StartDatetime:  ts("2026-06-01T05:00:00+00:00"),
		EndDatetime:    ts("2026-06-17T05:00:00+00:00"),
		PriceType:      deals.PriceTypeFloor,
		Channels:       []deals.Channel{{ID: 1}},
	}
}

// lastBody returns the JSON body of the last request to path.
func lastBody(t *testing.T, srv *adamatest.Server, method, path string) map[string]any {
	t.Helper()
	reqs := srv.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method == method && reqs[i].Path == path {
			var m map[string]any
			require.NoError(t, json.Unmarshal(reqs[i].Body, &m))
			return m
		}
	}
	t.Fatalf("no %s %s request", method, path)
	return nil
}
