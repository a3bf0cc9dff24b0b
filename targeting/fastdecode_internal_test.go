package targeting

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/record/recordtest"
)

// checkGenerated runs the one-pass check over every generated record.
func checkGenerated(t *testing.T, b []byte) {
	if !jsonscan.Valid(b) {
		return
	}
	recordtest.SameAsSlow(t, b, (*Attachment).decodeFast, (*Attachment).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Target).decodeFast, (*Target).decodeSlow)
	recordtest.SameAsSlow(t, b, (*TargetPath).decodeFast, (*TargetPath).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Advertiser).decodeFast, (*Advertiser).decodeSlow)
	recordtest.SameAsSlow(t, b, (*VendorAttribution).decodeFast, (*VendorAttribution).decodeSlow)
	recordtest.SameAsSlow(t, b, (*AgencyRef).decodeFast, (*AgencyRef).decodeSlow)
	recordtest.SameAsSlow(t, b, (*HistoryEntry).decodeFast, (*HistoryEntry).decodeSlow)
	recordtest.SameAsSlow(t, b, (*FieldChange).decodeFast, (*FieldChange).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermissionFlags).decodeFast, (*PermissionFlags).decodeSlow)
	recordtest.SameAsSlow(t, b, (*EntityPermission).decodeFast, (*EntityPermission).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermissionList).decodeFast, (*PermissionList).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Grant).decodeFast, (*Grant).decodeSlow)
	recordtest.SameAsSlow(t, b, (*Grants).decodeFast, (*Grants).decodeSlow)
	recordtest.SameAsSlow(t, b, (*UserPermissions).decodeFast, (*UserPermissions).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermittedUser).decodeFast, (*PermittedUser).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermissionsV2).decodeFast, (*PermissionsV2).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermissionV2Flags).decodeFast, (*PermissionV2Flags).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermissionEntities).decodeFast, (*PermissionEntities).decodeSlow)
	recordtest.SameAsSlow(t, b, (*PermissionEntity).decodeFast, (*PermissionEntity).decodeSlow)
}

// fastSeeds are the bodies of testdata (their data member and its items
// too) and the forms the one-pass decoder reads itself or leaves to
// internal/record (which, for this group, also reads an empty string as
// a zero number and a bare boolean as text).
func fastSeeds(t testing.TB) [][]byte {
	out := recordtest.Bodies(t, "testdata/*.json")
	for _, s := range []string{
		`null`, `{}`, ` { } `, `[]`, `5`, `"x"`,
		`{"id":"9","target_id":"8","strategy_id":332.0,"restriction":"INCLUDE","operator":"OR","or_better":"1","version":"3","created_on":"2026-03-01T10:00:00+0000"}`,
		`{"id":"","target_id":" 8 ","version":"","or_better":"maybe","created_on":"soon","updated_on":null}`,
		`{"id":{},"restriction":[],"operator":5,"or_better":{}}`,
		`{"ID":5,"id":6}`, `{"name":"a","NAME":"b"}`, `{"id":1,"id":"x"}`, `{"id":"x","id":1}`, `{"id":1,"id":null}`,
		`{"name":true,"factual_id":false,"target_inet":12,"dimension_code":"NEW","parent_id":"7","visible":"off"}`,
		`{"id":77,"name":"B","ad_server_fee":"0.15","vendor_attributions":[{"vendor_id":"18"},null,{"vendor_id":{}}],"agency":{"id":"1","rel":"agency"},"sales_contact_id":null}`,
		`{"ad_server_fee":{},"vendor_attributions":{},"agency":[],"frequency_amount":"","created_on":1}`,
		`{"action":"update","date":"2026-01-05T09:00:00Z","fields":[{"field_name":"name","old_value":1,"new_value":true}],"user_id":"4"}`,
		`{"fields":[{"old_value":null,"new_value":{"x":1}}],"date":""}`,
		`{"organizations":[{"organization_id":"1","create":"true","read":1,"update":0,"delete":"false"}],"agencies":null,"campaigns":[]}`,
		`{"id":5,"permissions":{"organizations":[{"id":1,"create":true,"propogate":"1"}],"agencies":[5]}}`,
		`{"permission":{"read":true},"id":3,"active":"1","roles":["2",3],"last_login_on":null,"created_on":"2026-02-01T00:00:00Z"}`,
		`{"flags":{"type":"AGENCY","view_segments":"on"},"entities":{"organizations":[{"id":"1","name":"O","dmp_enabled":true}]}}`,
		"{\"name\":\"\xff\",\"n\\u0061me\":\"esc\",\"\xfe\":1}",
		`{"name":"\u00e9\ud83c\udfaf","id":"-0","version":"+5"}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestFastDecodeMatchesRecord(t *testing.T) {
	decided := 0
	for _, b := range fastSeeds(t) {
		checkGenerated(t, b)
		var a Attachment
		if jsonscan.Valid(b) && a.decodeFast(b) {
			decided++
		}
	}
	assert.GreaterOrEqual(t, decided, 10, "the one-pass decoder decides most seeds")

	// Platform answers are read in one pass, nested lists held by value
	// included; a misfit goes to internal/record.
	for file, decode := range map[string]func([]byte) bool{
		"testdata/attachment.json": func(b []byte) bool { var x Attachment; return x.decodeFast(b) },
		"testdata/advertiser.json": func(b []byte) bool { var x Advertiser; return x.decodeFast(b) },
		"testdata/target.json":     func(b []byte) bool { var x Target; return x.decodeFast(b) },
		"testdata/permission_list.json": func(b []byte) bool {
			var x PermissionList
			return x.decodeFast(b)
		},
	} {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		var env struct{ Data json.RawMessage }
		require.NoError(t, json.Unmarshal(b, &env))
		assert.True(t, decode(env.Data), "%s is not read in one pass", file)
	}
	var a Attachment
	assert.False(t, a.decodeFast([]byte(`{"target_id":{}}`)), "a misfit is read in one pass")
	var adv Advertiser
	require.True(t, adv.decodeFast([]byte(`{"vendor_attributions":[{"vendor_id":{}}]}`)),
		"a parent of a nested misfit is read in one pass")
	m := adv.Misfits()
	require.Len(t, m, 1)
	assert.Equal(t, "vendor_attributions[0].vendor_id", m[0].Field)
}

// FuzzFastDecodeMatchesRecord: on any valid JSON, each record's one-pass
// decoder either leaves the body to internal/record or gives exactly the
// record internal/record gives.
func FuzzFastDecodeMatchesRecord(f *testing.F) {
	for _, b := range fastSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(checkGenerated)
}
