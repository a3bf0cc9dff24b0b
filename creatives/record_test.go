package creatives

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeObjectForms(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		check func(t *testing.T, d CreativeDetails)
	}{
		{"numbers as strings", `{"advertiser":"7","concept":" 11 ","startTime":"0"}`, func(t *testing.T, d CreativeDetails) {
			assert.Equal(t, int64(7), d.Advertiser)
			assert.Equal(t, int64(11), d.Concept)
			assert.Equal(t, int64(0), *d.StartTime)
		}},
		{"empty string number is absent", `{"endTime":""}`, func(t *testing.T, d CreativeDetails) { assert.Nil(t, d.EndTime) }},
		{"booleans as strings", `{"active":"1","landingUrlIsCalculated":"false"}`, func(t *testing.T, d CreativeDetails) {
			assert.True(t, d.Active)
			assert.False(t, d.LandingURLIsCalculated)
		}},
		{"text as a number", `{"name":123,"clockNumber":-4.5}`, func(t *testing.T, d CreativeDetails) {
			assert.Equal(t, "123", d.Name)
			assert.Equal(t, "-4.5", d.ClockNumber)
		}},
		{"list elements as strings", `{"vendors":["1",2],"disabledVariants":[]}`, func(t *testing.T, d CreativeDetails) {
			assert.Equal(t, []int64{1, 2}, d.Vendors)
			assert.Empty(t, d.DisabledVariants)
		}},
		{"unknown kept", `{"advertiser":7,"x":{"y":[1]}}`, func(t *testing.T, d CreativeDetails) {
			assert.JSONEq(t, `{"y":[1]}`, string(d.Extra["x"]))
		}},
		{"unknown enum kept", `{"vastVersion":"VAST9"}`, func(t *testing.T, d CreativeDetails) {
			assert.Equal(t, VASTVersion("VAST9"), d.VASTVersion)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d CreativeDetails
			require.NoError(t, json.Unmarshal([]byte(tt.body), &d))
			tt.check(t, d)
		})
	}
}

// TestDecodeObjectKeepsMisfits: a value that fits no documented form no
// longer fails the record (it did before the one decoding rule): the
// field stays zero, the value is reported by Misfits and written back.
func TestDecodeObjectKeepsMisfits(t *testing.T) {
	for _, tc := range []struct{ body, field, raw string }{
		{`{"advertiser":"seven"}`, "advertiser", `"seven"`},
		{`{"active":"maybe"}`, "active", `"maybe"`},
		{`{"eventPixels":{"typ":1}}`, "eventPixels", `{"typ":1}`},
		{`{"vendors":["a"]}`, "vendors", `["a"]`},
	} {
		var d CreativeDetails
		require.NoError(t, json.Unmarshal([]byte(tc.body), &d), tc.body)
		require.Len(t, d.Misfits(), 1, tc.body)
		assert.Equal(t, tc.field, d.Misfits()[0].Field)
		assert.JSONEq(t, tc.raw, string(d.Misfits()[0].Raw))
		out, err := json.Marshal(d)
		require.NoError(t, err)
		var back map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(out, &back))
		assert.JSONEq(t, tc.raw, string(back[tc.field]), "written back as it came")
	}
	var d CreativeDetails
	assert.Error(t, json.Unmarshal([]byte(`[1]`), &d))
}

func TestEncodeObjectKeepsExtraWithoutOverriding(t *testing.T) {
	var d CreativeDetails
	require.NoError(t, json.Unmarshal([]byte(`{"advertiser":7,"name":"a","future":true}`), &d))
	d.Name = "b"
	d.Extra["name"] = json.RawMessage(`"stale"`)
	b, err := json.Marshal(d)
	require.NoError(t, err)
	assert.JSONEq(t, `{"active":false,"advertiser":7,"name":"b","future":true}`, string(b), "a modelled field wins over an Extra key of the same name")
}

func TestFlexString(t *testing.T) {
	for in, want := range map[string]FlexString{`"a"`: "a", `12`: "12", `-1.5`: "-1.5", `null`: ""} {
		var f FlexString
		require.NoError(t, json.Unmarshal([]byte(in), &f), in)
		assert.Equal(t, want, f)
	}
	var f FlexString
	assert.Error(t, json.Unmarshal([]byte(`{}`), &f))
}
