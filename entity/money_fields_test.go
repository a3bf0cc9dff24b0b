package entity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// A campaign's fees arrive as one-currency money arrays
// ("ad_server_fee":[{"currency_code":"USD","value":10.01}]): the SDK keeps
// the currency in JSON and XML, and an update of another field sends
// neither fee, so the platform's arrays stay as they were.
func TestPlatformCampaignFeesKeepCurrency(t *testing.T) {
	for _, tc := range []struct{ name, file, mt string }{
		{"json", "campaign_fee_money.json", "application/vnd.svc.v1+json"},
		{"xml", "campaign_fee_money.xml", "application/xml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, err := os.ReadFile("testdata/platform/" + tc.file)
			require.NoError(t, err)
			var mu sync.Mutex
			var posted []url.Values
			answer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method == http.MethodPost {
					b, _ := io.ReadAll(r.Body)
					form, _ := url.ParseQuery(string(b))
					mu.Lock()
					posted = append(posted, form)
					mu.Unlock()
				}
				w.Header().Set("Content-Type", tc.mt)
				_, _ = w.Write(body)
			})
			ec, srv := newTestClient(t,
				adamatest.WithRoute("GET /api/v2.0/campaigns/7701", adamatest.RequireSession, answer),
				adamatest.WithRoute("POST /api/v2.0/campaigns/7701", adamatest.RequireSession, answer))
			if tc.name == "xml" {
				ec = newXMLClient(t, srv)
			}
			ctx := context.Background()
			c, err := ec.Campaigns.Get(ctx, 7701, nil)
			require.NoError(t, err)
			assert.Equal(t, adama.MustMoney("USD", "10.01"), c.AdServerFee)
			assert.Equal(t, adama.MustMoney("USD", "10"), c.SpendCapAmount)
			fee, ok := c.AdServerFee.Get("USD")
			require.True(t, ok, "the fee is in USD")
			assert.Equal(t, "10.01", fee.String())
			assert.Equal(t, adama.MustMoney("USD", "25000"), c.TotalBudget)
			assert.NotContains(t, c.Extra, "ad_server_fee")
			assert.Empty(t, c.Currencies, "money fields keep their own currencies")

			c.Name = "Holiday push 2"
			out, err := ec.Campaigns.Update(ctx, c)
			require.NoError(t, err)
			assert.Equal(t, adama.MustMoney("USD", "10.01"), out.AdServerFee)
			mu.Lock()
			require.Len(t, posted, 1)
			assert.Equal(t, url.Values{"name": {"Holiday push 2"}, "version": {"6"}}, posted[0],
				"an unrelated change sends neither fee: nothing turns the arrays into scalars")
			mu.Unlock()

			c.Name = "Holiday push"
			c.AdServerFee = adama.MustMoney("USD", "12.5")
			form, err := entity.UpdateForm(ec.Campaigns, c)
			require.NoError(t, err)
			assert.Equal(t, "12.5", form.Get("ad_server_fee"), "a changed fee is sent as the form's scalar")
			assert.NotContains(t, form, "spend_cap_amount")
		})
	}
}

// Over the fake: a read-modify-write of another field leaves the fees as
// one-currency arrays, currency included, in JSON and XML.
func TestCampaignFeesRoundTrip(t *testing.T) {
	fee := []any{map[string]any{"currency_code": "USD", "value": 10.01}}
	capAmt := []any{map[string]any{"currency_code": "USD", "value": 10}}
	ec, srv := newTestClient(t, adamatest.WithEntity("campaigns", map[string]any{
		"id": 7701, "name": "Holiday push", "advertiser_id": 5001, "ad_server_fee": fee, "spend_cap_amount": capAmt}))
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			srv.ResetRequests()
			out, err := c.Campaigns.Modify(ctx, 7701, func(c *entity.Campaign) error {
				c.Name = "Renamed " + name
				return nil
			})
			require.NoError(t, err)
			assert.Equal(t, "Renamed "+name, out.Name)
			for _, r := range apiRequests(srv) {
				if r.Method == http.MethodPost {
					assert.NotContains(t, string(r.Body), "ad_server_fee")
					assert.NotContains(t, string(r.Body), "spend_cap_amount")
				}
			}
			got, err := c.Campaigns.Get(ctx, 7701, nil)
			require.NoError(t, err)
			assert.Equal(t, adama.MustMoney("USD", "10.01"), got.AdServerFee)
			assert.Equal(t, adama.MustMoney("USD", "10"), got.SpendCapAmount)
			stored, err := json.Marshal(srv.Entities().Campaigns().Raw(7701)["ad_server_fee"])
			require.NoError(t, err)
			assert.JSONEq(t, `[{"currency_code":"USD","value":10.01}]`, string(stored), "the platform's array is untouched")
		})
	}
}

// Every number field of group A that holds money reads a plain number, a
// numeric string and a one-currency array alike, keeping the currency;
// a number field that is not money keeps an array's currency in
// Common.Currencies. JSON and XML (amount children) read the same.
func TestMoneyFieldsKeepCurrency(t *testing.T) {
	type check func(t *testing.T, b []byte, xml bool)
	one := func(coll string, get func(t *testing.T, b []byte, xml bool) map[string]adama.Money) check {
		return func(t *testing.T, b []byte, xml bool) {
			for k, m := range get(t, b, xml) {
				assert.Equal(t, adama.MustMoney("EUR", "1.25"), m, "%s %s", coll, k)
			}
		}
	}
	decode := func(t *testing.T, b []byte, xml bool, dst any) {
		t.Helper()
		var err error
		switch d := dst.(type) {
		case **entity.Campaign:
			*d, err = first[entity.Campaign](b, xml)
		case **entity.Advertiser:
			*d, err = first[entity.Advertiser](b, xml)
		case **entity.PixelBundle:
			*d, err = first[entity.PixelBundle](b, xml)
		case **entity.Vendor:
			*d, err = first[entity.Vendor](b, xml)
		case **entity.VendorContract:
			*d, err = first[entity.VendorContract](b, xml)
		case **entity.PlacementSlot:
			*d, err = first[entity.PlacementSlot](b, xml)
		case **entity.StrategyTargetingSegment:
			*d, err = first[entity.StrategyTargetingSegment](b, xml)
		}
		require.NoError(t, err)
	}
	cases := []struct {
		typ    string
		fields []string
		check  check
	}{
		{"campaign", []string{"ad_server_fee", "spend_cap_amount"}, one("campaign", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.Campaign
			decode(t, b, xml, &r)
			return map[string]adama.Money{"ad_server_fee": r.AdServerFee, "spend_cap_amount": r.SpendCapAmount}
		})},
		{"advertiser", []string{"ad_server_fee"}, one("advertiser", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.Advertiser
			decode(t, b, xml, &r)
			return map[string]adama.Money{"ad_server_fee": r.AdServerFee}
		})},
		{"pixel_bundle", []string{"cost_cpm", "cost_cpts"}, one("pixel_bundle", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.PixelBundle
			decode(t, b, xml, &r)
			return map[string]adama.Money{"cost_cpm": r.CostCPM, "cost_cpts": r.CostCPTS}
		})},
		{"vendor", []string{"rate_card_price", "wholesale_price"}, one("vendor", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.Vendor
			decode(t, b, xml, &r)
			return map[string]adama.Money{"rate_card_price": r.RateCardPrice, "wholesale_price": r.WholesalePrice}
		})},
		{"vendor_contract", []string{"price"}, one("vendor_contract", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.VendorContract
			decode(t, b, xml, &r)
			return map[string]adama.Money{"price": r.Price}
		})},
		{"placement_slot", []string{"budget", "buy_price", "sell_price", "prm_pub_ceiling"}, one("placement_slot", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.PlacementSlot
			decode(t, b, xml, &r)
			return map[string]adama.Money{"budget": r.Budget, "buy_price": r.BuyPrice, "sell_price": r.SellPrice, "prm_pub_ceiling": r.PrmPubCeiling}
		})},
		{"strategy_targeting_segment", []string{"user_cpm"}, one("strategy_targeting_segment", func(t *testing.T, b []byte, xml bool) map[string]adama.Money {
			var r *entity.StrategyTargetingSegment
			decode(t, b, xml, &r)
			return map[string]adama.Money{"user_cpm": r.UserCPM}
		})},
	}
	for _, tc := range cases {
		for _, form := range []string{"array", "xml"} {
			t.Run(tc.typ+"/"+form, func(t *testing.T) {
				var b []byte
				if form == "xml" {
					var props strings.Builder
					for _, f := range tc.fields {
						props.WriteString(`<prop name="` + f + `"><amount currency_code="EUR" value="1.25"/></prop>`)
					}
					b = []byte(`<result><entities count="1" start="0"><entity id="1" name="n" type="` + tc.typ + `" version="0">` + props.String() + `</entity></entities><status code="ok"/></result>`)
				} else {
					rec := map[string]any{"id": 1, "name": "n", "version": 0}
					for _, f := range tc.fields {
						rec[f] = []any{map[string]any{"currency_code": "EUR", "value": 1.25}}
					}
					b, _ = json.Marshal(map[string]any{"data": []any{rec}, "meta": map[string]any{"status": "success", "count": 1}})
				}
				tc.check(t, b, form == "xml")
			})
		}
	}

	// A plain number or a numeric string still reads, without a currency.
	var c entity.Campaign
	require.NoError(t, json.Unmarshal([]byte(`{"id":1,"version":0,"ad_server_fee":0.75,"spend_cap_amount":"10"}`), &c))
	assert.Equal(t, adama.Money{{Value: adama.MustDecimal("0.75")}}, c.AdServerFee)
	assert.Equal(t, adama.Money{{Value: adama.MustDecimal("10")}}, c.SpendCapAmount)

	// Nested money: a strategy's rmx_strategy price and its pixels' prices.
	var s entity.Strategy
	require.NoError(t, json.Unmarshal([]byte(`{"id":2,"version":1,"rmx_strategy":{"price":[{"currency_code":"USD","value":"3.5"}],"roi_target_pixels":[{"pixel_bundle_id":4,"price":[{"currency_code":"USD","value":1}]}]}}`), &s))
	require.NotNil(t, s.RMXStrategy)
	assert.Equal(t, adama.MustMoney("USD", "3.5"), s.RMXStrategy.Price)
	assert.Equal(t, adama.MustMoney("USD", "1"), s.RMXStrategy.ROITargetPixels[0].Price)

	// Number fields that are not money keep an array's currency aside.
	c = entity.Campaign{}
	require.NoError(t, json.Unmarshal([]byte(`{"id":1,"version":0,"agency_fee_pct":[{"currency_code":"USD","value":3}],"pv_pct":50,"frequency_amount":[{"currency_code":"USD","value":"2"}]}`), &c))
	require.NotNil(t, c.AgencyFeePct)
	assert.Equal(t, "3", c.AgencyFeePct.String())
	assert.Equal(t, 2, *c.FrequencyAmount)
	assert.Equal(t, map[string]string{"agency_fee_pct": "USD", "frequency_amount": "USD"}, c.Currencies)
	form, err := entity.UpdateForm(&entity.Service[entity.Campaign]{}, &c)
	require.NoError(t, err)
	assert.Equal(t, url.Values{"version": {"0"}}, form, "nothing changed, nothing sent")
}

// first decodes a one-record list body as a list call does.
func first[T any](b []byte, xml bool) (*T, error) {
	var p *entity.Page[T]
	var err error
	if xml {
		p, err = entity.DecodeXMLPage[T](bytes.NewReader(b))
	} else {
		p, err = entity.DecodeJSONPage[T](bytes.NewReader(b))
	}
	if err != nil {
		return nil, err
	}
	if len(p.Items) != 1 {
		return nil, io.ErrUnexpectedEOF
	}
	return p.Items[0], nil
}
