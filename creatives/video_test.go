package creatives_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVideoCreateGetUpdateModify(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	res, err := cc.Videos.Create(ctx, &creatives.VideoCreative{Details: creatives.CreativeDetails{
		Active: false, Advertiser: 7, Name: "Launch", Concept: 11,
		ClickthroughURL: "https://example.com/c", LandingURL: "https://example.com/l",
		EventPixels: []creatives.EventPixel{{Typ: "start", URL: "https://px.example/s"}}, VASTVersion: creatives.VASTVersionVAST4,
		StartTime: i64(1700000000), EndTime: i64(1800000000),
	}})
	require.NoError(t, err)
	require.NotZero(t, res.ID)
	assert.Equal(t, "Launch", res.Details.Name, "Create returns the record as stored")
	assert.Equal(t, 1, srv.Count("GET /v3.0/creatives/"+itoa(res.ID)), "the create answers an id only: the record is read")

	got, err := cc.Videos.Get(ctx, res.ID)
	require.NoError(t, err)
	assert.Equal(t, res.ID, got.ID)
	assert.Equal(t, "Launch", got.Details.Name)
	assert.False(t, got.Details.Active)
	assert.Equal(t, creatives.VASTVersionVAST4, got.Details.VASTVersion)
	assert.Equal(t, []creatives.EventPixel{{Typ: "start", URL: "https://px.example/s"}}, got.Details.EventPixels)
	assert.Equal(t, int64(1800000000), *got.Details.EndTime)
	assert.Equal(t, creatives.EncodingStatusFinished, got.Status)

	// Read, change, save: a changed field is sent, a cleared one is null,
	// an untouched one stays.
	got.Details.Name, got.Details.LandingURL, got.Details.Active = "Launch v2", "", true
	p, err := cc.Videos.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, "Launch v2", p.Details.Name)
	assert.Empty(t, p.Details.LandingURL)
	assert.True(t, p.Details.Active)
	assert.Equal(t, "https://example.com/c", p.Details.ClickthroughURL)
	stored, _ := srv.Creatives().Videos().Raw(res.ID)["details"].(map[string]any)
	assert.NotContains(t, stored, "landingUrl")

	// Modify: unknown fields survive, only the change is sent.
	id := seedVideo(srv)
	m, err := cc.Videos.Modify(ctx, id, func(c *creatives.VideoCreative) error {
		require.Contains(t, c.Details.Extra, "futureField")
		c.Details.Name = "Renamed"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "Renamed", m.Details.Name)
	after, _ := srv.Creatives().Videos().Raw(id)["details"].(map[string]any)
	assert.Equal(t, "Renamed", after["name"])
	assert.Equal(t, "https://example.com", after["landingUrl"])
	assert.Equal(t, map[string]any{"kept": true}, after["futureField"])

	boom := errors.New("boom")
	_, err = cc.Videos.Modify(ctx, id, func(*creatives.VideoCreative) error { return boom })
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, 1, srv.Count("PATCH /v3.0/creatives/"+itoa(id)), "a failed change saves nothing")
}

func TestVideoBulkAndList(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	br, err := cc.Videos.BulkCreate(ctx, []creatives.NewVideoCreative{*creatives.ValidNew(), {Advertiser: 8, Name: "Two", Concept: 12, CustomVASTURL: "https://vast.example/a.xml"}})
	require.NoError(t, err)
	require.Len(t, br.Creatives, 2)
	assert.Equal(t, 2, br.Count)
	assert.Empty(t, br.Errors)
	a, b := br.Creatives[0].ID, br.Creatives[1].ID
	assert.Equal(t, "https://vast.example/a.xml", br.Creatives[1].Details.CustomVASTURL)

	up, err := cc.Videos.BulkUpdate(ctx, []creatives.VideoCreativePatch{
		{ID: a, Name: adama.Some("One renamed")},
		{ID: 999999, Name: adama.Some("missing")},
	})
	require.NoError(t, err)
	require.Len(t, up.Creatives, 1)
	assert.Equal(t, "One renamed", up.Creatives[0].Details.Name)
	require.Len(t, up.Errors, 1)
	assert.Equal(t, 1, up.Errors[0].Index)
	assert.Equal(t, "not_found", up.Errors[0].Code)

	lr, err := cc.Videos.ListByIDs(ctx, []int64{a, b, 424242})
	require.NoError(t, err)
	require.Len(t, lr.Creatives, 2)
	assert.Equal(t, []int64{a, b}, []int64{lr.Creatives[0].ID, lr.Creatives[1].ID})
	require.Len(t, lr.Errors, 1)
	assert.Equal(t, 2, lr.Errors[0].Index)
	assert.Equal(t, 2, srv.Creatives().Videos().Count(), "the bulk update created nothing for its unknown id")
}

func TestVideoReadsRetriedCreatesNot(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	id := seedVideo(srv)

	srv.FailNext("/v3.0/creatives/list", 2, http.StatusServiceUnavailable, "")
	lr, err := cc.Videos.ListByIDs(ctx, []int64{id})
	require.NoError(t, err, "list by ids is a read and is retried")
	assert.Len(t, lr.Creatives, 1)
	assert.Equal(t, 3, srv.Count("POST /v3.0/creatives/list"))

	srv.FailNext("/v3.0/creatives", 1, http.StatusServiceUnavailable, "")
	_, err = cc.Videos.Create(ctx, creatives.ValidRecord())
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrUnavailable)
	assert.Equal(t, 1, srv.Count("POST /v3.0/creatives"), "a create that reached the platform is not replayed")

	srv.FailNext("/v3.0/creatives/bulk", 1, http.StatusServiceUnavailable, "")
	_, err = cc.Videos.BulkCreate(ctx, []creatives.NewVideoCreative{*creatives.ValidNew()})
	require.Error(t, err)
	assert.Equal(t, 1, srv.Count("PUT /v3.0/creatives/bulk"), "bulk create is a PUT but creates: sent once")
}

func TestVideoErrors(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()

	_, err := cc.Videos.Get(ctx, 123456)
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, "creative not found", ae.Message)
	assert.Equal(t, "/v3.0/creatives/123456", ae.Path)

	// A server-side rule: the fake refuses a patch that clears the name
	// even when sent raw.
	id := seedVideo(srv)
	resp, err := srv.Client().Do(creatives.MustReq(t, http.MethodPatch, srv.URL+"/v3.0/creatives/"+itoa(id), `{"name":null}`, srv.IssueToken()))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)

	srv.Deny("/v3.0/creatives")
	_, err = cc.Videos.Get(ctx, id)
	assert.ErrorIs(t, err, adama.ErrForbidden)
}

func TestVideoBearerOnly(t *testing.T) {
	cc, srv := newTestClient(t)
	_, err := cc.Videos.Get(context.Background(), seedVideo(srv))
	require.NoError(t, err)
	for _, r := range srv.Requests() {
		if r.Path == "/v3.0/creatives" || len(r.Path) > 9 && r.Path[:9] == "/v3.0/cre" {
			assert.NotEmpty(t, r.Header.Get("Authorization"))
			assert.Empty(t, r.Header.Get("Cookie"), "video v3 sends the bearer only")
		}
	}
	assert.Zero(t, srv.SessionBootstraps())
}

func TestValidateVAST(t *testing.T) {
	cc, _ := newTestClient(t)
	ctx := context.Background()
	tests := []struct {
		name     string
		doc      string
		valid    bool
		warnings int
	}{
		{"valid", `<VAST version="3.0"><Ad/></VAST>`, true, 0},
		{"warning", `<VAST><Ad/></VAST>`, true, 1},
		{"error", `<html/>`, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := cc.Videos.ValidateVAST(ctx, []byte(tt.doc))
			require.NoError(t, err)
			assert.Equal(t, tt.valid, r.Valid())
			assert.Len(t, r.Warnings, tt.warnings)
		})
	}
	_, err := cc.Videos.ValidateVAST(ctx, nil)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("vast", "required"))
}

func TestHistory(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	res, err := cc.Videos.Create(ctx, creatives.ValidRecord())
	require.NoError(t, err)
	for _, n := range []string{"a", "b", "c"} {
		res.Details.Name = n
		res, err = cc.Videos.Update(ctx, res)
		require.NoError(t, err)
	}
	h, err := cc.Videos.History(ctx, res.ID, &creatives.HistoryOptions{Limit: 2, Offset: 1})
	require.NoError(t, err)
	assert.Equal(t, 4, h.LogEntries.Count)
	assert.Equal(t, 1, h.LogEntries.Start)
	require.Len(t, h.LogEntries.Entry, 2)
	assert.Equal(t, "update", h.LogEntries.Entry[0].Action)
	require.Len(t, h.LogEntries.Entry[0].Fields, 1)
	assert.Equal(t, creatives.FlexString("a"), h.LogEntries.Entry[0].Fields[0].NewValue)
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "2", last.Query.Get("limit"))
	assert.Equal(t, "1", last.Query.Get("offset"))

	require.NoError(t, cc.Videos.DeleteHistory(ctx, res.ID))
	h, err = cc.Videos.History(ctx, res.ID, nil)
	require.NoError(t, err)
	assert.Zero(t, h.LogEntries.Count)
}
