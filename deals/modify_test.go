package deals_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

func TestDealModify(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name      string
		conflicts int // rounds in which another writer saves the deal first
		changeErr error
		badID     bool
		wantErr   error
		wantCalls int
		wantPosts int
	}{
		{name: "first round", wantCalls: 1, wantPosts: 1},
		{name: "after two conflicts", conflicts: 2, wantCalls: 3, wantPosts: 3},
		{name: "conflicts every round", conflicts: 99, wantErr: adama.ErrConflict, wantCalls: adama.DefaultModifyAttempts, wantPosts: adama.DefaultModifyAttempts},
		{name: "change fails", changeErr: boom, wantErr: boom, wantCalls: 1},
		{name: "bad id", badID: true, wantErr: adama.ErrValidation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dc, srv := newClient(t)
			ctx := context.Background()
			d, err := dc.Deals.Create(ctx, newDeal("MOD-1"))
			require.NoError(t, err)
			id := d.ID
			if tt.badID {
				id = 0
			}
			calls := 0
			out, err := dc.Deals.Modify(ctx, id, func(d *deals.Deal) error {
				calls++
				if calls <= tt.conflicts {
					require.True(t, srv.Deals().SetRaw(d.ID, "zone_name", "other writer"))
				}
				if tt.changeErr != nil {
					return tt.changeErr
				}
				d.Name = "modified"
				return nil
			})
			assert.Equal(t, tt.wantCalls, calls)
			posts := 0
			for _, r := range srv.Requests() {
				if r.Method == http.MethodPost && r.Path == "/deals/v1.0/deals/"+itoa(d.ID) {
					posts++
				}
			}
			assert.Equal(t, tt.wantPosts, posts)
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
				assert.Nil(t, out)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "modified", out.Name)
			got, err := dc.Deals.Get(ctx, d.ID)
			require.NoError(t, err)
			assert.Equal(t, "modified", got.Name)
			if tt.conflicts > 0 {
				assert.Equal(t, "other writer", got.ZoneName, "the other writer's change is kept")
			}
			body := lastBody(t, srv, http.MethodPost, "/deals/v1.0/deals/"+itoa(d.ID))
			assert.Equal(t, "modified", body["name"])
			assert.NotContains(t, body, "zone_name", "only what the change made is sent")
			assert.Contains(t, body, "version")
		})
	}
}

func TestDealGroupAndPublisherModify(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	d, err := dc.Deals.Create(ctx, newDeal("MOD-G"))
	require.NoError(t, err)
	g, err := dc.DealGroups.Create(ctx, &deals.DealGroup{Name: "g", Owner: d.Owner, DealIDs: []int64{d.ID}})
	require.NoError(t, err)
	p, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 100315, Name: "pub"})
	require.NoError(t, err)

	tests := []struct {
		name   string
		modify func() (string, error)
		path   string
		want   map[string]any
	}{
		{"deal group", func() (string, error) {
			out, err := dc.DealGroups.Modify(ctx, g.ID, func(g *deals.DealGroup) error { g.Description = "described"; return nil })
			if err != nil {
				return "", err
			}
			return out.Description, nil
		}, "/deals/v1.0/deal_groups/" + itoa(g.ID), map[string]any{"description": "described"}},
		{"publisher", func() (string, error) {
			out, err := dc.Publishers.Modify(ctx, p.ID, func(p *deals.Publisher) error { p.Name = "renamed"; return nil })
			if err != nil {
				return "", err
			}
			return out.Name, nil
		}, "/deals/v1.0/publishers/" + itoa(p.ID), map[string]any{"name": "renamed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.modify()
			require.NoError(t, err)
			for _, v := range tt.want {
				assert.Equal(t, v, got)
			}
			assert.Equal(t, tt.want, lastBody(t, srv, http.MethodPost, tt.path))
		})
	}

	_, err = dc.DealGroups.Modify(ctx, 999999, func(*deals.DealGroup) error { return nil })
	assert.ErrorIs(t, err, adama.ErrNotFound)
	_, err = dc.Publishers.Modify(ctx, -1, func(*deals.Publisher) error { return nil })
	assert.ErrorIs(t, err, adama.ErrValidation)
}

func TestNilRecordsRefused(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	calls := []func() error{
		func() error { _, err := dc.Deals.Create(ctx, nil); return err },
		func() error { _, err := dc.Deals.Update(ctx, nil); return err },
		func() error { _, err := dc.DealGroups.Create(ctx, nil); return err },
		func() error { _, err := dc.DealGroups.Update(ctx, nil); return err },
		func() error { _, err := dc.Publishers.Create(ctx, nil); return err },
		func() error { _, err := dc.Publishers.Update(ctx, nil); return err },
	}
	for _, c := range calls {
		assert.ErrorIs(t, c(), adama.ErrValidation)
	}
	assert.Empty(t, srv.Requests(), "nothing is sent")
}
