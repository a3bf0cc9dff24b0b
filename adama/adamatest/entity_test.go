package adamatest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

func TestEntityCollectionRecords(t *testing.T) {
	srv := NewServer(WithT(t), WithoutEntitySeed())
	c, err := srv.NewClient()
	require.NoError(t, err)
	wire := func(t *testing.T, id int64) (int, map[string]any) {
		t.Helper()
		resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/advertisers/" + strconv.FormatInt(id, 10),
			Auth: adama.AuthSession, Header: http.Header{"Accept": {"application/json"}}})
		if err != nil {
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			return ae.StatusCode, nil
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		var body struct {
			Data map[string]any `json:"data"`
		}
		require.NoError(t, json.Unmarshal(b, &body))
		return resp.StatusCode, body.Data
	}

	advs := srv.Entities().Collection("advertisers")
	typed := Typed[entity.Advertiser](advs)
	id := advs.AddRaw(map[string]any{"name": "Acme", "agency_id": 3, "ad_server_id": 9})
	require.Equal(t, int64(1), id, "ids start at 1 in an empty collection")
	rec, ok := typed.Get(id)
	require.True(t, ok)
	assert.Equal(t, "Acme", rec.Name)
	assert.Equal(t, "advertiser", rec.EntityType, "Add fills in the entity type")
	assert.Equal(t, 0, rec.Version)

	rec.Name = "Acme Two"
	require.True(t, typed.Put(rec))
	require.True(t, advs.SetRaw(id, "domain", "acme.example"))
	second := typed.Add(&entity.Advertiser{Common: entity.Common{Name: "Other"}, AgencyID: 3})
	assert.Equal(t, int64(2), second)
	assert.Equal(t, 0, srv.Entities().Collection("no_such").Count())

	tests := []struct {
		name string
		id   int64
		want map[string]any
	}{
		{"put and set", id, map[string]any{"name": "Acme Two", "domain": "acme.example", "version": float64(1)}},
		{"typed add", second, map[string]any{"name": "Other", "agency_id": float64(3), "version": float64(0)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, data := wire(t, tc.id)
			require.Equal(t, http.StatusOK, code)
			for k, v := range tc.want {
				assert.Equal(t, v, data[k], k)
				assert.Equal(t, v, advs.Raw(tc.id)[k], "the handle holds what the wire answers: "+k)
			}
		})
	}

	assert.Equal(t, 2, advs.Count())
	assert.Len(t, typed.All(), 2)
	assert.True(t, advs.Delete(second))
	assert.False(t, advs.Delete(second))
	code, _ := wire(t, second)
	assert.Equal(t, http.StatusNotFound, code)
}
