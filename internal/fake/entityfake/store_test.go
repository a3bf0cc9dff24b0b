package entityfake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSetPath(t *testing.T) {
	r := Record{}
	require.True(t, setPath(r, []string{"rmx_strategy", "roi_target_pixels", "1", "price"}, "2"))
	require.True(t, setPath(r, []string{"site_placements", "0", "name"}, "a"))
	rmx := r["rmx_strategy"].(map[string]any)
	px := rmx["roi_target_pixels"].([]any)
	require.Len(t, px, 2)
	assert.Equal(t, "2", px[1].(map[string]any)["price"])
	assert.Equal(t, "a", r["site_placements"].([]any)[0].(map[string]any)["name"])
	assert.False(t, setPath(r, []string{"x", "99999", "y"}, "1"))
}

func TestRelatedAndGenerate(t *testing.T) {
	s := NewStore()
	s.seedDefaults()
	s.Generate("advertisers", 3)
	s.Generate("campaigns", 3)
	_, err := s.Insert("vendor_contracts", Record{"campaign_id": 2, "vendor_id": 3})
	require.NoError(t, err)
	c := s.cols["campaigns"]
	assert.True(t, s.related(c, c.get(1), []string{"advertiser", "agency"}, 1))
	assert.False(t, s.related(c, c.get(1), []string{"advertiser", "agency"}, 2))
	assert.True(t, s.related(c, c.get(2), []string{"vendor_contracts", "vendor"}, 3))
	assert.False(t, s.related(c, c.get(1), []string{"vendor_contracts", "vendor"}, 3))
	assert.Equal(t, 3, s.Len("campaigns"))
	assert.Equal(t, 34, s.Len("verticals"))
	_, err = s.Insert("nope", Record{})
	assert.Error(t, err)
}

func TestKindOfFreeTextIDs(t *testing.T) {
	assert.Equal(t, kString, kindOf("external_id"))
	assert.Equal(t, kString, kindOf("external_identifier"))
	assert.Equal(t, kInt, kindOf("agency_id"))
}
