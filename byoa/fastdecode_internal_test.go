package byoa

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkAll runs the one-pass check over every generated record that has
// a one-pass decoder (Submodel has none: its Features are read by their
// own UnmarshalJSON and its GoalType in any case).
func checkAll(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*Setting).decodeFast, (*Setting).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Logging).decodeFast, (*Logging).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Endpoint).decodeFast, (*Endpoint).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Executor).decodeFast, (*Executor).decodeSlow)
	recordtest.SameAsSlow(t, b, (*ExecutorInfo).decodeFast, (*ExecutorInfo).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Model).decodeFast, (*Model).decodeSlow)
	recordtest.SameAsSlow(t, b, (*ModelInfo).decodeFast, (*ModelInfo).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Upload).decodeFast, (*Upload).decodeSlow)
	recordtest.SameAsSlow(t, b, (*DecodedModel).decodeFast, (*DecodedModel).decodeSlow)
}

// fastSeeds are the bodies of testdata (their data member and its items
// too) and the forms the one-pass decoder reads itself or leaves to
// internal/record.
func fastSeeds(t testing.TB) [][]byte {
	out := recordtest.Bodies(t, "testdata/*.json")
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"campaign_id":"7","executor_id":"2","low":"0","high":99,"model_id":12,"namespace":100001,"uuid_type":"UUID"}`,
		`{"low":1.0,"high":1e2,"executor_id":true,"uuid_type":5}`,
		`{"low":9223372036854775807,"high":-9223372036854775808,"low":null}`,
		`{"low":"","high":" 3 ","executor_id":"0x10"}`,
		`{"brain_type_id":"1003","sample_rate":"100","upstream_enabled":"true","pop_ids":["ewr",null,7],"logging":{"logging_enabled":1}}`,
		`{"logging":null,"pop_ids":null,"logging":{"s3_bucketname":{}}}`,
		`{"executor_id":9,"endpoints":[null,{"endpoint_id":"a"},{"sample_rate":{}}]}`,
		`{"endpoints":{}}`, `{"endpoints":[5]}`, `{"Endpoints":[]}`,
		`{"Namespace":100001,"namespace":"x","Data":"abc","brain_type_id":3,"created_on":"2019-06-04T19:10:37.951112Z"}`,
		`{"Data":[{"GoalType":"CTR","Beta":[1,"2"],"Boundaries":null,"Features":[{"a":"0.5"}]},null]}`,
		`{"Data":[{"GoalType":5}]}`, `{"Data":null,"data_size":"2538"}`,
		`{"data":"abc","brain_type_id":1000.5}`, `{"data":1234,"brain_type_id":"1004"}`,
		"{\"model_id\":\"\xff\",\"m\\u006fdel_id\":\"esc\",\"\xfe\":1}",
		`{"created_on":"timestamp","updated_on":null,"executor_name":"\u00e9\ud83c\udfaf"}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkAll(t, b)
		var x Endpoint
		if jsonscan.Valid(b) && x.decodeFast(b) {
			decided++
		}
	}
	if decided < 10 {
		t.Fatalf("the one-pass decoder decided only %d of the seeds", decided)
	}
	// A platform answer is read in one pass; a misfit goes to
	// internal/record.
	b, err := os.ReadFile("testdata/router_executor.json")
	if err != nil {
		t.Fatal(err)
	}
	var env struct{ Data map[string]json.RawMessage }
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	for name, raw := range env.Data {
		var x Executor
		if !x.decodeFast(raw) {
			t.Fatalf("executor %q of a platform answer is not read in one pass", name)
		}
		if len(x.Endpoints) == 0 || x.Endpoints[0].BrainTypeID == 0 {
			t.Fatalf("executor %q read as %+v", name, x)
		}
	}
	var s Setting
	if s.decodeFast([]byte(`{"low":{}}`)) {
		t.Fatal("a misfit is read in one pass")
	}
	// A nested record with a misfit goes to internal/record alone; its
	// parent is still read in one pass, with the misfit in the child.
	var x Executor
	if !x.decodeFast([]byte(`{"endpoints":[{"sample_rate":{}}]}`)) {
		t.Fatal("a parent of a nested misfit is not read in one pass")
	}
	if m := x.Misfits(); len(m) != 1 || m[0].Field != "endpoints[0].sample_rate" {
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
