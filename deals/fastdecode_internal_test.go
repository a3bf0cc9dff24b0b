package deals

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
)

type twoDecoders interface {
	decodeFast([]byte) bool
	decodeSlow([]byte) error
}

// sameAsSlow checks that where the one-pass decoder of T decides, it
// gives exactly the record internal/record gives.
func sameAsSlow[T any, P interface {
	*T
	twoDecoders
}](t *testing.T, b []byte) {
	t.Helper()
	var fast, slow T
	if !P(&fast).decodeFast(b) {
		return
	}
	if err := P(&slow).decodeSlow(b); err != nil {
		t.Fatalf("%T: the one-pass decoder read %s, internal/record fails: %v", fast, b, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		fb, _ := json.Marshal(fast)
		sb, _ := json.Marshal(slow)
		t.Fatalf("%T of %s:\none pass: %+v\n%s\nrecord:   %+v\n%s", fast, b, fast, fb, slow, sb)
	}
}

// checkGenerated runs sameAsSlow over every generated record.
func checkGenerated(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	sameAsSlow[Ref](t, b)
	sameAsSlow[Channel](t, b)
	sameAsSlow[StrategyDeal](t, b)
	sameAsSlow[StrategyDealGroup](t, b)
}

// fastSeeds are the bodies of testdata (their data member and its items
// too) and the forms the one-pass decoder reads itself or leaves to
// internal/record.
func fastSeeds(t testing.TB) [][]byte {
	var out [][]byte
	files, err := filepath.Glob("testdata/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
		var env struct{ Data json.RawMessage }
		if json.Unmarshal(b, &env) == nil && env.Data != nil {
			out = append(out, env.Data)
			out = append(out, elements(env.Data)...)
		}
		out = append(out, elements(b)...)
	}
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

// elements returns the items of the JSON array b (none for anything else).
func elements(b []byte) [][]byte {
	var items []json.RawMessage
	if json.Unmarshal(b, &items) != nil {
		return nil
	}
	out := make([][]byte, len(items))
	for i, it := range items {
		out[i] = it
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
