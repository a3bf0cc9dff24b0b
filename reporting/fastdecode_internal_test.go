package reporting

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkAll runs the one-pass check over every generated record that has
// a one-pass decoder (Field holds a float64 and Structure maps of fields:
// both are read through internal/record).
func checkAll(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*Transition).decodeFast, (*Transition).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Deprecation).decodeFast, (*Deprecation).decodeSlow)
	recordtest.SameAsSlow(t, b, (*ReportInfo).decodeFast, (*ReportInfo).decodeSlow)
}

// fastSeeds are the JSON bodies of testdata, the report list's entries,
// and the forms the one-pass decoder reads itself or leaves to
// internal/record.
func fastSeeds(t testing.TB) [][]byte {
	out := recordtest.Bodies(t, "testdata/*.json")
	b, err := os.ReadFile("testdata/reports_list.json")
	if err != nil {
		t.Fatal(err)
	}
	var list struct{ Reports map[string]json.RawMessage }
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	for _, r := range list.Reports {
		out = append(out, r)
	}
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"Name":"n","Version":"2","URI_Data":1,"URI_Meta":null,"Description":""}`,
		`{"Version":2.0}`, `{"Version":""}`, `{"Version":"two"}`, `{"Version":9223372036854775807}`,
		`{"version":3}`, `{"Version":1,"VERSION":2}`, `{"Version":1,"Version":null}`,
		`{"Transition":{"replaced_by":"x","transition_date":"2026-07-01T00:00:00Z","next_version":"3"}}`,
		`{"Transition":{"next_version":"soon"}}`, `{"Transition":[]}`, `{"Transition":null,"Deprecation":{"deprecation_date":5}}`,
		`{"Deprecation":{"superseded_by":null,"deprecation_date":"2026-07-01","x":[1,{"y":null}]}}`,
		"{\"Name\":\"\xff\",\"N\\u0061me\":\"esc\",\"\xfe\":1}",
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkAll(t, b)
		var x ReportInfo
		if jsonscan.Valid(b) && x.decodeFast(b) {
			decided++
		}
	}
	if decided < 10 {
		t.Fatalf("the one-pass decoder decided only %d of the seeds", decided)
	}
	var x ReportInfo
	if !x.decodeFast([]byte(`{"Name":"Performance","Version":1,"URI_Data":"d","URI_Meta":"m"}`)) || x.Version != 1 {
		t.Fatalf("a platform entry is not read in one pass: %+v", x)
	}
	if x.decodeFast([]byte(`{"Version":"two"}`)) {
		t.Fatal("a misfit is read in one pass")
	}
	if !x.decodeFast([]byte(`{"Transition":{"next_version":"soon"}}`)) {
		t.Fatal("a parent of a nested misfit is not read in one pass")
	}
	if m := x.Misfits(); len(m) != 1 || m[0].Field != "Transition.next_version" {
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
