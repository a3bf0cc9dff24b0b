package firehose

import (
	"os"
	"testing"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkAll runs the one-pass check over every generated record that has
// a one-pass decoder: SampleSettings (the others hold maps, read through
// internal/record).
func checkAll(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*SampleSettings).decodeFast, (*SampleSettings).decodeSlow)
}

// fastSeeds are the bodies of testdata and the forms the one-pass decoder
// reads itself or leaves to internal/record.
func fastSeeds(t testing.TB) [][]byte {
	out := append(recordtest.Bodies(t, "testdata/*.json"), recordtest.Bodies(t, "testdata/reference/*.json")...)
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"Disabled":"true","SampleRate":"15"}`, `{"Disabled":1,"SampleRate":15.0}`,
		`{"Disabled":"maybe","SampleRate":{}}`, `{"SampleRate":""}`, `{"SampleRate":" 7 "}`,
		`{"SampleRate":9223372036854775807}`, `{"SampleRate":1e2}`, `{"SampleRate":-1}`,
		`{"sampleRate":5}`, `{"SAMPLERATE":5,"SampleRate":6}`, `{"SampleRate":5,"SampleRate":null}`,
		`{"Disabled":false,"Disabled":null,"Other":[1,{"a":null}]}`,
		"{\"Disabled\":true,\"\xff\":1,\"Sampl\\u0065Rate\":3}",
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkAll(t, b)
		var x SampleSettings
		if jsonscan.Valid(b) && x.decodeFast(b) {
			decided++
		}
	}
	if decided < 8 {
		t.Fatalf("the one-pass decoder decided only %d of the seeds", decided)
	}
	b, err := os.ReadFile("testdata/reference/get_consumer_samplesettings.json")
	if err != nil {
		t.Fatal(err)
	}
	var x SampleSettings
	if !x.decodeFast(b) || x.SampleRate == 0 {
		t.Fatalf("a platform answer is not read in one pass: %+v", x)
	}
	if x.decodeFast([]byte(`{"SampleRate":{}}`)) {
		t.Fatal("a misfit is read in one pass")
	}
}

// FuzzFastDecodeMatchesRecord: on any valid JSON, the one-pass decoder
// either leaves the body to internal/record or gives exactly the record
// internal/record gives.
func FuzzFastDecodeMatchesRecord(f *testing.F) {
	for _, b := range fastSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(checkAll)
}
