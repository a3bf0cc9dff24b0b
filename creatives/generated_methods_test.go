package creatives_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/creatives"
)

// TestGeneratedModifyRefusesNilChange: every generated Modify, the
// sub-resource one included, refuses a nil change before reading.
func TestGeneratedModifyRefusesNilChange(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	cc := creatives.New(c)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"Videos", func() error { _, err := cc.Videos.Modify(ctx, 1, nil); return err }},
		{"Companions", func() error { _, err := cc.Companions.Modify(ctx, 1, 2, nil); return err }},
		{"ComponentCreatives", func() error { _, err := cc.ComponentCreatives.Modify(ctx, 1, nil); return err }},
		{"Components", func() error { _, err := cc.Components.Modify(ctx, 1, nil); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ve *adama.ValidationError
			require.ErrorAs(t, tc.call(), &ve)
			assert.True(t, ve.Has("change", "required"), ve.Error())
		})
	}
	assert.Empty(t, srv.Requests(), "nothing was sent")
}

// TestComponentCreativesAllPrefetch: All, now generated, pages through
// every component creative with pages fetched ahead (speculating too),
// and refuses a prefetch out of range or speculating without one before
// sending.
func TestComponentCreativesAllPrefetch(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	cc := creatives.New(c)
	ctx := context.Background()
	want := map[int64]bool{}
	for _, name := range []string{"One", "Two", "Three", "Four", "Five"} {
		want[srv.Creatives().AddComponentCreative(7, name)] = true
	}
	first, err := cc.ComponentCreatives.List(ctx, nil)
	require.NoError(t, err)
	require.True(t, first.HasTotal, "the fake says how many there are")
	for _, tc := range []struct {
		name string
		opts *creatives.ComponentListOptions
	}{
		{"default page", nil},
		{"pages of 2, one ahead", &creatives.ComponentListOptions{PageLimit: 2, Prefetch: 1}},
		{"pages of 1, four ahead", &creatives.ComponentListOptions{PageLimit: 1, Prefetch: 4}},
		{"pages of 2, speculating two ahead", &creatives.ComponentListOptions{PageLimit: 2, Prefetch: 2, Speculate: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[int64]bool{}
			for it, err := range cc.ComponentCreatives.All(ctx, tc.opts) {
				require.NoError(t, err)
				got[it.AtomicCreativeID] = true
			}
			for id := range want {
				assert.True(t, got[id], "creative %d is listed", id)
			}
			assert.Len(t, got, first.TotalCount)
		})
	}
	for _, bad := range []struct {
		opts        creatives.ComponentListOptions
		field, rule string
	}{
		{creatives.ComponentListOptions{Prefetch: -1}, "prefetch", "between 0 and 32"},
		{creatives.ComponentListOptions{Prefetch: 33}, "prefetch", "between 0 and 32"},
		{creatives.ComponentListOptions{Speculate: true}, "speculate", "needs prefetch"},
	} {
		for _, err := range cc.ComponentCreatives.All(ctx, &bad.opts) {
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(bad.field, bad.rule), ve.Error())
		}
	}
}
