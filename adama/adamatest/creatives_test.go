package adamatest

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/creatives"
)

// getJSON reads path from srv with a bearer token and decodes the answer.
func getJSON(t *testing.T, srv *Server, path string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.IssueToken())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return resp.StatusCode, m
}

func TestCreativesRecordsAreWhatTheWireAnswers(t *testing.T) {
	srv := NewServer(WithT(t))
	h := srv.Creatives()
	videos := h.Videos()

	id := videos.AddRaw(map[string]any{"details": map[string]any{"advertiser": 7, "name": "Spot", "concept": 11}})
	require.NotZero(t, id)
	rec, ok := videos.Get(id)
	require.True(t, ok)
	assert.Equal(t, id, rec.ID)
	assert.Equal(t, "Spot", rec.Details.Name)
	assert.Equal(t, creatives.EncodingStatus("Finished"), rec.Status, "Add fills in an encoded creative")

	rec.Details.Name = "Renamed"
	assert.True(t, videos.Put(rec))
	assert.True(t, videos.SetRaw(id, "status", "Error"))
	assert.True(t, videos.SetRaw(id, "percent", "most"), "a value of a form the fake does not keep")
	second := videos.Add(&creatives.VideoCreative{Details: creatives.CreativeDetails{Name: "Two"}})
	assert.Greater(t, second, id)

	tests := []struct {
		name string
		id   int64
		code int
		want map[string]any // wire properties under data
	}{
		{"put and set", id, http.StatusOK, map[string]any{"status": "Error", "percent": "most", "id": float64(id)}},
		{"typed add", second, http.StatusOK, map[string]any{"status": "Finished", "isUploaded": true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := getJSON(t, srv, "/v3.0/creatives/"+strconv.FormatInt(tc.id, 10))
			require.Equal(t, tc.code, code)
			data, _ := body["data"].(map[string]any)
			for k, v := range tc.want {
				assert.Equal(t, v, data[k], k)
			}
			assert.Equal(t, videos.Raw(tc.id), data, "the handle reads what the wire answers")
		})
	}
	details, _ := videos.Raw(id)["details"].(map[string]any)
	assert.Equal(t, "Renamed", details["name"])

	assert.Equal(t, 2, videos.Count())
	assert.Len(t, videos.All(), 2)
	assert.True(t, videos.Delete(second))
	assert.False(t, videos.Delete(second))
	code, _ := getJSON(t, srv, "/v3.0/creatives/"+strconv.FormatInt(second, 10))
	assert.Equal(t, http.StatusNotFound, code)
}

func TestCreativesComponentRecords(t *testing.T) {
	srv := NewServer(WithT(t))
	h := srv.Creatives()
	assert.Equal(t, 7, h.Components().Count(), "the seeded components")
	comp := h.Components().AddRaw(map[string]any{"component_human_name": "Logo", "value_type_name": "IMAGE"})
	assert.Equal(t, int64(21), comp, "ids continue after the seeded range")

	asset := h.Assets().AddRaw(map[string]any{"asset_type": "text", "asset_value": "Buy", "component_id": 1})
	require.NotZero(t, asset)
	cc := h.ComponentCreatives().AddRaw(map[string]any{"creative_name": "c", "advertiser_id": 100})
	require.NotZero(t, cc)
	assert.Equal(t, "Advertiser 100", h.ComponentCreatives().Raw(cc)["advertiser_name"], "Add fills in what a create does")
	assert.Empty(t, h.ComponentCreativeAssets(cc))

	require.True(t, h.ComponentCreatives().SetRaw(cc, "asset_ids", []any{float64(asset), float64(1 << 40)}))
	assert.Equal(t, []int64{asset}, h.ComponentCreativeAssets(cc), "only assets the fake holds")
	assets, _ := h.ComponentCreatives().Raw(cc)["assets"].([]any)
	require.Len(t, assets, 1)
	assert.Equal(t, "Buy", assets[0].(map[string]any)["asset_value"])

	// The same records typed with the SDK's own.
	gotComp, ok := h.Components().Get(comp)
	require.True(t, ok)
	assert.Equal(t, creatives.Component{ComponentID: comp, ComponentHumanName: "Logo", ValueTypeName: "IMAGE"},
		creatives.Component{ComponentID: gotComp.ComponentID, ComponentHumanName: gotComp.ComponentHumanName, ValueTypeName: gotComp.ValueTypeName})
	gotAsset, ok := h.Assets().Get(asset)
	require.True(t, ok)
	assert.Equal(t, asset, gotAsset.AssetID)
	assert.Equal(t, "Buy", gotAsset.AssetValue)
	gotCC, ok := h.ComponentCreatives().Get(cc)
	require.True(t, ok)
	assert.Equal(t, cc, gotCC.AtomicCreativeID)
	assert.Equal(t, "Advertiser 100", gotCC.AdvertiserName)
	require.Len(t, gotCC.Assets, 1)
	assert.Equal(t, "Buy", gotCC.Assets[0].AssetValue)
	gotCC.CreativeName = "renamed"
	require.True(t, h.ComponentCreatives().Put(gotCC))
	assert.Equal(t, "renamed", h.ComponentCreatives().Raw(cc)["creative_name"])
	asset2 := h.Assets().Add(&creatives.Asset{AssetType: "text", AssetValue: "Now", ComponentID: 1})
	assert.Greater(t, asset2, asset)
	assert.Equal(t, "Now", h.Assets().Raw(asset2)["asset_value"])

	other := h.AddComponentCreative(200, "b")
	assert.Greater(t, other, cc)
	assert.Equal(t, []int64{cc, other}, h.ComponentCreatives().b.keys())
}

func TestCreativesRecordsWithoutTheGroup(t *testing.T) {
	h := (&Server{}).Creatives()
	assert.Zero(t, h.Videos().Count())
	assert.Zero(t, h.Videos().AddRaw(map[string]any{}))
	_, ok := h.Videos().Get(1)
	assert.False(t, ok)
}
