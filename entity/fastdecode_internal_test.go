package entity

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// fastCheck holds one record type's check that its one-pass decoder
// (records_gen.go) gives exactly what decodeRecord gives, and reports
// whether the one-pass decoder decided.
type fastCheck struct {
	name  string
	typ   reflect.Type
	check func(t *testing.T, b []byte) bool
}

func checkOf[T any, P interface {
	*T
	decodeFast([]byte) bool
	decodeSlow([]byte) error
}]() fastCheck {
	return fastCheck{
		name: reflect.TypeFor[T]().Name(),
		typ:  reflect.TypeFor[T](),
		check: func(t *testing.T, b []byte) bool {
			t.Helper()
			recordtest.SameAsSlow(t, b,
				func(x *T, b []byte) bool { return P(x).decodeFast(b) },
				func(x *T, b []byte) error { return P(x).decodeSlow(b) })
			var x T
			return P(&x).decodeFast(b)
		},
	}
}

// fastChecks covers every record whose decoder is generated.
var fastChecks = []fastCheck{
	checkOf[Strategy](), checkOf[Campaign](),
	checkOf[Organization](), checkOf[Agency](), checkOf[Advertiser](), checkOf[User](), checkOf[Vertical](),
	checkOf[Contact](), checkOf[AtomicCreative](), checkOf[CreativeApproval](), checkOf[Concept](),
	checkOf[PixelBundle](), checkOf[BudgetFlight](), checkOf[StrategyDayPart](), checkOf[StrategyAudienceSegment](),
	checkOf[AudienceSegment](), checkOf[StrategyDomainRestriction](), checkOf[AdServer](), checkOf[StrategyConcept](),
	checkOf[StrategySupplySource](), checkOf[SupplySource](), checkOf[SiteList](), checkOf[Vendor](),
	checkOf[VendorContract](), checkOf[Contract](), checkOf[VendorDomain](), checkOf[VendorPixel](), checkOf[VendorPixelDomain](),
	checkOf[Pixel](), checkOf[PixelProvider](), checkOf[PlacementSlot](), checkOf[Publisher](), checkOf[PublisherSite](),
	checkOf[SitePlacementRecord](), checkOf[TargetDimension](), checkOf[TargetValue](), checkOf[StrategyTargetingSegment](),
	checkOf[Deal](), checkOf[TargetingVendor](), checkOf[CustomBrainSelection](), checkOf[CampaignV3](),
	checkOf[HistoryEntry](), checkOf[SiteListAssignment](),
}

// checkAll runs every record's check on b.
func checkAll(t *testing.T, b []byte) {
	for _, c := range fastChecks {
		c.check(t, b)
	}
}

// fastSeeds are every JSON body of testdata (each with its data member
// and items, and the records nested in those), and hand-made forms the
// one-pass decoders read themselves or leave to decodeRecord.
func fastSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, dir := range []string{"platform", "reference", "bench"} {
		out = append(out, recordtest.Bodies(t, filepath.Join("testdata", dir, "*.json"))...)
	}
	// The records nested in those (campaign, advertiser, ...), one level.
	for _, b := range slices.Clone(out) {
		_ = jsonscan.Members(b, func(_, v []byte) bool {
			if len(v) > 0 && v[0] == '{' {
				out = append(out, bytes.Clone(v))
			}
			return true
		})
	}
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`, `{"id":1}x`, `{"id":}`,
		`{"id":"7","version":"3","campaign_id":"12.00","name":17,"description":-3.5e2,"impression_cap":"","status":"on"}`,
		`{"id":1.0}`, `{"id":1e3}`, `{"id":"1.5"}`, `{"id":"x"}`, `{"id":true}`, `{"id":{}}`, `{"id":[1]}`,
		`{"id":99999999999999999999}`, `{"id":"99999999999999999999"}`, `{"id":-9223372036854775808}`, `{"id":"-0"}`, `{"id":" 5 "}`,
		`{"version":[{"currency_code":"USD","value":"3"}]}`, `{"version":[{"currency_code":"","value":3}]}`,
		`{"frequency_amount":[{"currency_code":"USD","value":5}],"agency_fee_pct":[{"currency_code":"EUR","value":"2.50"}],"pacing_alert":"7.5"}`,
		`{"frequency_amount":[{"currency_code":"USD","value":""}],"agency_fee_pct":[{"currency_code":"EUR","value":""}]}`,
		`{"frequency_amount":[{"currency_code":"USD","value":5.5}]}`, `{"frequency_amount":[]}`, `{"frequency_amount":[{"currency_code":"USD","value":1},{"currency_code":"EUR","value":1}]}`,
		`{"frequency_amount":null,"agency_fee_pct":null,"status":null,"created_on":null,"goal_value":null,"campaign":null,"name":null,"goal_type":null}`,
		`{"goal_type":5}`, `{"goal_type":"cpa","type":"REM","media_type":"\u0044ISPLAY"}`, `{"goal_value":"5"}`, `{"goal_value":[{"currency_code":"USD","value":"x"}]}`,
		`{"agency_fee_pct":[{"currency_code":"USD","value":"12.50"}],"pacing_alert":[{"value":-0.0}],"version":"007","id":"-12","campaign_id":[{"currency_code":"USD","value":"3.000"}]}`,
		`{"agency_fee_pct":[{"currency_code":"USD","value":1` + strings.Repeat("7", 350) + `e99}]}`,
		`{"agency_fee_pct":[{"currency_code":"USD","value":1e-99}],"frequency_amount":[{"currency_code":"USD","value":"5e2"}]}`,
		`{"agency_fee_pct":"abc"}`, `{"agency_fee_pct":true}`, `{"agency_fee_pct":1e400}`,
		`{"status":"maybe"}`, `{"status":2}`, `{"status":"yes"}`, `{"created_on":"bad"}`, `{"created_on":5}`,
		`{"ID":5,"id":6}`, `{"name":"a","NAME":"b"}`, `{"id":1,"id":"x"}`, `{"id":"x","id":1}`, `{"id":1,"id":null}`, `{"future":1,"future":{"a":2}}`,
		"{\"name\":\"\xff\",\"n\\u0061me\":\"esc\",\"\xfe\":1}", `{"name":"\u00e9\ud83c\udfaf","description":"a\"b\\n","zone_name":"\ud800"}`,
		`{"campaign":{"id":"4","advertiser":{"id":5,"agency":{"id":"6","organization":{"id":7,"x":[1]}}}},"site_placements":[{"name":"p"}],"rmx_strategy":{"pricing_type":"CPM"}}`,
		`{"campaign":{"id":{}}}`, `{"campaign":{"id":1,"id":2}}`, `{"campaign":5}`, `{"campaign":[]}`, `{"strategy_audience_segments":[null,{"id":"3","audience_segment":{"id":4,"x":1}}]}`,
		`{"strategy_audience_segments":[{"id":{}}]}`, `{"deals":[{"entity_type":"deal","id":"11"},{"id":12}]}`, `{"deals":"x"}`, `{"site_placements":{}}`,
		`{"custom_brain_selections":[{"id":"1","selection_id":"2","selection_type":"Audience Target"}]}`,
		`{"org_type":["buyer",5]}`, `{"org_type":"buyer"}`, `{"extra_raw":{"a":1},"ad_server_fee":"0.5"}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := map[string]int{}
	for _, b := range fastSeeds(t) {
		for _, c := range fastChecks {
			if c.check(t, b) {
				decided[c.name]++
			}
		}
	}
	for _, c := range fastChecks {
		assert.GreaterOrEqual(t, decided[c.name], 10, "%s: the one-pass decoder decided only %d seeds", c.name, decided[c.name])
	}
}

// TestFastDecodeReadsTheBenchPages: every record of the recorded pages
// (numbers as strings, money arrays on number fields) is read in one
// pass, and a misfit is left to decodeRecord.
func TestFastDecodeReadsTheBenchPages(t *testing.T) {
	for file, check := range map[string]func([]byte) bool{
		"strategies_page.json":              func(b []byte) bool { var x Strategy; return x.decodeFast(b) },
		"campaigns_page_platform.json":      func(b []byte) bool { var x Campaign; return x.decodeFast(b) },
		"strategy.json":                     func(b []byte) bool { var x Strategy; return x.decodeFast(b) },
		"../platform/strategy_strings.json": func(b []byte) bool { var x Strategy; return x.decodeFast(b) },
	} {
		items := recordtest.Bodies(t, filepath.Join("testdata", "bench", file))
		require.Greater(t, len(items), 1, file)
		n := 0
		for _, it := range items[1:] { // the body's data, then its items
			if it[0] == '{' && !bytes.Contains(it, []byte(`"meta"`)) {
				assert.True(t, check(it), "%s: %.80s", file, it)
				n++
			}
		}
		assert.Positive(t, n, file)
	}
	var s Strategy
	assert.False(t, s.decodeFast([]byte(`{"id":1,"bid_aggressiveness":"z"}`)), "a misfit goes to decodeRecord")
	require.NoError(t, s.UnmarshalJSON([]byte(`{"id":1,"bid_aggressiveness":"z"}`)))
	assert.Equal(t, []adama.Misfit{{Field: "bid_aggressiveness", Raw: json.RawMessage(`"z"`)}}, s.Misfits())
	// A nested record's misfit leaves its parent read in one pass, with
	// the misfit named by its path.
	var c Strategy
	require.True(t, c.decodeFast([]byte(`{"id":1,"campaign":{"id":2,"goal_type":7}}`)))
	assert.Equal(t, []adama.Misfit{{Field: "campaign.goal_type", Raw: json.RawMessage(`7`)}}, c.Misfits())
	// An amount whose canonical text is longer than a decimal's limit is
	// a misfit of decodeRecord's, not read in one pass.
	var long Campaign
	lb := []byte(`{"agency_fee_pct":[{"currency_code":"USD","value":1` + strings.Repeat("7", 350) + `e99}]}`)
	assert.False(t, long.decodeFast(lb))
	require.NoError(t, long.UnmarshalJSON(lb))
	if assert.Len(t, long.Misfits(), 1) {
		assert.Equal(t, "agency_fee_pct", long.Misfits()[0].Field)
	}
	// A record that is not zero is read by decodeRecord, which merges.
	r := Strategy{Description: "kept"}
	assert.False(t, r.decodeFast([]byte(`{"id":1}`)))
	require.NoError(t, json.Unmarshal([]byte(`{"id":1}`), &r))
	assert.Equal(t, "kept", r.Description)
	assert.Equal(t, int64(1), r.ID)
}

// FuzzFastDecodeMatchesRecord: on any input, each record's one-pass
// decoder either leaves the body to decodeRecord or gives exactly the
// record decodeRecord gives.
func FuzzFastDecodeMatchesRecord(f *testing.F) {
	for _, b := range fastSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(checkAll)
}
