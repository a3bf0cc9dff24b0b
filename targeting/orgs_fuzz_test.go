package targeting_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// FuzzOrgsDecode feeds arbitrary JSON to the decoders of the
// organizations family: decoding never panics, a record that decodes
// writes JSON that decodes again with as many misfits, and id and version
// survive the round trip.
func FuzzOrgsDecode(f *testing.F) {
	var env struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(f, "v3/reference/examples/listOrganizations.200.example.json"), &env); err != nil {
		f.Fatal(err)
	}
	for _, d := range env.Data {
		f.Add([]byte(d))
	}
	f.Add([]byte(`{"id":"7","org_type":["buyer","x"],"seats":[{"data":{"rmx_exchange_cost_cpm":"1.5","status":null}}],"holding_org_id":null}`))
	f.Add([]byte(`{"organization":{"id":"1"},"inherited_mfa_from":"Agency","version":"x","mfa_avoidance":3}`))
	f.Add([]byte(`{"settings":[{"key":1,"value":null}],"entity":{"settings_total":"2"}}`))
	f.Add([]byte(`{"id":4,"first_name":"A","last_name":"B","roles":[3,"4"],"permissions":{"organizations":[{"id":1}]},"last_login_on":null,"version":1}`))
	f.Add([]byte(`{"id":1,"vendor_type":"NEW_KIND","rate_card_type":null,"rate_card_price":"0.5","created_on":null,"rate":1e-3,"date":"2026-01-01T00:00:00+0000"}`))
	f.Add([]byte(`{"id":2,"mkt_sell_price":null,"rtb_enabled":"true","bidder_exchange_identifier":"9","description":null,"price":12.5}`))
	f.Add([]byte(`{"organizations":[{"id":"1","name":2}],"node_conns":{"constucting":"1"},"must_include":[2,"x"],"tag_type":"FLASH"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		roundTrip := func(v any, fresh func() any) {
			if err := json.Unmarshal(b, v); err != nil {
				return
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%T decoded but does not encode: %v", v, err)
			}
			again := fresh()
			if err := json.Unmarshal(out, again); err != nil {
				t.Fatalf("%T: its own output %s does not decode: %v", v, out, err)
			}
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok {
				if n := len(again.(interface{ Misfits() []adama.Misfit }).Misfits()); n != len(m.Misfits()) {
					t.Fatalf("%T: %d misfits, %d after a round trip through %s", v, len(m.Misfits()), n, out)
				}
			}
		}
		roundTrip(new(targeting.Organization), func() any { return new(targeting.Organization) })
		roundTrip(new(targeting.Agency), func() any { return new(targeting.Agency) })
		roundTrip(new(targeting.OrganizationSettings), func() any { return new(targeting.OrganizationSettings) })
		roundTrip(new(targeting.User), func() any { return new(targeting.User) })
		roundTrip(new(targeting.UserSettings), func() any { return new(targeting.UserSettings) })
		roundTrip(new(targeting.Vertical), func() any { return new(targeting.Vertical) })
		roundTrip(new(targeting.AdServer), func() any { return new(targeting.AdServer) })
		roundTrip(new(targeting.CurrencyRate), func() any { return new(targeting.CurrencyRate) })
		roundTrip(new(targeting.Timezone), func() any { return new(targeting.Timezone) })
		roundTrip(new(targeting.Vendor), func() any { return new(targeting.Vendor) })
		roundTrip(new(targeting.SupplySource), func() any { return new(targeting.SupplySource) })
		roundTrip(new(targeting.PixelProvider), func() any { return new(targeting.PixelProvider) })
		roundTrip(new(targeting.VendorContract), func() any { return new(targeting.VendorContract) })
		roundTrip(new(targeting.Role), func() any { return new(targeting.Role) })
		roundTrip(new(targeting.TargetValue), func() any { return new(targeting.TargetValue) })
		roundTrip(new(targeting.SearchResult), func() any { return new(targeting.SearchResult) })
		roundTrip(new(targeting.HealthCheck), func() any { return new(targeting.HealthCheck) })
		roundTrip(new(targeting.CreativeTag), func() any { return new(targeting.CreativeTag) })
		untouched(t, b, new(targeting.Organization), func(o *targeting.Organization) (int64, int64) { return o.ID, o.Version })
		untouched(t, b, new(targeting.Agency), func(a *targeting.Agency) (int64, int64) { return a.ID, a.Version })
		roles(t, b)
	})
}

// untouched checks that Update of a record read from b and left alone
// sends its version and nothing else (misfits included), as unchanged
// does for the records of export_test.go's UpdateBody.
func untouched[T any, P interface {
	*T
	targeting.Updater
}](t *testing.T, b []byte, rec P, ids func(P) (int64, int64)) {
	if json.Unmarshal(b, rec) != nil {
		return
	}
	id, version := ids(rec)
	body, err := targeting.UpdateBodyOf(rec)
	if id < 1 || version < 0 || version > math.MaxInt32 {
		if err == nil {
			t.Fatalf("%T: id %d, version %d accepted", rec, id, version)
		}
		return
	}
	if err != nil {
		t.Fatalf("%T read from %s: Update of the unchanged record: %v", rec, b, err)
	}
	if want := fmt.Sprintf(`{"version":%d}`, version); string(body) != want {
		t.Fatalf("%T read from %s: Update of the unchanged record sends %s, want %s", rec, b, body, want)
	}
}

// roles checks that Update of a user read from b and left alone sends the
// version with first_name, last_name and roles, which the body requires.
func roles(t *testing.T, b []byte) {
	var u targeting.User
	if json.Unmarshal(b, &u) != nil || u.ID < 1 || u.Version < 0 || u.Version > math.MaxInt32 || u.FirstName == "" || u.LastName == "" {
		return
	}
	body, err := targeting.UpdateBodyOf(&u)
	if err != nil {
		return // a rule the record breaks
	}
	var sent map[string]json.RawMessage
	if err := json.Unmarshal(body, &sent); err != nil {
		t.Fatalf("user read from %s: Update sends %s: %v", b, body, err)
	}
	for _, k := range []string{"version", "first_name", "last_name", "roles"} {
		if _, ok := sent[k]; !ok {
			t.Fatalf("user read from %s: Update sends %s without %s", b, body, k)
		}
	}
}
