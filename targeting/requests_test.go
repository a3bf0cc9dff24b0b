package targeting_test

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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
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

// targetingAnswer answers every call of group B with a small record, page
// or deletion.
func targetingAnswer(req *http.Request) string {
	p := strings.TrimPrefix(req.URL.Path, "/api/v3.0")
	one := func(data string) string { return `{"meta":{"status":"success"},"data":` + data + `}` }
	page := func(items string) string {
		if off := req.URL.Query().Get("page_offset"); off != "" && off != "0" && off != "4" {
			items = ""
		}
		return `{"meta":{"status":"success"},"data":[` + items + `]}`
	}
	switch {
	case req.Method == http.MethodDelete:
		return `{"meta":{"status":"success"}}`
	case p == "/attachments" && req.Method == http.MethodGet, p == "/attachment" && req.Method == http.MethodGet:
		return page(`{"id":9,"target_id":8,"strategy_id":332,"version":1}`)
	case p == "/targets" && req.Method == http.MethodGet, p == "/target" && req.Method == http.MethodGet, p == "/target-path":
		return page(`{"id":3,"name":"Bavaria"}`)
	case p == "/advertisers" && req.Method == http.MethodGet:
		return page(`{"id":5,"name":"Brand"}`)
	case strings.HasSuffix(p, "/history"):
		return page(`{"id":1}`)
	case strings.HasPrefix(p, "/attachment"):
		return one(`{"id":9,"entity_type":"attachment","target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR","or_better":true,"version":1,"labels":["a"]}`)
	case strings.HasPrefix(p, "/target"):
		return one(`{"id":3,"name":"Bavaria","parent_id":10,"visible":true,"bidder_frequency":5,"dimension_code":"REGN","version":4}`)
	case strings.HasPrefix(p, "/advertisers/") && !strings.HasSuffix(p, "/permissions"):
		return one(`{"id":5,"name":"Brand","agency_id":125,"external_id":"e-1","frequency_amount":4,"vendor_attributions":[{"vendor_id":18}],"version":2}`)
	case p == "/advertisers":
		return one(`{"id":5,"name":"Brand"}`)
	case strings.HasPrefix(p, "/users/"):
		return one(`{"id":7}`)
	case strings.HasSuffix(p, "/v2format"), strings.HasPrefix(p, "/permissions/") && strings.Count(p, "/") == 2:
		return one(`{}`)
	default:
		return page(`{"id":1}`)
	}
}

// TestRequestBytes pins the exact request of every method of group B's
// services (method, path and query, content type, body) against
// testdata/requests.golden, so that moving a method onto the generator
// cannot change what reaches the platform.
func TestRequestBytes(t *testing.T) {
	w := &wire{answer: targetingAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	tc := targeting.New(c)
	ctx := context.Background()
	each := func(err error) { require.NoError(t, err) }
	full := targeting.ListOptions{PageLimit: 10, PageOffset: 20, SortBy: []string{"-id", "name"},
		Q: qlang.Where("name", qlang.Eq, "a").Ge("version", 2)}
	levels := []targeting.PermissionLevel{targeting.PermissionLevelOrganizations, targeting.PermissionLevelAgencies,
		targeting.PermissionLevelAdvertisers, targeting.PermissionLevelCampaigns, targeting.PermissionLevelStrategies}
	steps := []func() error{
		// Attachments.
		func() error {
			_, err := tc.Attachments.List(ctx, &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{PageLimit: 50, PageOffset: 100,
				SortBy: []string{"-id", "target_id"}, Q: qlang.Where("restriction", qlang.Eq, "INCLUDE").Ge("version", 2)},
				StrategyID: 332, Dimensions: []targeting.Dimension{targeting.DimensionDeviceWURF, targeting.DimensionBrowserLanguage}})
			return err
		},
		func() error { _, err := tc.Attachments.List(ctx, nil); return err },
		func() error {
			for _, err := range tc.Attachments.All(ctx, &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{PageLimit: 1}, StrategyID: 3}) {
				each(err)
			}
			return nil
		},
		func() error {
			for _, err := range tc.Attachments.All(ctx, nil) {
				each(err)
			}
			return nil
		},
		func() error { _, err := tc.Attachments.Get(ctx, 9); return err },
		func() error {
			_, err := tc.Attachments.Create(ctx, &targeting.Attachment{TargetID: 8, StrategyID: 332,
				Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr, OrBetter: adama.Ptr(true)})
			return err
		},
		func() error {
			_, err := tc.Attachments.Update(ctx, &targeting.Attachment{ID: 9, Version: 1, StrategyID: 5, OrBetter: adama.Ptr(false)})
			return err
		},
		func() error {
			_, err := tc.Attachments.Modify(ctx, 9, func(a *targeting.Attachment) error {
				a.Operator = targeting.OperatorAnd
				a.Extra["labels"] = []byte(`["b"]`)
				return nil
			})
			return err
		},
		func() error { return tc.Attachments.Delete(ctx, 9) },
		func() error {
			_, err := tc.Attachments.ListV3(ctx, &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{
				SortBy: []string{"version"}, Q: qlang.Where("target_id", qlang.Eq, 8)}, StrategyID: 4})
			return err
		},
		func() error {
			_, err := tc.Attachments.CreateV3(ctx, &targeting.Attachment{TargetID: 8, StrategyID: 332,
				Restriction: targeting.RestrictionExclude, Operator: targeting.OperatorAnd})
			return err
		},
		func() error { _, err := tc.Attachments.GetV3(ctx, 9); return err },
		func() error {
			a, err := tc.Attachments.GetV3(ctx, 9)
			if err != nil {
				return err
			}
			a.Restriction = targeting.RestrictionExclude
			_, err = tc.Attachments.UpdateV3(ctx, a)
			return err
		},
		func() error { return tc.Attachments.DeleteV3(ctx, 9) },
		// Targets.
		func() error { _, err := tc.Targets.List(ctx, &full); return err },
		func() error { _, err := tc.Targets.List(ctx, nil); return err },
		func() error {
			for _, err := range tc.Targets.All(ctx, &targeting.ListOptions{PageLimit: 1, SortBy: []string{"name"}}) {
				each(err)
			}
			return nil
		},
		func() error {
			for _, err := range tc.Targets.All(ctx, &targeting.ListOptions{PageOffset: 4}) {
				each(err)
			}
			return nil
		},
		func() error { _, err := tc.Targets.Get(ctx, 3); return err },
		func() error {
			_, err := tc.Targets.Create(ctx, &targeting.Target{ParentID: adama.Ptr[int64](10), Name: "Bavaria",
				Visible: adama.Ptr(false), DimensionCode: targeting.DimensionRegion})
			return err
		},
		func() error {
			_, err := tc.Targets.Update(ctx, &targeting.Target{ID: 3, Version: 4, Name: "Bayern", BidderFrequency: adama.Ptr[int64](0)})
			return err
		},
		func() error {
			_, err := tc.Targets.Modify(ctx, 3, func(tg *targeting.Target) error {
				tg.Visible, tg.BidderFrequency = adama.Ptr(false), adama.Ptr[int64](0)
				return nil
			})
			return err
		},
		func() error { return tc.Targets.Delete(ctx, 3) },
		func() error { _, err := tc.Targets.ListV3(ctx, &full); return err },
		func() error {
			_, err := tc.Targets.CreateV3(ctx, &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
			return err
		},
		func() error { _, err := tc.Targets.GetV3(ctx, 3); return err },
		func() error {
			tg, err := tc.Targets.GetV3(ctx, 3)
			if err != nil {
				return err
			}
			tg.Name = "Bayern"
			_, err = tc.Targets.UpdateV3(ctx, tg)
			return err
		},
		func() error {
			tg, err := tc.Targets.GetV3(ctx, 3)
			if err != nil {
				return err
			}
			tg.FactualID = adama.Ptr("f-1")
			_, err = tc.Targets.UpdateV3Post(ctx, tg)
			return err
		},
		func() error { return tc.Targets.DeleteV3(ctx, 3) },
		// Target paths.
		func() error {
			_, err := tc.TargetPaths.List(ctx, &targeting.ListOptions{Q: qlang.Search("region"), PageLimit: 5})
			return err
		},
		func() error { _, err := tc.TargetPaths.List(ctx, nil); return err },
		func() error {
			for _, err := range tc.TargetPaths.All(ctx, &targeting.ListOptions{PageLimit: 1, Prefetch: 1}) {
				each(err)
			}
			return nil
		},
		// Advertisers.
		func() error {
			_, err := tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{ListOptions: full,
				With: []targeting.AdvertiserWith{targeting.AdvertiserWithAgency}, Full: true})
			return err
		},
		func() error { _, err := tc.Advertisers.List(ctx, nil); return err },
		func() error {
			for _, err := range tc.Advertisers.All(ctx, &targeting.AdvertiserListOptions{ListOptions: targeting.ListOptions{PageLimit: 1}, Full: true}) {
				each(err)
			}
			return nil
		},
		func() error { _, err := tc.Advertisers.Get(ctx, 5); return err },
		func() error { _, err := tc.Advertisers.GetExtended(ctx, 5); return err },
		func() error {
			_, err := tc.Advertisers.Create(ctx, &targeting.Advertiser{Name: "Brand", AgencyID: 125, VerticalID: 433, AdServerID: 126,
				Domain: "https://brand.example", Status: adama.Ptr(false), VendorAttributions: []targeting.VendorAttribution{{VendorID: 18}}})
			return err
		},
		func() error {
			_, err := tc.Advertisers.Update(ctx, &targeting.Advertiser{ID: 5, Version: 2, Name: "Brand 2", AgencyID: 125, FrequencyAmount: adama.Ptr[int64](3)})
			return err
		},
		func() error {
			_, err := tc.Advertisers.Modify(ctx, 5, func(a *targeting.Advertiser) error {
				a.ExternalID, a.FrequencyAmount, a.VendorAttributions = nil, adama.Ptr[int64](0), nil
				return nil
			})
			return err
		},
		func() error {
			_, err := tc.Advertisers.History(ctx, 5, &targeting.HistoryOptions{PageLimit: 3, PageOffset: 6})
			return err
		},
		func() error { _, err := tc.Advertisers.History(ctx, 5, nil); return err },
		// Permissions.
		func() error {
			_, err := tc.Permissions.Update(ctx, &targeting.UserPermissions{ID: 7, Permissions: &targeting.Grants{
				Organizations: []targeting.Grant{{ID: 1}}, Agencies: []targeting.Grant{}}})
			return err
		},
		func() error {
			_, err := tc.Permissions.Get(ctx, 7, &targeting.PermissionGetOptions{PageLimit: 2, PageOffset: 4,
				OrganizationIDs: []int64{1, 2}, CampaignIDs: []int64{3}})
			return err
		},
		func() error { _, err := tc.Permissions.Get(ctx, 7, nil); return err },
		func() error {
			_, err := tc.Permissions.Check(ctx, 7, &targeting.PermissionCheck{Advertisers: []int64{5}, Strategies: []int64{6, 7}, PageLimit: 3})
			return err
		},
		func() error { _, err := tc.Permissions.Check(ctx, 7, nil); return err },
		func() error { _, err := tc.Permissions.GetV2(ctx, 7); return err },
		func() error {
			_, err := tc.Permissions.CheckV2(ctx, 7, &targeting.PermissionV2Check{Agencies: []int64{2}})
			return err
		},
		func() error { _, err := tc.Permissions.CheckV2(ctx, 7, nil); return err },
		func() error {
			for _, l := range levels {
				if _, err := tc.Permissions.ForUser(ctx, 7, l, &targeting.ListOptions{PageLimit: 2}); err != nil {
					return err
				}
			}
			return nil
		},
		func() error {
			for _, err := range tc.Permissions.AllForUser(ctx, 7, targeting.PermissionLevelAgencies, &targeting.ListOptions{PageLimit: 1}) {
				each(err)
			}
			return nil
		},
		func() error {
			for _, l := range levels[:3] {
				if _, err := tc.Permissions.ForEntity(ctx, l, 8, &targeting.ListOptions{PageOffset: 1}); err != nil {
					return err
				}
			}
			return nil
		},
		func() error {
			for _, err := range tc.Permissions.AllForEntity(ctx, targeting.PermissionLevelAdvertisers, 8, nil) {
				each(err)
			}
			return nil
		},
		func() error { _, err := tc.Permissions.CampaignUsers(ctx, 9, &full); return err },
		func() error {
			for _, err := range tc.Permissions.AllCampaignUsers(ctx, 9, &targeting.ListOptions{PageLimit: 1}) {
				each(err)
			}
			return nil
		},
		func() error { _, err := tc.Permissions.StrategyUsers(ctx, 10, nil); return err },
		func() error {
			for _, err := range tc.Permissions.AllStrategyUsers(ctx, 10, &targeting.ListOptions{Q: qlang.Where("name", qlang.Eq, "u")}) {
				each(err)
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
	assert.False(t, bytes.Contains(got, []byte("sess")), "no session cookie in the recorded lines")
}

// TestAllCopiesOptions checks that All copies its options when called: a
// change the caller makes before ranging does not reach the requests.
func TestAllCopiesOptions(t *testing.T) {
	w := &wire{answer: targetingAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	tc := targeting.New(c)
	ctx := context.Background()
	tests := []struct {
		name string
		run  func() int
		want string
	}{
		{"targets", func() int {
			o := &targeting.ListOptions{PageLimit: 1, SortBy: []string{"name"}, Q: qlang.Where("name", qlang.Eq, "a")}
			seq := tc.Targets.All(ctx, o)
			o.SortBy[0], o.Q.Terms[0] = "id", qlang.Predicate{Field: "id", Op: qlang.Eq, Value: "1"}
			n := 0
			for _, err := range seq {
				require.NoError(t, err)
				n++
			}
			return n
		}, "GET /api/v3.0/targets?page_limit=1&q=name%3D%3Da&sort_by=name"},
		{"attachments", func() int {
			o := &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{PageLimit: 1},
				Dimensions: []targeting.Dimension{targeting.DimensionRegion}}
			seq := tc.Attachments.All(ctx, o)
			o.Dimensions[0] = targeting.DimensionDeviceWURF
			n := 0
			for _, err := range seq {
				require.NoError(t, err)
				n++
			}
			return n
		}, "GET /api/v3.0/attachments?dimension=REGN&page_limit=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w.got = nil
			assert.Equal(t, 1, tt.run())
			require.NotEmpty(t, w.got)
			assert.Equal(t, tt.want, strings.SplitN(w.got[0], "\n", 2)[0])
		})
	}
}
