package deals

import (
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkGenerated runs sameAsSlow over every generated record.
func checkGenerated(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*Ref).decodeFast, (*Ref).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Channel).decodeFast, (*Channel).decodeSlow)
	recordtest.SameAsSlow(t, b, (*StrategyDeal).decodeFast, (*StrategyDeal).decodeSlow)
	recordtest.SameAsSlow(t, b, (*StrategyDealGroup).decodeFast, (*StrategyDealGroup).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Owner).decodeFast, (*Owner).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Permissions).decodeFast, (*Permissions).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Deal).decodeFast, (*Deal).decodeSlow)
	recordtest.SameAsSlow(t, b, (*DealGroup).decodeFast, (*DealGroup).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Publisher).decodeFast, (*Publisher).decodeSlow)
}

// fastSeeds are the bodies of testdata (their data member and its items
// too) and the forms the one-pass decoder reads itself or leaves to
// internal/record.
func fastSeeds(t testing.TB) [][]byte {
	out := recordtest.Bodies(t, "testdata/*.json")
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"id":"7","name":"Display","pos":"1","created_on":"2020-07-20T11:13:55+0000"}`,
		`{"id":7,"name":12,"pos":1.0,"updated_on":"soon"}`,
		`{"id":{},"name":[],"pos":true}`,
		`{"ID":5,"id":6}`, `{"name":"a","NAME":"b"}`, `{"id":1,"id":"x"}`, `{"id":"x","id":1}`,
		`{"id":1,"entity_type":"strategy_deal","strategy_id":"4321","deal_id":9,"strategy":{"id":"4321","name":"S"},"campaign":null,"advertiser":{"id":{}}}`,
		`{"id":2,"deal_group_id":"3","strategy":[],"campaign":{"id":1,"x":[1,{"y":null}]}}`,
		"{\"name\":\"\xff\",\"n\\u0061me\":\"esc\",\"\xfe\":1}",
		`{"name":"\u00e9\ud83c\udfaf","id":"-0","pos":"+5"}`,
		// Deals, groups, publishers and their owners and permissions, in
		// the forms the platform sends and some it should not.
		`{"id":"6","owner":{"type":"AGENCY","id":"5"},"price":"1.5","channels":[{"id":"1"},{"id":2,"name":"Video"}],"status":"true","strategies_count":"3"}`,
		`{"id":6,"owner":{"type":"ORGANIZATION","id":7,"x":[1]},"price":{"value":"1.3000","currency_code":"EUR","y":1},"deal_groups":[{"id":1,"name":"g"}],"supply_source":{"id":"2"},"start_datetime":"2026-06-01T05:00:00+0000"}`,
		`{"price":{"value":{}},"owner":5,"permissions":{"all_organizations":"false","organization_ids":["7"],"agency_ids":[],"advertiser_ids":null}}`,
		`{"price":true,"channels":[{"id":{}}],"deal_ids":["1",2,{}],"advertiser_id":"","has_strategies":"yes"}`,
		`{"price":null,"owner":null,"permissions":null,"channels":null,"deal_ids":null,"price_type":"FIXED","deal_type":"pg","version":"3"}`,
		`{"type":"ORGANIZATION","id":"7"}`, `{"type":7,"id":true}`, `{"type":"","id":""}`,
		`{"all_organizations":true,"organization_ids":[1],"agency_ids":["2","3"],"advertiser_ids":[4]}`,
		`{"all_organizations":"1","agency_ids":"2"}`,
		`{"id":5,"name":"p","organization_id":"7","last_touch_user_id":9,"deleted_on":"2026-01-02T03:04:05+0000","note":"a"}`,
		`{"id":4,"name":"g","owner":{"type":"ORGANIZATION","id":7},"deal_ids":[2],"status":true,"version":2,"x":1}`,
		`{"Owner":{"id":1},"owner":{"ID":2},"PRICE":"1"}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkGenerated(t, b)
		var c Channel
		if jsonscan.Valid(b) && c.decodeFast(b) {
			decided++
		}
	}
	if decided < 10 {
		t.Fatalf("the one-pass decoder decided only %d of the seeds", decided)
	}
	var c Channel
	if !c.decodeFast([]byte(`{"id":"3","name":"Video","pos":2,"created_on":"2020-07-20T11:13:55+0000"}`)) {
		t.Fatal("a platform channel is not read in one pass")
	}
	if c.ID != 3 || c.Name != "Video" || c.Pos != 2 || c.CreatedOn == nil {
		t.Fatalf("channel %+v", c)
	}
	if c.decodeFast([]byte(`{"id":{}}`)) {
		t.Fatal("a misfit is read in one pass")
	}
	// A nested record with a misfit goes to internal/record alone; its
	// parent is still read in one pass, with the misfit in the child.
	var s StrategyDeal
	if !s.decodeFast([]byte(`{"id":1,"strategy":{"id":{}}}`)) {
		t.Fatal("a parent of a nested misfit is not read in one pass")
	}
	if m := s.Misfits(); len(m) != 1 || m[0].Field != "strategy.id" {
		t.Fatalf("misfits %v", m)
	}
	// A platform deal is read in one pass, its owner by value and its
	// hand-written price through the price's own decoder.
	var d Deal
	if !d.decodeFast([]byte(`{"id":"6","owner":{"type":"AGENCY","id":"5"},"price":"1.5","channels":[{"id":1}],"strategies_count":"2"}`)) {
		t.Fatal("a platform deal is not read in one pass")
	}
	if d.ID != 6 || !d.Owner.Equal(Owner{Type: OwnerTypeAgency, ID: 5}) || d.Price == nil || d.Price.String() != "1.5" ||
		len(d.Channels) != 1 || d.Channels[0].ID != 1 || d.StrategiesCount != 2 {
		t.Fatalf("deal %+v", d)
	}
	if d.decodeFast([]byte(`{"owner":5}`)) || d.decodeFast([]byte(`{"price":true}`)) {
		t.Fatal("a misfit owner or price is read in one pass")
	}
	var p Deal
	if !p.decodeFast([]byte(`{"price":{"value":{}}}`)) {
		t.Fatal("a deal whose price holds a misfit is not read in one pass")
	}
	if m := p.Misfits(); len(m) != 1 || m[0].Field != "price.value" {
		t.Fatalf("misfits %v", m)
	}
}

// FuzzFastDecodeMatchesRecord: on any valid JSON, each generated record's
// one-pass decoder either leaves the body to internal/record or gives
// exactly the record internal/record gives.
func FuzzFastDecodeMatchesRecord(f *testing.F) {
	for _, b := range fastSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(checkGenerated)
}
