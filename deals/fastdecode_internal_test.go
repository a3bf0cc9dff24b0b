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
