package entity_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

func siteListServer(t *testing.T) (*entity.Client, *adamatest.Server) {
	t.Helper()
	return newTestClient(t,
		adamatest.WithEntity("campaigns", map[string]any{"id": 70, "name": "Camp"}),
		adamatest.WithEntity("strategies", map[string]any{"id": 80, "name": "Strat", "campaign_id": 70}),
	)
}

func TestSiteListUploadAndAssign(t *testing.T) {
	ec, srv := siteListServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()

	srv.ResetRequests()
	sl, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Name: "Blocked", Restriction: entity.SiteListRestrictionExclude,
		FileName: "blocked.txt", Content: []byte("spam.example\nbad.example, 1234567890\n\n")})
	require.NoError(t, err)
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	// The deprecated method sends through targeting's SiteListService, to
	// the v3.0 path the reference documents (it sent to /api/v2.0 before).
	assert.Equal(t, "/api/v3.0/site_lists/upload", reqs[0].Path)
	mt, params, err := mime.ParseMediaType(reqs[0].Header.Get("Content-Type"))
	require.NoError(t, err)
	assert.Equal(t, "multipart/form-data", mt)
	parts := map[string]string{}
	mr := multipart.NewReader(bytes.NewReader(reqs[0].Body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		b, _ := io.ReadAll(p)
		parts[p.FormName()] = string(b)
		if p.FormName() == "file" {
			assert.Equal(t, "blocked.txt", p.FileName())
		}
	}
	assert.Equal(t, map[string]string{"organization_id": "1", "name": "Blocked", "restriction": "EXCLUDE", "file": "spam.example\nbad.example, 1234567890\n\n"}, parts)
	assert.Positive(t, sl.ID)
	assert.Equal(t, "blocked.txt", sl.Filename)
	assert.Equal(t, int64(3), *sl.SitesCount)
	assert.Equal(t, entity.SiteListRestrictionExclude, sl.Restriction)
	assert.Equal(t, []string{"spam.example", "bad.example", "1234567890"}, srv.Entities().SiteListSites(sl.ID))

	// The CSV is the v3.0 answer, as the server words it (the fake's v3.0
	// form: site, target_type).
	csv, err := ec.DownloadSiteList(ctx, sl.ID, "", 0)
	require.NoError(t, err)
	assert.Equal(t, "site,target_type\nspam.example,domain\nbad.example,domain\n1234567890,primary_seller_id\n", string(csv))
	csv, err = ec.DownloadSiteList(ctx, sl.ID, "domain", 0)
	require.NoError(t, err)
	assert.Equal(t, "site,target_type\nspam.example,domain\nbad.example,domain\n", string(csv))
	_, err = ec.DownloadSiteList(ctx, sl.ID, "", 10)
	assert.ErrorIs(t, err, adama.ErrTooLarge)

	// Re-upload with the current version replaces the sites; a stale one
	// is a conflict.
	sl2, err := xc.ReuploadSiteList(ctx, sl.ID, sl.Version, &entity.SiteListUpload{Content: []byte("only.example")})
	require.NoError(t, err)
	assert.Equal(t, sl.Version+1, sl2.Version)
	assert.Equal(t, int64(1), *sl2.SitesCount)
	assert.Equal(t, "Blocked", sl2.Name)
	_, err = ec.ReuploadSiteList(ctx, sl.ID, sl.Version, &entity.SiteListUpload{Content: []byte("x.example")})
	assert.ErrorIs(t, err, adama.ErrConflict)

	// Assign to the campaign and the strategy, list, unassign.
	srv.ResetRequests()
	assigned, err := ec.AssignCampaignSiteLists(ctx, 70, []entity.SiteListChange{{ID: sl.ID, Assigned: true}})
	require.NoError(t, err)
	require.Len(t, assigned.Items, 1, "the answer lists the campaign's site lists")
	assert.Equal(t, sl.ID, assigned.Items[0].ID)
	assert.Equal(t, "Blocked", assigned.Items[0].Name)
	require.NotNil(t, assigned.Items[0].CampaignAssigned)
	assert.True(t, bool(*assigned.Items[0].CampaignAssigned))
	reqs = apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "/api/v2.0/campaigns/70/site_lists", reqs[0].Path)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{"site_lists.1.id": {strconv.Itoa(int(sl.ID))}, "site_lists.1.assigned": {"1"}}, body)
	assigned, err = xc.AssignStrategySiteLists(ctx, 80, []entity.SiteListChange{{ID: sl.ID, Assigned: true}})
	require.NoError(t, err)
	require.Len(t, assigned.Items, 1, "XML: the answer lists the strategy's site lists")
	assert.Equal(t, sl.ID, assigned.Items[0].ID)
	require.NotNil(t, assigned.Items[0].StrategyID)
	assert.Equal(t, int64(80), *assigned.Items[0].StrategyID)
	assert.Equal(t, []string{"campaigns/70", "strategies/80"}, srv.Entities().SiteListAssignments(sl.ID))

	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			p, err := c.SiteListAssignments(ctx, sl.ID, nil)
			require.NoError(t, err)
			require.Len(t, p.Items, 2)
			assert.Equal(t, "campaign", p.Items[0].Collection)
			assert.Equal(t, int64(70), p.Items[0].EntityID)
			assert.Equal(t, "Camp", p.Items[0].Name)
			assert.Equal(t, "strategy", p.Items[1].Collection)
			assert.Equal(t, int64(80), p.Items[1].EntityID)
			assert.Equal(t, int64(70), *p.Items[1].AssociatedCampaignID)
		})
	}
	assigned, err = ec.AssignCampaignSiteLists(ctx, 70, []entity.SiteListChange{{ID: sl.ID, Assigned: false}})
	require.NoError(t, err)
	assert.Empty(t, assigned.Items, "no site list is left on the campaign")
	p, err := ec.SiteListAssignments(ctx, sl.ID, nil)
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, "strategy", p.Items[0].Collection)

	// The platform refuses a list that does not exist, naming it.
	_, err = ec.AssignStrategySiteLists(ctx, 80, []entity.SiteListChange{{ID: 9999, Assigned: true}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "site_lists.1.id")
	// And an upload the v3.0 interface refuses, naming the field.
	_, err = ec.ReuploadSiteList(ctx, 9999, 0, &entity.SiteListUpload{Content: []byte("a.example")})
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestSiteListValidation(t *testing.T) {
	ec, srv := siteListServer(t)
	ctx := context.Background()
	cases := []struct {
		name, field, rule string
		call              func() error
	}{
		{"organization required", "organization_id", "required", func() error {
			_, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{Name: "n", Content: []byte("a")})
			return err
		}},
		{"name required", "name", "required", func() error {
			_, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Content: []byte("a")})
			return err
		}},
		{"name 64", "name", "max length", func() error {
			_, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Name: strings.Repeat("n", 65), Content: []byte("a")})
			return err
		}},
		{"file required", "file", "required", func() error {
			_, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Name: "n"})
			return err
		}},
		{"restriction", "restriction", "one of", func() error {
			_, err := ec.UploadSiteList(ctx, &entity.SiteListUpload{OrganizationID: 1, Name: "n", Restriction: "MAYBE", Content: []byte("a")})
			return err
		}},
		{"reupload id", "id", "positive", func() error {
			_, err := ec.ReuploadSiteList(ctx, 0, 1, &entity.SiteListUpload{Content: []byte("a")})
			return err
		}},
		{"download id", "id", "positive", func() error { _, err := ec.DownloadSiteList(ctx, -1, "", 0); return err }},
		{"assignments id", "id", "positive", func() error { _, err := ec.SiteListAssignments(ctx, 0, nil); return err }},
		{"assign none", "site_lists", "at least one", func() error { _, err := ec.AssignCampaignSiteLists(ctx, 70, nil); return err }},
		{"assign campaign id", "campaign_id", "positive", func() error {
			_, err := ec.AssignCampaignSiteLists(ctx, 0, []entity.SiteListChange{{ID: 1, Assigned: true}})
			return err
		}},
		{"assign list twice", "site_lists.2.id", "twice", func() error {
			_, err := ec.AssignStrategySiteLists(ctx, 80, []entity.SiteListChange{{ID: 1, Assigned: true}, {ID: 1}})
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv.ResetRequests()
			var ve *adama.ValidationError
			require.ErrorAs(t, c.call(), &ve)
			assert.True(t, ve.Has(c.field, c.rule), "want %s: %s in %v", c.field, c.rule, ve)
			assert.Empty(t, apiRequests(srv))
		})
	}
}
