package entity

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

func FuzzPixelTargetExpr(f *testing.F) {
	for _, s := range []string{"( [1] AND [2] ) AND NOT ( [3] OR [4] )", "( [7] )", "NOT ( [3] )", "([1]or[2]) and not ([3])", "( [1] AND [2] OR [3] )", "[", "( [99999999999999999999] )"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParsePixelTargetExpr(s)
		if err != nil {
			if e != nil {
				t.Fatalf("%q: an error with a value: %+v", s, e)
			}
			return
		}
		if e == nil {
			t.Fatalf("%q: (nil, nil)", s)
		}
		if n := utf8.RuneCountInString(s); n > MaxPixelTargetExprLen {
			t.Fatalf("%q: accepted %d characters", s, n)
		}
		var st Strategy
		st.PixelTargetExpr = s
		var sub valid.Validator
		st.validate(&sub, false)
		if ve, ok := sub.Err().(*adama.ValidationError); ok && ve.Has("pixel_target_expr", "") {
			t.Fatalf("%q: parse accepts it, strategy validation refuses it: %v", s, ve)
		}
		e2, err := ParsePixelTargetExpr(e.String())
		if err != nil {
			t.Fatalf("String of a parsed %q does not parse: %v", s, err)
		}
		if !reflect.DeepEqual(e, e2) {
			t.Fatalf("round trip changed %q: %+v vs %+v", s, e, e2)
		}
	})
}

// platformSeeds are the recorded platform bodies FuzzDecodeRecords starts
// from.
var platformSeeds = []string{
	"strategy_day_parts_no_count.xml",
	"strategy_day_parts_no_total.json",
	"agencies_page1.json", "agencies_page2.json", "agencies_page3.json",
	"agencies_page1.xml", "agencies_page2.xml",
	"campaign_site_lists_assigned.json", "campaign_site_lists_assigned.xml", "strategy_site_lists_assigned.json",
	"campaign_fee_money.json", "campaign_fee_money.xml", "campaign_money_number.json",
	"strategy_misfit.json", "strategy_misfit.xml", "strategy_bad_integer.json",
}

func FuzzDecodeRecords(f *testing.F) {
	for _, s := range []string{
		`{"meta":{"status":"ok","count":1},"data":[{"id":1,"name":"S","entity_type":"strategy","version":2,"goal_value":[{"currency_code":"USD","value":"1.5"}],"status":"on","rmx_strategy":{"pricing_type":"CPM","roi_target_pixels":[{"pixel_bundle_id":3}]},"site_placements":[{"name":"p"}],"campaign":{"id":4,"advertiser":{"id":5}},"future":{"x":1}}]}`,
		`{"meta":{"status":"ok"},"data":[{"id":"x","status":"maybe","start_date":"bad","bid_aggressiveness":"z"}]}`,
		`{"meta":{"status":"ok"},"data":[null,{}]}`,
		`{"meta":{"status":"ok","count":"1"},"data":[{"id":50,"version":"3","impression_cap":"1000","total_budget":[{"currency_code":"EUR","value":"5.00"}],"deals":[{"entity_type":"deal","id":"11"},{"entity_type":"deal","id":12}],"password_reset_token":"t","ad_server_fee":"0.5","agency_fee_pct":3,"use_svc_freq":"0","start_date":"2026-05-01T00:00:00+0000","build_date":"2026-04-30T12:00:00+0000"}]}`,
	} {
		f.Add([]byte(s), false)
	}
	f.Add([]byte(`<?xml version="1.0"?><result><entities count="1" start="0"><entity id="1" name="S" type="strategy" version="1"><prop name="status" value="1"/><prop name="budget"><amount currency_code="USD" value="3"/></prop><entity rel="campaign" id="2" type="campaign"/></entity></entities><status code="ok"/></result>`), true)
	for _, name := range platformSeeds {
		b, err := os.ReadFile("testdata/platform/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, strings.HasSuffix(name, ".xml"))
	}
	f.Fuzz(func(t *testing.T, b []byte, isXML bool) {
		var err error
		if isXML {
			_, err = decodeXMLPage[Strategy](bytes.NewReader(b))
			_, _ = decodeXMLPage[Advertiser](bytes.NewReader(b))
			_, _ = decodeXMLPage[StrategyDayPart](bytes.NewReader(b))
			_, _ = decodeXMLPage[Agency](bytes.NewReader(b))
			_, _ = decodeXMLPage[Campaign](bytes.NewReader(b))
			_, _ = decodeXMLPage[SiteList](bytes.NewReader(b))
			_, _ = decodeXMLPage[Contract](bytes.NewReader(b))
		} else {
			_, err = decodeJSONPage[Strategy](bytes.NewReader(b))
			_, _ = decodeJSONPage[PixelBundle](bytes.NewReader(b))
			_, _ = decodeJSONPage[Campaign](bytes.NewReader(b))
			_, _ = decodeJSONPage[User](bytes.NewReader(b))
			_, _ = decodeJSONPage[SiteListAssignment](bytes.NewReader(b))
			_, _ = decodeJSONPage[StrategyDayPart](bytes.NewReader(b))
			_, _ = decodeJSONPage[Agency](bytes.NewReader(b))
			_, _ = decodeJSONPage[SiteList](bytes.NewReader(b))
			_, _ = decodeJSONPage[PlacementSlot](bytes.NewReader(b))
			_, _ = decodeJSONPage[VendorContract](bytes.NewReader(b))
			_, _ = decodeJSONPage[Contract](bytes.NewReader(b))
		}
		_ = err
		var env struct{ Data json.RawMessage }
		if json.Unmarshal(b, &env) == nil && len(env.Data) > 0 {
			var c Campaign
			if json.Unmarshal(env.Data, &c) == nil {
				_, _ = (&Service[Campaign]{}).updateForm(&c)
			}
		}
		var s Strategy
		if json.Unmarshal(b, &s) == nil {
			_ = Validate(&s, false)
			// A record read and left alone sends only its version: a
			// misfit is neither zeroed nor sent.
			if form, err := (&Service[Strategy]{}).updateForm(&s); err == nil && !s.Fresh() {
				if len(form) != 1 || form.Get("version") == "" {
					t.Fatalf("an unchanged record sends %v", form)
				}
			}
			for _, m := range s.Misfits() {
				if !strings.ContainsAny(m.Field, ".[") && s.Extra[m.Field] == nil {
					t.Fatalf("misfit %s not kept in Extra", m.Field)
				}
			}
		}
		if res, err := wire.DecodeXML(bytes.NewReader(b)); err == nil && res.Entity != nil {
			var a AtomicCreative
			_ = json.Unmarshal(wire.EntityJSON(res.Entity, reflect.TypeFor[AtomicCreative]()), &a)
			var c Campaign
			if json.Unmarshal(wire.EntityJSON(res.Entity, reflect.TypeFor[Campaign]()), &c) == nil {
				_, _ = (&Service[Campaign]{}).updateForm(&c)
			}
		}
	})
}
