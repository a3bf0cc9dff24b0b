package targeting_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

func newClient(t *testing.T, opts ...adamatest.Option) (*targeting.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t)}, opts...)...)
	c, err := srv.NewClient()
	require.NoError(t, err)
	return targeting.New(c), srv
}

func collect[T any](t *testing.T, seq func(func(T, error) bool)) []T {
	t.Helper()
	var out []T
	for v, err := range seq {
		require.NoError(t, err)
		out = append(out, v)
	}
	return out
}

func TestAttachmentsCRUD(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	tid := srv.Targeting().Targets().AddRaw(map[string]any{"name": "Spain", "dimension_code": "REGN"})

	var resp *http.Response
	created, err := tc.Attachments.Create(ctx, &targeting.Attachment{
		TargetID: tid, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr,
	}, adama.WithResponse(&resp))
	require.NoError(t, err)
	require.NotNil(t, resp)
	assert.Equal(t, http.StatusCreated, resp.StatusCode)
	assert.Positive(t, created.ID)
	assert.Equal(t, tid, created.TargetID)
	assert.Equal(t, int64(332), created.StrategyID)
	assert.Equal(t, targeting.RestrictionInclude, created.Restriction)
	assert.Equal(t, int64(1), created.Version)
	assert.Equal(t, "attachment", created.EntityType)
	assert.False(t, created.CreatedOn.IsZero())
	assert.Equal(t, 1, srv.Count("POST /api/v3.0/attachments"))

	got, err := tc.Attachments.Get(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, created.ID, got.ID)

	stale := *got
	got.Restriction, got.OrBetter = targeting.RestrictionExclude, adama.Ptr(true)
	upd, err := tc.Attachments.Update(ctx, got)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.JSONEq(t, `{"version":1,"restriction":"EXCLUDE","or_better":true}`, string(reqs[len(reqs)-1].Body))
	assert.Equal(t, targeting.RestrictionExclude, upd.Restriction)
	assert.Equal(t, adama.Ptr(true), upd.OrBetter)
	assert.Equal(t, int64(2), upd.Version)
	assert.Equal(t, targeting.OperatorOr, upd.Operator, "fields not sent are kept")

	stale.OrBetter = adama.Ptr(false)
	_, err = tc.Attachments.Update(ctx, &stale)
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrConflict)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, http.StatusConflict, ae.StatusCode)
	assert.Equal(t, "conflict", ae.Code)

	require.NoError(t, tc.Attachments.Delete(ctx, created.ID))
	assert.Equal(t, 0, srv.Targeting().Attachments().Count())

	_, err = tc.Attachments.Get(ctx, created.ID)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	err = tc.Attachments.Delete(ctx, created.ID)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestAttachmentsLegacyPaths(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	h := srv.Targeting()

	created, err := tc.Attachments.CreateV3(ctx, &targeting.Attachment{
		TargetID: 8, StrategyID: 5, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorAnd,
	})
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Count("POST /api/v3.0/attachment"))

	// The legacy and current paths share one store.
	cur, err := tc.Attachments.Get(ctx, created.ID)
	require.NoError(t, err)
	legacy, err := tc.Attachments.GetV3(ctx, created.ID)
	require.NoError(t, err)
	assert.Equal(t, cur, legacy)
	assert.Equal(t, 1, srv.Count("GET /api/v3.0/attachment/1"))

	legacy.StrategyID = 6
	upd, err := tc.Attachments.UpdateV3(ctx, legacy)
	require.NoError(t, err)
	assert.Equal(t, int64(6), upd.StrategyID)
	assert.Equal(t, 1, srv.Count("PUT /api/v3.0/attachment/1"))
	cur.StrategyID = 7
	_, err = tc.Attachments.UpdateV3(ctx, cur)
	assert.ErrorIs(t, err, adama.ErrConflict)

	page, err := tc.Attachments.ListV3(ctx, nil)
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	assert.Equal(t, created.ID, page.Items[0].ID)
	assert.Equal(t, 1, srv.Count("GET /api/v3.0/attachment"))

	require.NoError(t, tc.Attachments.DeleteV3(ctx, created.ID))
	assert.Equal(t, 1, srv.Count("DELETE /api/v3.0/attachment/1"))
	assert.Zero(t, h.Attachments().Count())
}

func TestAttachmentsListFilters(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	h := srv.Targeting()
	region := h.Targets().AddRaw(map[string]any{"name": "Bavaria", "dimension_code": "REGN"})
	browser := h.Targets().AddRaw(map[string]any{"name": "Firefox", "dimension_code": "BSER"})
	device := h.Targets().AddRaw(map[string]any{"name": "Phone", "dimension_code": "DVCE"})
	for _, rec := range []map[string]any{
		{"target_id": region, "strategy_id": 10, "restriction": "INCLUDE", "operator": "OR", "or_better": false},
		{"target_id": browser, "strategy_id": 10, "restriction": "EXCLUDE", "operator": "OR", "or_better": true},
		{"target_id": device, "strategy_id": 10, "restriction": "INCLUDE", "operator": "AND", "or_better": false},
		{"target_id": region, "strategy_id": 11, "restriction": "INCLUDE", "operator": "OR", "or_better": false},
	} {
		h.Attachments().AddRaw(rec)
	}
	ids := func(p *adama.Page[*targeting.Attachment]) []int64 {
		var out []int64
		for _, a := range p.Items {
			out = append(out, a.ID)
		}
		return out
	}
	tests := []struct {
		name string
		opts *targeting.AttachmentListOptions
		want []int64
	}{
		{"all", nil, []int64{1, 2, 3, 4}},
		{"strategy", &targeting.AttachmentListOptions{StrategyID: 10}, []int64{1, 2, 3}},
		{"one dimension", &targeting.AttachmentListOptions{StrategyID: 10, Dimensions: []targeting.Dimension{targeting.DimensionRegion}}, []int64{1}},
		{"several dimensions", &targeting.AttachmentListOptions{Dimensions: []targeting.Dimension{targeting.DimensionRegion, targeting.DimensionBrowser}}, []int64{1, 2, 4}},
		{"q", &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("restriction", qlang.Eq, "EXCLUDE")}}, []int64{2}},
		{"q or_better", &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("or_better", qlang.Eq, true)}}, []int64{2}},
		{"sort", &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{SortBy: []string{"-strategy_id", "-id"}}}, []int64{4, 3, 2, 1}},
		{"page", &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{PageLimit: 2, PageOffset: 1}}, []int64{2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tc.Attachments.List(ctx, tt.opts)
			require.NoError(t, err)
			assert.Equal(t, tt.want, ids(p))
		})
	}

	p, err := tc.Attachments.List(ctx, &targeting.AttachmentListOptions{ListOptions: targeting.ListOptions{PageLimit: 2}})
	require.NoError(t, err)
	assert.Equal(t, 2, p.Count)
	assert.Equal(t, 4, p.TotalCount)
	assert.True(t, p.HasTotal)
	assert.Contains(t, p.NextPage, "page_offset=2")
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, "2", last.Query.Get("page_limit"))
}

func TestAttachmentsAllPagesTo250(t *testing.T) {
	tc, srv := newClient(t)
	srv.Targeting().AddN(adamatest.TargetingAttachments, 250, map[string]any{"strategy_id": 77})
	for _, prefetch := range []int{0, 4} {
		srv.ResetRequests()
		got := collect(t, tc.Attachments.All(context.Background(), &targeting.AttachmentListOptions{
			ListOptions: targeting.ListOptions{PageLimit: 100, Prefetch: prefetch}, StrategyID: 77,
		}))
		require.Len(t, got, 250)
		for i, a := range got {
			assert.Equal(t, int64(i+1), a.ID)
		}
		assert.Equal(t, 3, srv.Count("GET /api/v3.0/attachments"))
	}
}

func TestAttachmentsModify(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	h := srv.Targeting()
	id := h.Attachments().AddRaw(map[string]any{"target_id": 8, "strategy_id": 332, "restriction": "INCLUDE", "operator": "OR", "or_better": false})

	calls := 0
	out, err := tc.Attachments.Modify(ctx, id, func(a *targeting.Attachment) error {
		calls++
		if calls == 1 {
			// Another user changes the record between our read and write.
			require.True(t, h.Attachments().SetRaw(id, "operator", "AND"))
		}
		a.OrBetter = adama.Ptr(true)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 2, calls)
	assert.Equal(t, adama.Ptr(true), out.OrBetter)
	assert.Equal(t, targeting.OperatorAnd, out.Operator, "the other user's change is kept")
	assert.Equal(t, int64(3), out.Version)
	assert.Equal(t, 2, srv.Count("POST /api/v3.0/attachments/1"))

	// The body sends only what the change touched, with the version read.
	reqs := srv.Requests()
	assert.JSONEq(t, `{"version":2,"or_better":true}`, string(reqs[len(reqs)-1].Body))

	boom := errors.New("boom")
	_, err = tc.Attachments.Modify(ctx, id, func(*targeting.Attachment) error { return boom })
	assert.ErrorIs(t, err, boom)

	// A conflict on every round gives up with ErrConflict.
	_, err = tc.Attachments.Modify(ctx, id, func(a *targeting.Attachment) error {
		h.Attachments().SetRaw(id, "strategy_id", 1)
		a.OrBetter = adama.Ptr(a.OrBetter == nil || !*a.OrBetter)
		return nil
	})
	assert.ErrorIs(t, err, adama.ErrConflict)
}

func TestAttachmentsServerErrors(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	id := srv.Targeting().Attachments().AddRaw(map[string]any{"target_id": 8, "strategy_id": 3, "restriction": "INCLUDE", "operator": "OR"})

	// Retries on 503 reach the record.
	srv.FailNext("/api/v3.0/attachments", 2, http.StatusServiceUnavailable, "")
	got, err := tc.Attachments.Get(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, id, got.ID)

	// Expired credentials are renewed once and the call replayed.
	srv.RevokeTokens()
	page, err := tc.Attachments.List(ctx, nil)
	require.NoError(t, err)
	assert.Len(t, page.Items, 1)

	// A 403 comes back in the v3.0 error form.
	srv.Deny("/api/v3.0/attachments")
	_, err = tc.Attachments.Get(ctx, id)
	assert.ErrorIs(t, err, adama.ErrForbidden)

	// A dropped connection on a GET is retried.
	tc2, srv2 := newClient(t)
	id2 := srv2.Targeting().Attachments().AddRaw(map[string]any{"target_id": 8, "strategy_id": 3, "restriction": "INCLUDE", "operator": "OR"})
	srv2.DropNext("/api/v3.0/attachments", 1)
	_, err = tc2.Attachments.Get(ctx, id2)
	require.NoError(t, err)

	// The fake refuses what the client would: a body it does not know.
	var ae *adama.Error
	_, err = tc2.Attachments.Update(ctx, &targeting.Attachment{ID: id2, Version: 1, Extra: map[string]json.RawMessage{"bogus": json.RawMessage(`1`)}})
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	require.NotEmpty(t, ae.Fields)
	assert.Equal(t, "bogus", ae.Fields[0].Field)
}
