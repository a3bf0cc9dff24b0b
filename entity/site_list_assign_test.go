package entity_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// The exact request an assignment sends, and the assigned site lists the
// platform's recorded answer carries (four), returned to the caller, in
// JSON and XML.
func TestAssignSiteListsExactRequest(t *testing.T) {
	const form = "site_lists.1.assigned=1&site_lists.1.id=2101&site_lists.2.assigned=1&site_lists.2.id=2104&site_lists.3.assigned=0&site_lists.3.id=2200"
	changes := []entity.SiteListChange{{ID: 2101, Assigned: true}, {ID: 2104, Assigned: true}, {ID: 2200}}
	cases := []struct {
		name, path, file, mt string
		xml, strategy        bool
	}{
		{"campaign json", "/api/v2.0/campaigns/7701/site_lists", "campaign_site_lists_assigned.json", "application/vnd.svc.v1+json", false, false},
		{"campaign xml", "/api/v2.0/campaigns/7701/site_lists", "campaign_site_lists_assigned.xml", "application/xml", true, false},
		{"strategy json", "/api/v2.0/strategies/8801/site_lists", "strategy_site_lists_assigned.json", "application/vnd.svc.v1+json", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer gock.Off()
			hc := &http.Client{}
			gock.InterceptClient(hc)
			defer gock.RestoreClient(hc)
			c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
				adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
			require.NoError(t, err)
			var opts []entity.Option
			if tc.xml {
				opts = append(opts, entity.WithXML())
			}
			ec := entity.New(c, opts...)
			body, err := os.ReadFile("testdata/platform/" + tc.file)
			require.NoError(t, err)
			var sent string
			gock.New("https://api.example").Post("^"+tc.path+"$").
				MatchHeader("Cookie", "^adama_session=ck-1$").
				MatchType("url").
				AddMatcher(func(r *http.Request, _ *gock.Request) (bool, error) {
					b, err := io.ReadAll(r.Body)
					sent = string(b)
					return err == nil && sent == form, err
				}).
				Reply(200).SetHeader("Content-Type", tc.mt).BodyString(string(body))

			var p *entity.Page[entity.SiteList]
			if tc.strategy {
				p, err = ec.AssignStrategySiteLists(context.Background(), 8801, changes)
			} else {
				p, err = ec.AssignCampaignSiteLists(context.Background(), 7701, changes)
			}
			require.NoError(t, err, "sent %q", sent)
			assert.True(t, gock.IsDone(), "sent %q", sent)
			require.Len(t, p.Items, 4, "the four assigned site lists of the recorded answer")
			assert.Equal(t, 4, p.Count)
			var ids []int64
			for _, sl := range p.Items {
				ids = append(ids, sl.ID)
				require.NotNil(t, sl.Assigned)
				assert.True(t, bool(*sl.Assigned))
			}
			assert.Equal(t, []int64{2101, 2102, 2103, 2104}, ids)
			first := p.Items[0]
			assert.Equal(t, "Brand safety block", first.Name)
			assert.Equal(t, entity.SiteListRestrictionExclude, first.Restriction)
			require.NotNil(t, first.SitesCount)
			assert.Equal(t, int64(412), *first.SitesCount)
			if tc.strategy {
				require.NotNil(t, first.StrategyID)
				assert.Equal(t, int64(8801), *first.StrategyID)
				require.NotNil(t, first.StrategyAssigned)
				assert.True(t, bool(*first.StrategyAssigned))
			} else {
				require.NotNil(t, first.CampaignAssigned)
				assert.True(t, bool(*first.CampaignAssigned))
			}
		})
	}
}

// Over real HTTP through adamatest: the fake answers an assignment with
// the site lists assigned to the campaign or strategy after the change.
func TestAssignSiteListsAnswer(t *testing.T) {
	ec, srv := newTestClient(t,
		adamatest.WithEntity("campaigns", map[string]any{"id": 70, "name": "Camp", "advertiser_id": 1}),
		adamatest.WithEntity("strategies", map[string]any{"id": 80, "name": "Strat", "campaign_id": 70}))
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	var ids []int64
	for _, name := range []string{"A", "B", "C", "D", "E"} {
		sl, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Name: name, Content: []byte(name + ".example")})
		require.NoError(t, err)
		ids = append(ids, sl.ID)
	}
	listIDs := func(p *entity.Page[entity.SiteList]) []int64 {
		var out []int64
		for _, sl := range p.Items {
			out = append(out, sl.ID)
		}
		return out
	}
	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			p, err := c.AssignCampaignSiteLists(ctx, 70, []entity.SiteListChange{{ID: ids[0], Assigned: true}, {ID: ids[1], Assigned: true}, {ID: ids[2], Assigned: true}, {ID: ids[3], Assigned: true}})
			require.NoError(t, err)
			assert.Equal(t, ids[:4], listIDs(p), "the four assigned site lists")
			assert.Equal(t, "A", p.Items[0].Name)
			require.NotNil(t, p.Items[0].CampaignAssigned)
			assert.True(t, bool(*p.Items[0].CampaignAssigned))

			p, err = c.AssignCampaignSiteLists(ctx, 70, []entity.SiteListChange{{ID: ids[1]}, {ID: ids[4], Assigned: true}})
			require.NoError(t, err)
			assert.Equal(t, []int64{ids[0], ids[2], ids[3], ids[4]}, listIDs(p), "every list still assigned, none unassigned")

			p, err = c.AssignStrategySiteLists(ctx, 80, []entity.SiteListChange{{ID: ids[2], Assigned: true}})
			require.NoError(t, err)
			assert.Equal(t, []int64{ids[2]}, listIDs(p), "a strategy's own assignments")
			require.NotNil(t, p.Items[0].StrategyID)
			assert.Equal(t, int64(80), *p.Items[0].StrategyID)

			// Back to none for the next format.
			var off []entity.SiteListChange
			for _, id := range ids {
				off = append(off, entity.SiteListChange{ID: id})
			}
			p, err = c.AssignCampaignSiteLists(ctx, 70, off)
			require.NoError(t, err)
			assert.Empty(t, p.Items)
			_, err = c.AssignStrategySiteLists(ctx, 80, off)
			require.NoError(t, err)
		})
	}
}
