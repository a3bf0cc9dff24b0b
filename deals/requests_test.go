package deals_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/qlang"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/requests.golden")

// wire records every request a client sends and answers it from answer.
type wire struct {
	mu     sync.Mutex
	got    []string
	answer func(*http.Request) string
}

func (w *wire) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		body = b
	}
	w.mu.Lock()
	w.got = append(w.got, fmt.Sprintf("%s %s\nContent-Type: %s\n%s\n", req.Method, req.URL.RequestURI(), req.Header.Get("Content-Type"), body))
	w.mu.Unlock()
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(w.answer(req))), Request: req}, nil
}

// dealsAnswer answers every call of the group with a small record or page.
func dealsAnswer(req *http.Request) string {
	p := strings.TrimPrefix(req.URL.Path, "/deals/v1.0")
	one := func(data string) string { return `{"meta":{"status":"ok"},"data":` + data + `}` }
	page := func(items string) string {
		if off := req.URL.Query().Get("page_offset"); off != "" && off != "0" {
			items = ""
		}
		return `{"meta":{"status":"ok"},"data":[` + items + `]}`
	}
	switch {
	case strings.HasPrefix(p, "/bulk") && p != "/bulk_create/publishers":
		return one(`{"updated_deals":[{"id":5,"name":"a"}],"created_deals":[{"id":9,"deal_identifier":"x","name":"Deal x"}],"invalid_deals":[]}`)
	case p == "/deals" && req.Method == http.MethodGet:
		return page(`{"id":2,"name":"b","owner":{"type":"ORGANIZATION","id":7}}`)
	case p == "/deal_groups" && req.Method == http.MethodGet, p == "/publishers" && req.Method == http.MethodGet,
		strings.HasSuffix(p, "/strategy_deals"), strings.HasSuffix(p, "/strategy_deal_groups"), p == "/channels", p == "/deal_analytics",
		p == "/bulk_create/publishers":
		return page(`{"id":3,"name":"c"}`)
	case strings.HasPrefix(p, "/deal_groups"):
		return one(`{"id":4,"name":"g","owner":{"type":"ORGANIZATION","id":7},"deal_ids":[2],"status":true,"version":2,"x":1}`)
	case strings.HasPrefix(p, "/publishers"):
		return one(`{"id":5,"name":"p","organization_id":7,"note":"a"}`)
	default:
		return one(`{"id":6,"name":"d","version":3,"status":true,"owner":{"type":"ORGANIZATION","id":7},"price":{"value":"1.3000","currency_code":"EUR"},"channels":[{"id":1}],"custom":1}`)
	}
}

// TestRequestBytes pins the exact request of every method of the group
// (method, path and query, content type, body) against
// testdata/requests.golden, so that moving a method onto the generator
// cannot change what reaches the platform.
func TestRequestBytes(t *testing.T) {
	w := &wire{answer: dealsAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	dc := deals.New(c)
	ctx := context.Background()
	drain := func(seq func(func(*deals.Deal, error) bool)) {
		for _, err := range seq {
			require.NoError(t, err)
		}
	}
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	steps := []func() error{
		func() error {
			_, err := dc.Deals.List(ctx, &deals.ListOptions{IDs: []int64{1, 2}, DealType: deals.DealTypePG, Q: qlang.Where("name", qlang.Like, "a*"),
				SortBy: deals.DealSortName, SortDir: deals.SortDirDesc, PageLimit: 10, PageOffset: 20, CurrencyCode: "EUR", Status: adama.Ptr(false),
				OwnerType: deals.OwnerTypeOrganization, OwnerOrganizationID: 7, OwnerAgencyID: 8, OwnerAdvertiserID: 9, StrategyID: 10,
				PermissionOrganizationIDs: []int64{11}, PermissionAgencyIDs: []int64{12, 13}, PermissionAdvertiserIDs: []int64{14},
				TimeWindow: deals.TimeWindowLast7Days, Export: "csv"})
			return err
		},
		func() error { _, err := dc.Deals.List(ctx, &deals.ListOptions{OwnerOrganizationID: 7}); return err },
		func() error {
			drain(dc.Deals.All(ctx, &deals.ListOptions{OwnerOrganizationID: 7, PageLimit: 1, Status: adama.Ptr(true)}))
			return nil
		},
		func() error { drain(dc.Deals.All(ctx, &deals.ListOptions{IDs: []int64{2}, PageOffset: 3})); return nil },
		func() error { _, err := dc.Deals.Get(ctx, 6); return err },
		func() error { _, err := dc.Deals.Create(ctx, newDeal("x")); return err },
		func() error {
			d := newDeal("y")
			d.ID, d.Version = 6, 3
			_, err := dc.Deals.Update(ctx, d)
			return err
		},
		func() error {
			_, err := dc.Deals.Modify(ctx, 6, func(d *deals.Deal) error {
				d.Name = "e"
				d.Channels = append(d.Channels, deals.Channel{ID: 2})
				return nil
			})
			return err
		},
		func() error {
			_, err := dc.Deals.Strategies(ctx, 6, &deals.StrategyListOptions{With: []deals.Embed{deals.EmbedStrategy, deals.EmbedCampaign}, SortBy: "id", PageLimit: 5, PageOffset: 1})
			return err
		},
		func() error { _, err := dc.Deals.Strategies(ctx, 6, nil); return err },
		func() error { _, err := dc.Deals.Owners(ctx, []int64{2, 3}); return err },
		func() error { _, err := dc.Deals.BulkCreate(ctx, []*deals.Deal{newDeal("x")}); return err },
		func() error { _, err := dc.Deals.BulkUpdate(ctx, []*deals.Deal{{ID: 5, Name: "a"}}); return err },
		func() error {
			_, err := dc.Deals.BulkSave(ctx, []*deals.Deal{{ID: 5, Name: "a"}, newDeal("x")})
			return err
		},
		func() error {
			_, err := dc.DealGroups.List(ctx, &deals.GroupListOptions{IDs: []int64{4}, OwnerType: deals.OwnerTypeOrganization,
				StrategyID: 3, Status: adama.Ptr(true), All: true, Export: "csv", Q: qlang.Where("name", qlang.Eq, "g"),
				SortBy: deals.GroupSortUpdatedOn, SortDir: deals.SortDirAsc, PageLimit: 50, PageOffset: 5})
			return err
		},
		func() error {
			_, err := dc.DealGroups.List(ctx, &deals.GroupListOptions{OwnerOrganizationID: 7})
			return err
		},
		func() error {
			for _, err := range dc.DealGroups.All(ctx, &deals.GroupListOptions{OwnerOrganizationID: 7, PageLimit: 1}) {
				require.NoError(t, err)
			}
			return nil
		},
		func() error { _, err := dc.DealGroups.Get(ctx, 4); return err },
		func() error {
			_, err := dc.DealGroups.Create(ctx, &deals.DealGroup{Name: "g", Owner: deals.Owner{Type: deals.OwnerTypeOrganization, ID: 7}, DealIDs: []int64{2, 3}, Status: adama.Ptr(false)})
			return err
		},
		func() error {
			_, err := dc.DealGroups.Update(ctx, &deals.DealGroup{ID: 4, Name: "h", DealIDs: []int64{2}, Version: 2})
			return err
		},
		func() error {
			_, err := dc.DealGroups.Modify(ctx, 4, func(g *deals.DealGroup) error { g.DealIDs = append(g.DealIDs, 9); return nil })
			return err
		},
		func() error {
			return dc.DealGroups.CheckOwners(ctx, dc.Deals, &deals.DealGroup{Owner: deals.Owner{Type: deals.OwnerTypeOrganization, ID: 7}, DealIDs: []int64{2}})
		},
		func() error {
			_, err := dc.DealGroups.Strategies(ctx, 4, &deals.StrategyListOptions{With: []deals.Embed{deals.EmbedAdvertiser}, SortBy: "name"})
			return err
		},
		func() error {
			_, err := dc.Publishers.List(ctx, &deals.PublisherListOptions{OrganizationID: 7, SortBy: "name", SortDir: deals.SortDirAsc,
				Q: qlang.Where("name", qlang.Like, "p*"), PageLimit: 2, PageOffset: 4})
			return err
		},
		func() error {
			for _, err := range dc.Publishers.All(ctx, &deals.PublisherListOptions{OrganizationID: 7}) {
				require.NoError(t, err)
			}
			return nil
		},
		func() error { _, err := dc.Publishers.Get(ctx, 5); return err },
		func() error {
			_, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 7, Name: "p"})
			return err
		},
		func() error { _, err := dc.Publishers.Update(ctx, &deals.Publisher{ID: 5, Name: "q"}); return err },
		func() error {
			_, err := dc.Publishers.Modify(ctx, 5, func(p *deals.Publisher) error { p.Name = "r"; return nil })
			return err
		},
		func() error { return dc.Publishers.Delete(ctx, 5) },
		func() error { _, err := dc.Publishers.BulkCreate(ctx, 7, []string{"a", "b"}); return err },
		func() error { _, err := dc.Channels.List(ctx, nil); return err },
		func() error {
			_, err := dc.Analytics.List(ctx, &deals.AnalyticsQuery{OrganizationID: 7, StartDate: day, EndDate: day.AddDate(0, 0, 6),
				PermissionAgencyIDs: []int64{8}, Sorting: []deals.Sort{{Field: "id", Dir: deals.SortDirDesc}}, PageLimit: 3})
			return err
		},
		func() error {
			for _, err := range dc.Analytics.All(ctx, &deals.AnalyticsQuery{OrganizationID: 7, TimeWindow: deals.TimeWindowYesterday, PageLimit: 2}) {
				require.NoError(t, err)
			}
			return nil
		},
	}
	for i, step := range steps {
		require.NoError(t, step(), "step %d", i)
	}
	got := []byte(strings.Join(w.got, "\n"))
	const file = "testdata/requests.golden"
	if *updateGolden {
		require.NoError(t, os.WriteFile(file, got, 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	assert.False(t, bytes.Contains(got, []byte("tok")), "no credentials in the recorded lines")
}
