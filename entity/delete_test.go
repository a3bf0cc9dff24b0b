package entity_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// Every delete over real HTTP through adamatest, in JSON and XML: with
// the version read first, with the caller's version, a stale version (409,
// the record kept), and a budget flight under another campaign (404).
func TestDeleteOverHTTP(t *testing.T) {
	ec, srv := newTestClient(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	adv, err := ec.Advertisers.Create(ctx, &entity.Advertiser{Common: entity.Common{Name: "Adv"}, AgencyID: 1, AdServerID: 1, Domain: "https://a.example", VerticalID: 2})
	require.NoError(t, err)
	camp, err := ec.Campaigns.Create(ctx, entity.FullCampaign(&entity.Campaign{Common: entity.Common{Name: "C"}, AdvertiserID: adv.ID}))
	require.NoError(t, err)
	st, err := ec.Strategies.Create(ctx, entity.FullStrategy(&entity.Strategy{Common: entity.Common{Name: "S"}, CampaignID: camp.ID, UseCampaignEnd: adama.BoolPtr(true)}))
	require.NoError(t, err)
	concept, err := ec.Concepts.Create(ctx, &entity.Concept{Common: entity.Common{Name: "K"}, AdvertiserID: adv.ID})
	require.NoError(t, err)

	for _, client := range []*entity.Client{ec, xc} {
		sc, err := client.StrategyConcepts.Create(ctx, &entity.StrategyConcept{Common: entity.Common{Name: "SC"}, StrategyID: &st.ID, ConceptID: &concept.ID})
		require.NoError(t, err)
		require.NoError(t, client.StrategyConcepts.Delete(ctx, sc.ID, nil), "the version is read first")
		_, err = client.StrategyConcepts.Get(ctx, sc.ID, nil)
		assert.ErrorIs(t, err, adama.ErrNotFound)

		dp, err := client.StrategyDayParts.Create(ctx, &entity.StrategyDayPart{StrategyID: st.ID, StartHour: ip(0), EndHour: ip(12), Days: "MTWRF"})
		require.NoError(t, err)
		srv.Entities().StrategyDayParts().SetRaw(dp.ID, "name", "changed by another user")
		err = client.StrategyDayParts.Delete(ctx, dp.ID, &entity.DeleteOptions{Version: adama.Ptr(dp.Version)})
		require.ErrorIs(t, err, adama.ErrConflict, "a stale version")
		_, ok := srv.Entities().StrategyDayParts().Get(dp.ID)
		assert.True(t, ok, "a refused delete deletes nothing")
		require.NoError(t, client.StrategyDayParts.Delete(ctx, dp.ID, &entity.DeleteOptions{Version: adama.Ptr(dp.Version + 1)}))
		_, ok = srv.Entities().StrategyDayParts().Get(dp.ID)
		assert.False(t, ok)

		vc, err := client.VendorContracts.Create(ctx, &entity.VendorContract{Common: entity.Common{Name: "VC"}, VendorID: i64(1), CampaignID: &camp.ID})
		require.NoError(t, err)
		require.NoError(t, client.VendorContracts.Delete(ctx, vc.ID, nil))

		k, err := client.Contracts.Create(ctx, testContract())
		require.NoError(t, err)
		require.NoError(t, client.Contracts.Delete(ctx, k.ID, nil))
		assert.ErrorIs(t, client.Contracts.Delete(ctx, k.ID, nil), adama.ErrNotFound)

		bf, err := client.BudgetFlights.Create(ctx, &entity.BudgetFlight{CampaignID: camp.ID, StartDate: entity.Day1, EndDate: entity.Day2, TotalBudget: adama.MustMoney("USD", "500")})
		require.NoError(t, err)
		assert.ErrorIs(t, client.BudgetFlights.Delete(ctx, camp.ID+1000, bf.ID, &entity.DeleteOptions{Version: adama.Ptr(0)}), adama.ErrNotFound, "another campaign's flight")
		require.NoError(t, client.BudgetFlights.Delete(ctx, camp.ID, bf.ID, nil))
		_, ok = srv.Entities().BudgetFlights().Get(bf.ID)
		assert.False(t, ok)
	}
}

// Ids and versions are checked before sending.
func TestDeleteValidation(t *testing.T) {
	ec, _ := newTestClient(t)
	ctx := context.Background()
	var ve *adama.ValidationError
	require.ErrorAs(t, ec.StrategyConcepts.Delete(ctx, 0, nil), &ve)
	assert.Equal(t, "id", ve.Violations[0].Field)
	require.ErrorAs(t, ec.Contracts.Delete(ctx, 1, &entity.DeleteOptions{Version: adama.Ptr(-1)}), &ve)
	assert.Equal(t, "version", ve.Violations[0].Field)
	require.ErrorAs(t, ec.BudgetFlights.Delete(ctx, 0, 1, nil), &ve)
	assert.Equal(t, "campaign_id", ve.Violations[0].Field)
}

// gockEntity returns a group A client whose transport gock intercepts.
func gockEntity(t *testing.T, opts ...entity.Option) *entity.Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc); gock.Off() })
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(3))
	require.NoError(t, err)
	return entity.New(c, opts...)
}

// bodyIs matches a request whose body is exactly want.
func bodyIs(want string, sent *string) gock.MatchFunc {
	return func(r *http.Request, _ *gock.Request) (bool, error) {
		b, err := io.ReadAll(r.Body)
		*sent = string(b)
		return err == nil && *sent == want, err
	}
}

// The exact requests of a delete: the form version=N on the delete path
// (after a GET when the caller gave no version), the deleted-record answer
// read in JSON and XML, and a 409 answered once, never retried.
func TestDeleteExactRequest(t *testing.T) {
	deleted, err := os.ReadFile("testdata/platform/strategy_concept_deleted.json")
	require.NoError(t, err)
	deletedXML, err := os.ReadFile("testdata/platform/strategy_concept_deleted.xml")
	require.NoError(t, err)
	conflict, err := os.ReadFile("testdata/platform/delete_conflict.json")
	require.NoError(t, err)
	conflictXML, err := os.ReadFile("testdata/platform/delete_conflict.xml")
	require.NoError(t, err)
	ctx := context.Background()
	var sent string

	t.Run("version given", func(t *testing.T) {
		ec := gockEntity(t)
		gock.New("https://api.example").Post("^/api/v2.0/strategy_concepts/4410/delete$").
			MatchHeader("Cookie", "^adama_session=ck-1$").MatchType("url").AddMatcher(bodyIs("version=3", &sent)).
			Reply(200).SetHeader("Content-Type", "application/vnd.svc.v1+json").BodyString(string(deleted))
		require.NoError(t, ec.StrategyConcepts.Delete(ctx, 4410, &entity.DeleteOptions{Version: adama.Ptr(3)}), "sent %q", sent)
		assert.True(t, gock.IsDone())
	})
	t.Run("version read first, XML", func(t *testing.T) {
		ec := gockEntity(t, entity.WithXML())
		gock.New("https://api.example").Get("^/api/v2.0/strategy_concepts/4410$").
			Reply(200).SetHeader("Content-Type", "application/xml").BodyString(string(deletedXML))
		gock.New("https://api.example").Post("^/api/v2.0/strategy_concepts/4410/delete$").
			MatchHeader("Accept", "xml").MatchType("url").AddMatcher(bodyIs("version=3", &sent)).
			Reply(200).SetHeader("Content-Type", "application/xml").BodyString(string(deletedXML))
		require.NoError(t, ec.StrategyConcepts.Delete(ctx, 4410, nil), "sent %q", sent)
		assert.True(t, gock.IsDone())
	})
	t.Run("budget flight under its campaign", func(t *testing.T) {
		ec := gockEntity(t)
		gock.New("https://api.example").Post("^/api/v2.0/campaigns/7701/budget_flights/55/delete$").
			MatchType("url").AddMatcher(bodyIs("version=0", &sent)).
			Reply(200).JSON(map[string]any{"data": map[string]any{"id": 55, "entity_type": "budget_flight", "version": 0, "campaign_id": 7701}, "meta": map[string]any{"status": "ok"}})
		require.NoError(t, ec.BudgetFlights.Delete(ctx, 7701, 55, &entity.DeleteOptions{Version: adama.Ptr(0)}), "sent %q", sent)
		assert.True(t, gock.IsDone())
	})
	for _, tc := range []struct {
		name, mt string
		body     []byte
		opts     []entity.Option
	}{{"409 JSON", "application/json", conflict, nil}, {"409 XML", "text/xml", conflictXML, []entity.Option{entity.WithXML()}}} {
		t.Run(tc.name, func(t *testing.T) {
			ec := gockEntity(t, tc.opts...)
			gock.New("https://api.example").Post("^/api/v2.0/contracts/4/delete$").
				MatchType("url").AddMatcher(bodyIs("version=2", &sent)).Times(1).
				Reply(409).SetHeader("Content-Type", tc.mt).BodyString(string(tc.body))
			err := ec.Contracts.Delete(ctx, 4, &entity.DeleteOptions{Version: adama.Ptr(2)})
			require.ErrorIs(t, err, adama.ErrConflict)
			var ae *adama.Error
			require.True(t, errors.As(err, &ae))
			assert.Equal(t, 1, max(ae.Attempts, 1), "a conflict is not retried")
			assert.True(t, gock.IsDone())
			assert.False(t, gock.HasUnmatchedRequest())
		})
	}
}

func money(m adama.Money, currency string) string {
	d, _ := m.Get(currency)
	return d.String()
}

func testContract() *entity.Contract {
	return &entity.Contract{OrganizationID: 1, CurrencyCode: "USD", EffectiveStartDate: entity.Day1, EffectiveEndDate: entity.Day2,
		PlatformMonthlyMin: adama.Ptr[int64](5000), ExcludeAgencyMargin: adama.BoolPtr(false), ProfitShareFeePct: adama.Ptr(adama.MustDecimal("12.5")),
		P1ASFeeCPM: adama.MustMoney("USD", "0.05"), P1VadsFeeCPM: adama.MustMoney("USD", "0.25"), P1HTML5FeeCPM: adama.MustMoney("USD", "0.05"),
		StandardSegmentCPM: adama.MustMoney("USD", "0.1"), AdaptiveSegmentCPM: adama.MustMoney("USD", "0"),
		PlatformAccessFeeUnit: entity.FeeUnitPctTotalCost, PlatformAccessFeePct: adama.Ptr(adama.MustDecimal("8.25"))}
}

// Contracts over real HTTP: create, read (JSON and XML), list, update,
// history, and the adamatest handle holding the SDK's record.
func TestContractsOverHTTP(t *testing.T) {
	ec, srv := newTestClient(t)
	xc := newXMLClient(t, srv)
	crud(t, ec.Contracts.Service, xc.Contracts.Service, testContract(), func(k *entity.Contract) {
		k.ManagedServiceFeeUnit = entity.ContractFeeUnitPctNetTotalSpend
		k.ManagedServiceFeePct = adama.Ptr(adama.MustDecimal("15"))
	})
	all := srv.Entities().Contracts().All()
	require.Len(t, all, 1)
	k := all[0]
	assert.Equal(t, entity.ContractFeeUnitPctNetTotalSpend, k.ManagedServiceFeeUnit)
	assert.Equal(t, "15", k.ManagedServiceFeePct.String())

	_, err := ec.Contracts.Create(context.Background(), &entity.Contract{OrganizationID: 1})
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve, "the reference's create requirements")
	_, err = ec.Contracts.Create(context.Background(), func() *entity.Contract {
		k := testContract()
		k.PartnershipRebateFeeUnit = entity.FeeUnitFixed // spec 2.9: CPM or PCT_TOTAL_COST only
		return k
	}())
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, "partnership_rebate_fee_unit", ve.Violations[0].Field)
}

// A contract body of the platform's shape decodes in JSON and XML: the
// fee fields of spec 2.9 and the reference's, money, decimals and units
// typed, the vendor-named fields kept in Extra.
func TestContractDecoding(t *testing.T) {
	for _, file := range []string{"contract.json", "contract.xml"} {
		t.Run(file, func(t *testing.T) {
			body, err := os.ReadFile("testdata/platform/" + file)
			require.NoError(t, err)
			ec := gockEntity(t)
			mt := "application/vnd.svc.v1+json"
			if file == "contract.xml" {
				mt = "application/xml"
			}
			gock.New("https://api.example").Get("^/api/v2.0/contracts/4$").Reply(200).SetHeader("Content-Type", mt).BodyString(string(body))
			k, err := ec.Contracts.Get(context.Background(), 4, nil)
			require.NoError(t, err)
			assert.Equal(t, int64(4), k.ID)
			assert.Equal(t, 44, k.Version)
			assert.Equal(t, int64(34), k.OrganizationID)
			assert.Equal(t, int64(1207), *k.ContractNumber)
			assert.Equal(t, "USD", k.CurrencyCode)
			assert.Equal(t, int64(5000), *k.PlatformMonthlyMin)
			assert.Equal(t, "12.5", k.ProfitShareFeePct.String())
			assert.Equal(t, entity.FeeUnitPctTotalCost, k.PlatformAccessFeeUnit)
			assert.Equal(t, "8.25", k.PlatformAccessFeePct.String())
			assert.Equal(t, "0.05", money(k.P1ASFeeCPM, "USD"))
			assert.Equal(t, "0.1", money(k.StandardSegmentCPM, "USD"))
			assert.Equal(t, entity.ContractFeeUnitPctNetTotalSpend, k.ManagedServiceFeeUnit)
			assert.Equal(t, 2026, k.EffectiveStartDate.Year())
			assert.False(t, bool(*k.ExcludeAgencyMargin))
			assert.Contains(t, k.Extra, "evidon_privacy_cost_cpm", "a vendor-named field is kept")
			assert.Empty(t, k.Misfits())
			if file == "contract.json" {
				assert.Nil(t, k.PartnershipRebateFeePct, "null reads as absent")
				assert.Equal(t, entity.ContractFeeUnitCPTS, k.DMPFeeUnit)
				assert.Equal(t, "0.035", k.ViewabilityVideoAllImps.String())
				assert.JSONEq(t, "0.3", string(k.Extra["fbx_dynamic_cpm"]))
			}
		})
	}
}

// The adamatest handle serves contracts like every collection.
func TestContractsHandle(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithEntity("contracts", map[string]any{"organization_id": 1, "currency_code": "EUR"}))
	c, err := srv.NewClient()
	require.NoError(t, err)
	ec := entity.New(c)
	p, err := ec.Contracts.List(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, "EUR", p.Items[0].CurrencyCode)
}
