package deals_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
)

func TestPublishers(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	p, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 100315, Name: "testing"})
	require.NoError(t, err)
	assert.Equal(t, int64(100315), p.OrganizationID)
	assert.Nil(t, p.DeletedOn)

	got, err := dc.Publishers.Get(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, "testing", got.Name)

	got.Name = "edited"
	up, err := dc.Publishers.Update(ctx, got)
	require.NoError(t, err)
	assert.Equal(t, "edited", up.Name)

	many, err := dc.Publishers.BulkCreate(ctx, 100315, []string{"b pub", "a pub"})
	require.NoError(t, err)
	require.Len(t, many, 2)
	srv.Deals().Publishers().Add(&deals.Publisher{OrganizationID: 999, Name: "elsewhere"})

	list, err := dc.Publishers.List(ctx, &deals.PublisherListOptions{OrganizationID: 100315, SortBy: "name"})
	require.NoError(t, err)
	require.Len(t, list.Items, 3)
	assert.Equal(t, []string{"a pub", "b pub", "edited"}, []string{list.Items[0].Name, list.Items[1].Name, list.Items[2].Name})
	var n int
	for _, err := range dc.Publishers.All(ctx, &deals.PublisherListOptions{OrganizationID: 100315, PageLimit: 1}) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 3, n)

	require.NoError(t, dc.Publishers.Delete(ctx, p.ID))
	_, err = dc.Publishers.Get(ctx, p.ID)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestPublisherRules(t *testing.T) {
	dc, srv := newClient(t)
	ctx := context.Background()
	cases := []struct {
		name  string
		call  func() error
		field string
		rule  string
	}{
		{"create name 20 ok", func() error {
			_, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 1, Name: strings.Repeat("n", 20)})
			return err
		}, "", ""},
		{"create name 21", func() error {
			_, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 1, Name: strings.Repeat("n", 21)})
			return err
		}, "name", "max length 20"},
		{"create name required", func() error {
			_, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 1, Name: ""})
			return err
		}, "name", "required"},
		{"create organization", func() error {
			_, err := dc.Publishers.Create(ctx, &deals.Publisher{OrganizationID: 0, Name: "n"})
			return err
		}, "organization_id", "required"},
		{"update 21", func() error {
			_, err := dc.Publishers.Update(ctx, &deals.Publisher{ID: 1, Name: strings.Repeat("n", 21)})
			return err
		}, "name", "max length 20"},
		{"bulk names", func() error {
			_, err := dc.Publishers.BulkCreate(ctx, 1, []string{"ok", strings.Repeat("n", 21)})
			return err
		}, "names[1]", "max length 20"},
		{"bulk empty", func() error { _, err := dc.Publishers.BulkCreate(ctx, 1, nil); return err }, "names", "required"},
		{"list organization", func() error { _, err := dc.Publishers.List(ctx, nil); return err }, "organization_id", "required"},
		{"list sort only name", func() error {
			_, err := dc.Publishers.List(ctx, &deals.PublisherListOptions{OrganizationID: 1, SortBy: "id"})
			return err
		}, "sort_by", "one of: name"},
		{"list sort name ok", func() error {
			_, err := dc.Publishers.List(ctx, &deals.PublisherListOptions{OrganizationID: 1, SortBy: "name"})
			return err
		}, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if tc.field == "" {
				assert.NoError(t, err)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, tc.rule), "%v", ve)
		})
	}
	_ = srv
}

func TestChannels(t *testing.T) {
	dc, _ := newClient(t)
	p, err := dc.Channels.List(context.Background(), nil)
	require.NoError(t, err)
	chs := p.Items
	require.Len(t, chs, 7)
	assert.Equal(t, 7, p.Count)
	assert.Equal(t, "CTV", chs[5].Name)
	assert.Equal(t, int64(6), chs[5].Pos)
	assert.Equal(t, "2020-07-20T11:13:55+0000", chs[0].CreatedOn.String())
}
