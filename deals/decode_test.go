package deals_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/internal/call"
)

func decodeFile(t *testing.T, name string, dst any) call.Meta {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	meta, err := call.DataMeta.Decode(bytes.NewReader(b), "application/json", dst)
	require.NoError(t, err, name)
	return meta
}

type bulkData struct {
	Created []deals.Deal `json:"created_deals"`
	Updated []deals.Deal `json:"updated_deals"`
	Valid   []deals.Deal `json:"valid_deals"`
}

func TestDecodeReferenceExamples(t *testing.T) {
	t.Run("bulk/deals answer", func(t *testing.T) {
		var b bulkData
		decodeFile(t, "bulk_deals.json", &b)
		require.Len(t, b.Valid, 1)
		d := b.Valid[0]
		assert.Equal(t, int64(457001), d.ID)
		assert.Equal(t, deals.DealTypePG, d.DealType)
		assert.Equal(t, deals.PriceTypeFixed, d.PriceType)
		assert.Equal(t, "1.3", d.Price.Value.String())
		assert.Equal(t, "EUR", d.Price.CurrencyCode)
		assert.Equal(t, "creating", d.EffectiveStatus)
		assert.Equal(t, "v2", d.APIVersion)
		assert.Equal(t, int64(100315), d.Owner.ID)
		assert.Equal(t, []int64{100315}, d.Permissions.OrganizationIDs)
		require.Len(t, d.Channels, 1)
		assert.Equal(t, "Display", d.Channels[0].Name)
		assert.Nil(t, d.Publisher)
		assert.Empty(t, d.Extra)
	})
	t.Run("bulk_create and bulk_update answers", func(t *testing.T) {
		var c, u bulkData
		decodeFile(t, "bulk_create_deals.json", &c)
		decodeFile(t, "bulk_update_deals.json", &u)
		require.Len(t, c.Created, 1)
		require.Len(t, u.Updated, 1)
		assert.Equal(t, "1.3", c.Created[0].Price.Value.String())
		assert.Equal(t, int64(22), *u.Updated[0].Impressions)
	})
	t.Run("bulk_create request example decodes as deals", func(t *testing.T) {
		var body struct {
			Data []deals.Deal `json:"data"`
		}
		b, err := os.ReadFile("testdata/bulk_create_request.json")
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &body))
		require.Len(t, body.Data, 2)
		assert.Equal(t, "0.0073", body.Data[0].Price.Value.String())
		assert.Equal(t, deals.OwnerTypeAdvertiser, body.Data[1].Owner.Type)
	})
	t.Run("bulk/deals request examples", func(t *testing.T) {
		for _, f := range []string{"bulk_deals_request_create.json", "bulk_deals_request_update.json"} {
			var body struct {
				Deals []json.RawMessage `json:"deals"`
			}
			b, err := os.ReadFile("testdata/" + f)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(b, &body))
			var d deals.Deal
			require.NoError(t, json.Unmarshal(body.Deals[0], &d))
			assert.NotEmpty(t, d.Name)
		}
	})
	t.Run("channels (bare array)", func(t *testing.T) {
		var chs []deals.Channel
		_, err := call.Bare.Decode(bytes.NewReader(mustRead(t, "channels.json")), "application/json", &chs)
		require.NoError(t, err)
		require.Len(t, chs, 7)
		assert.Equal(t, "DOOH", chs[6].Name)
	})
	t.Run("publishers", func(t *testing.T) {
		var ps []deals.Publisher
		meta := decodeFile(t, "publishers.json", &ps)
		assert.Equal(t, 1, meta.TotalCount)
		require.Len(t, ps, 1)
		assert.Equal(t, int64(100315), ps[0].OrganizationID)
		assert.Nil(t, ps[0].DeletedOn)
		var many []deals.Publisher
		decodeFile(t, "bulk_create_publishers.json", &many)
		assert.Len(t, many, 2)
		var del deals.Publisher
		decodeFile(t, "publisher_deleted.json", &del)
		require.NotNil(t, del.DeletedOn)
		assert.Equal(t, "2020-10-07T21:26:03+0000", del.DeletedOn.String())
	})
	t.Run("strategy links", func(t *testing.T) {
		var sd []deals.StrategyDeal
		meta := decodeFile(t, "strategy_deals.json", &sd)
		assert.Len(t, sd, 4)
		assert.Equal(t, 4, meta.TotalCount)
		var sg []deals.StrategyDealGroup
		decodeFile(t, "strategy_deal_groups.json", &sg)
		assert.Equal(t, "strategy_deal_group", sg[0].EntityType)
	})
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return b
}

func TestDecodePlatformShapes(t *testing.T) {
	var d deals.Deal
	decodeFile(t, "deal_platform.json", &d)
	assert.Equal(t, int64(457001), d.ID, "ids as strings")
	assert.Equal(t, int64(100315), d.Owner.ID)
	assert.Contains(t, d.Owner.Extra, "label")
	assert.Equal(t, []int64{100315}, d.Permissions.OrganizationIDs)
	assert.Contains(t, d.Permissions.Extra, "segment")
	assert.Equal(t, int64(12), *d.PublisherID)
	assert.True(t, *d.Status, `status "1"`)
	assert.False(t, *d.PartnerSourced)
	assert.Equal(t, "1.3", d.Price.Value.String(), "price as a bare number")
	assert.Equal(t, deals.DealSource("PARTNER"), d.DealSource)
	assert.False(t, d.DealSource.Valid(), "unknown enum values are kept")
	assert.Equal(t, deals.MediaType("AUDIO"), d.MediaType)
	assert.Equal(t, "2022-06-01T05:00:00-0400", d.StartDatetime.String(), "offset kept")
	assert.Equal(t, int64(4), d.Version)
	assert.Equal(t, 3, d.StrategiesCount)
	assert.Equal(t, int64(1), d.Channels[0].ID)
	assert.Contains(t, d.Extra, "floor_history")
	assert.Contains(t, d.Extra, "is_archived")

	t.Run("round trip keeps unknown fields", func(t *testing.T) {
		out, err := json.Marshal(d)
		require.NoError(t, err)
		var back map[string]any
		require.NoError(t, json.Unmarshal(out, &back))
		assert.Contains(t, back, "floor_history")
		assert.Equal(t, "kept", back["owner"].(map[string]any)["label"])
		assert.Equal(t, "x", back["permissions"].(map[string]any)["segment"])
		var again deals.Deal
		require.NoError(t, json.Unmarshal(out, &again))
		require.Len(t, again.Extra, len(d.Extra))
		for k, v := range d.Extra {
			assert.JSONEq(t, string(v), string(again.Extra[k]), k)
		}
	})
	t.Run("update of a read record sends changed unknown fields only", func(t *testing.T) {
		c := d
		c.Extra = map[string]json.RawMessage{}
		for k, v := range d.Extra {
			c.Extra[k] = v
		}
		c.Extra["is_archived"] = json.RawMessage("true")
		assert.Equal(t, []string{"is_archived"}, c.Changes())
	})
	t.Run("a value that fits no field is kept, not fatal", func(t *testing.T) {
		var x deals.Deal
		require.NoError(t, json.Unmarshal([]byte(`{"id":7,"strategies_count":"many","name":"n"}`), &x))
		assert.Equal(t, int64(7), x.ID)
		assert.JSONEq(t, `"many"`, string(x.Extra["strategies_count"]))
	})
	t.Run("a malformed price value is a misfit of the price", func(t *testing.T) {
		var x deals.Deal
		err := json.Unmarshal([]byte(`{"id":7,"price":{"currency_code":"EUR","value":"abc"}}`), &x)
		require.NoError(t, err)
		require.NotNil(t, x.Price)
		assert.Equal(t, "EUR", x.Price.CurrencyCode)
		assert.Equal(t, []adama.Misfit{{Field: "price.value", Raw: json.RawMessage(`"abc"`)}}, x.Misfits())
		out, err := json.Marshal(x.Price)
		require.NoError(t, err)
		assert.JSONEq(t, `{"currency_code":"EUR","value":"abc"}`, string(out), "the kept value goes back")
	})
}
