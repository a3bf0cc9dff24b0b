package adamatest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
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

	advs := srv.Entities().Advertisers()
	id := advs.AddRaw(map[string]any{"name": "Acme", "agency_id": 3, "ad_server_id": 9})
	require.Equal(t, int64(1), id, "ids start at 1 in an empty collection")
	rec, ok := advs.Get(id)
	require.True(t, ok)
	assert.Equal(t, "Acme", rec.Name)
	assert.Equal(t, "advertiser", rec.EntityType, "Add fills in the entity type")
	assert.Equal(t, 0, rec.Version)

	rec.Name = "Acme Two"
	require.True(t, advs.Put(rec))
	require.True(t, advs.SetRaw(id, "domain", "acme.example"))
	second := advs.Add(&entity.Advertiser{Common: entity.Common{Name: "Other"}, AgencyID: 3})
	assert.Equal(t, int64(2), second)

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
	assert.Len(t, advs.All(), 2)
	assert.True(t, advs.Delete(second))
	assert.False(t, advs.Delete(second))
	code, _ := wire(t, second)
	assert.Equal(t, http.StatusNotFound, code)
}

// Every collection of entity.Client has a handle named as its Service,
// typed with the same record and on the same collection: a record the
// handle stores, under an id no other collection holds, is the one the
// Service gets.
func TestEntitiesHandleHasEveryCollection(t *testing.T) {
	srv := NewServer(WithT(t), WithoutEntitySeed())
	c, err := srv.NewClient()
	require.NoError(t, err)
	ec := reflect.ValueOf(entity.New(c)).Elem()
	h := reflect.ValueOf(srv.Entities())
	ctx := reflect.ValueOf(context.Background())
	n := 0
	for i := range ec.NumField() {
		f := ec.Type().Field(i)
		svc := ec.Field(i)
		if !f.IsExported() || svc.MethodByName("Collection") == (reflect.Value{}) {
			continue
		}
		n++
		t.Run(f.Name, func(t *testing.T) {
			m := h.MethodByName(f.Name)
			require.True(t, m.IsValid(), "EntitiesHandle.%s", f.Name)
			recs := m.Call(nil)[0]
			rec := svc.MethodByName("Get").Type().Out(0)
			assert.Equal(t, rec, recs.MethodByName("Get").Type().Out(0), "typed with the Service's record")

			id := int64(1000 + i) // an id of this collection alone
			require.True(t, recs.MethodByName("PutRaw").Call([]reflect.Value{reflect.ValueOf(id), reflect.ValueOf(map[string]any{"name": "via handle"})})[0].Bool())
			out := svc.MethodByName("Get").Call([]reflect.Value{ctx, reflect.ValueOf(id), reflect.ValueOf((*entity.GetOptions)(nil))})
			require.Nil(t, out[1].Interface(), "GET %s/%d", svc.MethodByName("Collection").Call(nil)[0], id)
			got := recs.MethodByName("Get").Call([]reflect.Value{reflect.ValueOf(id)})
			require.True(t, got[1].Bool())
			assert.Equal(t, id, got[0].Elem().FieldByName("ID").Int())
			assert.Equal(t, id, out[0].Elem().FieldByName("ID").Int())
		})
	}
	assert.Equal(t, 39, n)
}

func TestEntitiesHandleWithoutTheGroup(t *testing.T) {
	h := (&Server{}).Entities()
	assert.Zero(t, h.Advertisers().Count())
	assert.Zero(t, h.Strategies().AddRaw(map[string]any{"name": "x"}))
	_, ok := h.Campaigns().Get(1)
	assert.False(t, ok)
	assert.False(t, h.Agencies().Put(&entity.Agency{Common: entity.Common{ID: 1}}))
}
