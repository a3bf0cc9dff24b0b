package creatives

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkGenerated runs recordtest.SameAsSlow over every generated record.
func checkGenerated(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*EventPixel).decodeFast, (*EventPixel).decodeSlow)
	recordtest.SameAsSlow(t, b, (*InsecureVendorURLs).decodeFast, (*InsecureVendorURLs).decodeSlow)
	recordtest.SameAsSlow(t, b, (*CreativeDetails).decodeFast, (*CreativeDetails).decodeSlow)
	recordtest.SameAsSlow(t, b, (*VideoCreative).decodeFast, (*VideoCreative).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Status).decodeFast, (*Status).decodeSlow)
	recordtest.SameAsSlow(t, b, (*VASTValidation).decodeFast, (*VASTValidation).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Variant).decodeFast, (*Variant).decodeSlow)
	recordtest.SameAsSlow(t, b, (*UploadStatus).decodeFast, (*UploadStatus).decodeSlow)
	recordtest.SameAsSlow(t, b, (*UploadLocation).decodeFast, (*UploadLocation).decodeSlow)
	recordtest.SameAsSlow(t, b, (*TempFile).decodeFast, (*TempFile).decodeSlow)
	recordtest.SameAsSlow(t, b, (*FileInfo).decodeFast, (*FileInfo).decodeSlow)
	recordtest.SameAsSlow(t, b, (*EncodingInfo).decodeFast, (*EncodingInfo).decodeSlow)
	recordtest.SameAsSlow(t, b, (*EncodingProgress).decodeFast, (*EncodingProgress).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Classification).decodeFast, (*Classification).decodeSlow)
	recordtest.SameAsSlow(t, b, (*InflatedClassification).decodeFast, (*InflatedClassification).decodeSlow)
	recordtest.SameAsSlow(t, b, (*ClassificationRecord).decodeFast, (*ClassificationRecord).decodeSlow)
	recordtest.SameAsSlow(t, b, (*InflatedRecord).decodeFast, (*InflatedRecord).decodeSlow)
	recordtest.SameAsSlow(t, b, (*CompanionDetails).decodeFast, (*CompanionDetails).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Companion).decodeFast, (*Companion).decodeSlow)
	recordtest.SameAsSlow(t, b, (*History).decodeFast, (*History).decodeSlow)
	recordtest.SameAsSlow(t, b, (*HistoryWith).decodeFast, (*HistoryWith).decodeSlow)
	recordtest.SameAsSlow(t, b, (*HistoryPage).decodeFast, (*HistoryPage).decodeSlow)
	recordtest.SameAsSlow(t, b, (*HistoryEntry).decodeFast, (*HistoryEntry).decodeSlow)
	recordtest.SameAsSlow(t, b, (*FieldChange).decodeFast, (*FieldChange).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Asset).decodeFast, (*Asset).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Component).decodeFast, (*Component).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Approval).decodeFast, (*Approval).decodeSlow)
	recordtest.SameAsSlow(t, b, (*FieldErrorInfo).decodeFast, (*FieldErrorInfo).decodeSlow)
}

// fastSeeds are the bodies of testdata (their data member and its items
// too) and the forms the one-pass decoder reads itself or leaves to
// internal/record: numbers as strings, an empty string for a number,
// text as a bare number or boolean, nulls, repeated and case-folded keys,
// a map with a key that is not UTF-8, the p1as alias, records held by
// value and by hand.
func fastSeeds(t testing.TB) [][]byte {
	out := recordtest.Bodies(t, "testdata/*.json")
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"id":"7","details":{"active":"1","advertiser":"7","name":"n","concept":"","vendors":["1",2],"eventPixels":[{"typ":"s","url":"u"},null]}}`,
		`{"id":7,"duration":15.5,"percent":"12.5","vpaidVersion":"2","unsecureUrls":{"3":{"id":3,"urls":["http://x"],"vendorName":"T"}}}`,
		`{"duration":1e400,"percent":-0,"vpaidVersion":1.5}`,
		`{"t1as":true}`, `{"p1as":false,"t1as":"1"}`, `{"p1as":true,"t1as":"no"}`, `{"t1as":{}}`,
		`{"details":null}`, `{"details":{"a":1},"details":null}`, `{"details":5}`, `{"details":{"name":{}}}`,
		`{"unsecureUrls":{"\xff":{"id":1}}}`, `{"unsecureUrls":{"a":null,"b":{"id":"x"}}}`, `{"unsecureUrls":[]}`,
		`{"sources":{"s1":"approved","s2":3,"s3":true}}`, `{"sources":{"a":"x","a":"y"}}`,
		`{"sources":{"s2":3}}`, `{"sources":{"a":null,"b":"x"}}`, `{"sources":{"a":"x"},"sources":null}`,
		`{"atomic_creative_id":"5","net_status":"APPROVED","sources":{"p1":"APPROVED"}}`,
		`{"language":7,"attributes":[1,{"id":2,"nameFr":"x"}],"verticals":null}`,
		`{"language":{"id":"x"}}`, `{"language":"12"}`,
		`{"old_value":12,"new_value":"a","name":true}`, `{"old_value":{},"new_value":null}`,
		`{"with":{"count":"2","log_entries":["a"]},"log_entries":{"entry":[{"user_id":"1","field":[{"name":"n","old_value":1}]}],"count":1,"start":0}}`,
		`{"component_id":4,"char_limit":"25","is_enabled":"true","value_type_name":"TEXT"}`,
		`{"char_limit":null,"char_limit":3}`, `{"char_limit":3,"char_limit":null}`,
		`{"index":"2","error":"bad","code":7}`, `{"index":""}`, `{"name":true}`,
		`{"width":"300","height":250,"typ":"static","adServer":1}`,
		`{"ID":5,"id":6}`, `{"name":"a","NAME":"b"}`, `{"id":1,"id":"x"}`, `{"id":"x","id":1}`,
		"{\"name\":\"\xff\",\"n\\u0061me\":\"esc\",\"\xfe\":1}",
		`{"name":"\u00e9\ud83c\udfaf","id":"-0","percent":"+5"}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkGenerated(t, b)
		var c VideoCreative
		if jsonscan.Valid(b) && c.decodeFast(b) {
			decided++
		}
	}
	assert.GreaterOrEqual(t, decided, 10, "the one-pass decoder decides most seeds")

	var c VideoCreative
	require.True(t, c.decodeFast([]byte(`{"id":5,"details":{"advertiser":7,"name":"n"},"duration":15.5,"unsecureUrls":{"3":{"vendorName":"T"}},"t1as":true}`)),
		"a platform creative is read in one pass")
	assert.Equal(t, int64(5), c.ID)
	assert.Equal(t, int64(7), c.Details.Advertiser)
	assert.False(t, c.Details.Fresh(), "the nested settings keep the body they were read from")
	assert.Equal(t, 15.5, c.Duration)
	assert.Equal(t, "T", c.UnsecureURLs["3"].VendorName)
	assert.True(t, c.P1AS, "read from the alias")
	require.True(t, c.decodeFast([]byte(`{"updatedOn":"2026-01-02T03:04:05Z"}`)))
	require.NotNil(t, c.UpdatedOn, "a date-time is an adama.Time")
	assert.Equal(t, "2026-01-02T03:04:05Z", c.UpdatedOn.Time.Format(time.RFC3339))
	var k Component
	require.True(t, k.decodeFast([]byte(`{"component_id":4,"created_at":"2016-12-01T03:56:44.085Z"}`)), "fractional seconds are read")
	require.NotNil(t, k.CreatedAt)
	assert.Equal(t, 85*time.Millisecond, time.Duration(k.CreatedAt.Nanosecond()))

	assert.False(t, c.decodeFast([]byte(`{"duration":"15.5"}`)), "a number as a string is left to internal/record")
	var d VideoCreative
	require.NoError(t, d.UnmarshalJSON([]byte(`{"duration":"15.5"}`)))
	assert.Equal(t, 15.5, d.Duration)

	// A nested record with a misfit is read by internal/record alone; its
	// parent is still read in one pass, with the misfit in the child.
	require.True(t, c.decodeFast([]byte(`{"id":1,"details":{"concept":{}}}`)))
	if m := c.Misfits(); assert.Len(t, m, 1) {
		assert.Equal(t, "details.concept", m[0].Field)
	}
	var a Approval
	assert.False(t, a.decodeFast([]byte(`{"sources":{"a":{}}}`)), "a misfit in a map is left to internal/record")
	assert.False(t, a.decodeFast([]byte(`{"sources":{"a":1}}`)), "a number in a map of text is left to internal/record, which refuses it as encoding/json does")
	require.NoError(t, a.UnmarshalJSON([]byte(`{"sources":{"a":{}}}`)))
	if m := a.Misfits(); assert.Len(t, m, 1) {
		assert.Equal(t, "sources", m[0].Field)
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
