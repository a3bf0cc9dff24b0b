package dmp

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkAll runs the one-pass check over every generated record.
func checkAll(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*Taxonomy).decodeFast, (*Taxonomy).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Node).decodeFast, (*Node).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Permissions).decodeFast, (*Permissions).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Grants).decodeFast, (*Grants).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Grant).decodeFast, (*Grant).decodeSlow)
}

// fastSeeds are the bodies of testdata (their data member and its items
// too) and the forms the one-pass decoder reads itself or leaves to
// internal/record.
func fastSeeds(t testing.TB) [][]byte {
	out := recordtest.Bodies(t, "testdata/*.json")
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"taxonomy_id":"100001","use_hash":"1","revenue_share_pct":"12.5","visibility":"PARTNER"}`,
		`{"id":"7","name":"Caf&eacute;","code":1013003,"uniques":"10","retail_cpm":"0.85","buyable":"true","children":null}`,
		`{"id":1.0,"uniques":1e3,"buyable":2,"code":true,"retail_cpm":{}}`,
		`{"ID":5,"id":6}`, `{"name":"a","NAME":"b"}`, `{"id":1,"id":"x"}`, `{"id":"x","id":1}`,
		`{"children":[null,{"name":"a"},{"children":[{"name":"b","z":[1,{"y":null}]}]}]}`,
		`{"children":[5]}`, `{"children":{}}`, `{"taxonomy":[]}`, `{"permissions":{"organizations":[1,"2",null]}}`,
		`{"organizations":[{"id":1,"name":"n"}],"agencies":null,"advertisers":[]}`,
		"{\"name\":\"\xff\",\"n\\u0061me\":\"esc\",\"\xfe\":1}",
		`{"name":"\u00e9\ud83c\udfaf","description":"a\"b","code":"-0","uniques":"+5","created_on":"2018-06-15T14:55:51+0000","updated_on":"timestamp"}`,
		`{"created_by":null,"updated_by":"","is_clearing_house":"off","use_hash":null,"visibility":null}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkAll(t, b)
		var x Taxonomy
		if jsonscan.Valid(b) && x.decodeFast(b) {
			decided++
		}
	}
	if decided < 10 {
		t.Fatalf("the one-pass decoder decided only %d of the seeds", decided)
	}
	// A platform answer is read in one pass; a misfit goes to
	// internal/record.
	b, err := os.ReadFile("testdata/get_response.json")
	if err != nil {
		t.Fatal(err)
	}
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	var x Taxonomy
	if !x.decodeFast(env.Data) {
		t.Fatal("a platform answer is not read in one pass")
	}
	if x.decodeFast([]byte(`{"taxonomy_id":{}}`)) {
		t.Fatal("a misfit is read in one pass")
	}
	var n Node
	if n.decodeFast([]byte(`{"uniques":{}}`)) {
		t.Fatal("a node's misfit is read in one pass")
	}
	// A nested record with a misfit goes to internal/record alone; its
	// parent is still read in one pass, with the misfit in the child.
	if !x.decodeFast([]byte(`{"taxonomy":{"children":[{"uniques":{}}]}}`)) {
		t.Fatal("a parent of a nested misfit is not read in one pass")
	}
	if m := x.Misfits(); len(m) != 1 || m[0].Field != "taxonomy.children[0].uniques" {
		t.Fatalf("misfits %v", m)
	}
}

// FuzzFastDecodeMatchesRecord: on any valid JSON, each record's one-pass
// decoder either leaves the body to internal/record or gives exactly the
// record internal/record gives.
func FuzzFastDecodeMatchesRecord(f *testing.F) {
	for _, b := range fastSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(checkAll)
}
