package targeting_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wirefmt"
	"github.com/adamasdk/adama-go/targeting"
)

// The bodies in testdata are the reference's response shapes for these
// operations (campaigns-v3.0-openapi.yaml: responses attachment,
// attachments_list, attachment_deleted, target, collection, audit_log,
// error and schemas advertiser_response, advertiser_collection), filled
// with the reference's example values; the reference gives no whole-body
// examples for them. attachment_platform.json is the platform-shaped
// variant: numbers as strings, unknown enum values and properties.

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

// fileClient answers every request with the testdata file name.
func fileClient(t *testing.T, status int, name string) *targeting.Client {
	t.Helper()
	return bodyClient(t, status, readTestdata(t, name))
}

// bodyClient answers every request with body; opts add to the client's
// options.
func bodyClient(t *testing.T, status int, body []byte, opts ...adama.Option) *targeting.Client {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(append([]adama.Option{adama.WithBaseURL(ts.URL), adama.WithToken("tok"), adama.WithSessionCookie("ck"),
		adama.WithMaxRetries(0)}, opts...)...)
	require.NoError(t, err)
	return targeting.New(c)
}

func TestDecodeReferenceBodies(t *testing.T) {
	ctx := context.Background()
	ts := func(s string) adama.Time {
		v, err := wirefmt.ParseTime(s)
		require.NoError(t, err)
		return adama.NewTime(v)
	}

	t.Run("attachment", func(t *testing.T) {
		a, err := fileClient(t, 200, "attachment.json").Attachments.Get(ctx, 1)
		require.NoError(t, err)
		assert.Equal(t, &targeting.Attachment{ID: 1, EntityType: "attachment", TargetID: 8, StrategyID: 332,
			Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr, OrBetter: adama.Ptr(false),
			CreatedOn: ts("2026-03-01T10:00:00+0000"), UpdatedOn: ts("2026-03-02T11:30:00+0000"), Version: 1}, targeting.Unread(a))
	})
	t.Run("attachments list", func(t *testing.T) {
		p, err := fileClient(t, 200, "attachments_list.json").Attachments.List(ctx, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 2)
		assert.Equal(t, targeting.RestrictionExclude, p.Items[1].Restriction)
		assert.Equal(t, adama.Ptr(true), p.Items[1].OrBetter)
		assert.Equal(t, int64(4), p.Items[1].Version)
		assert.Equal(t, 10, p.Count)
		assert.Equal(t, 100, p.TotalCount)
		assert.True(t, p.HasTotal)
		assert.Contains(t, p.NextPage, "page_offset=10")
	})
	t.Run("created with 201", func(t *testing.T) {
		a, err := fileClient(t, 201, "attachment.json").Attachments.Create(ctx, &targeting.Attachment{TargetID: 8, StrategyID: 332,
			Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr})
		require.NoError(t, err)
		assert.Equal(t, int64(1), a.ID)
	})
	t.Run("deleted", func(t *testing.T) {
		require.NoError(t, fileClient(t, 200, "deleted.json").Targets.DeleteV3(ctx, 5))
	})
	t.Run("target", func(t *testing.T) {
		tg, err := fileClient(t, 200, "target.json").Targets.Get(ctx, 3)
		require.NoError(t, err)
		assert.Equal(t, &targeting.Target{ParentID: adama.Ptr[int64](10), Name: "Bavaria", FactualID: adama.Ptr("f-77"), SvcOrganizationID: adama.Ptr[int64](20),
			TargetInet: adama.Ptr("10.0.0.0/8"), Visible: adama.Ptr(true), VisibleOverridden: adama.Ptr(false), BidderFrequency: adama.Ptr[int64](5), DimensionCode: targeting.DimensionRegion}, targeting.Unread(tg))
	})
	t.Run("legacy collection", func(t *testing.T) {
		p, err := fileClient(t, 200, "collection.json").Attachments.ListV3(ctx, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 2)
		assert.Equal(t, int64(2), p.Items[1].ID)
		assert.JSONEq(t, `"Location"`, string(p.Items[1].Extra["name"]), "the collection's name is kept")
		assert.Equal(t, 2, p.TotalCount)
	})
	t.Run("null collection", func(t *testing.T) {
		p, err := fileClient(t, 200, "collection_null.json").TargetPaths.List(ctx, nil)
		require.NoError(t, err)
		assert.Empty(t, p.Items)
		assert.NotNil(t, p.Items)
	})
	t.Run("advertiser", func(t *testing.T) {
		a, err := fileClient(t, 200, "advertiser.json").Advertisers.GetExtended(ctx, 77)
		require.NoError(t, err)
		assert.Equal(t, int64(126), a.AdServerID)
		assert.Nil(t, a.ExternalID)
		assert.Equal(t, targeting.DMPEnabledInherits, a.DMPEnabled)
		require.NotNil(t, a.FrequencyAmount)
		assert.Equal(t, int64(3), *a.FrequencyAmount)
		assert.Equal(t, targeting.AdsTxtVerifiedAuthorizedOnly, a.AdsTxtVerified)
		assert.Equal(t, targeting.IdentityLevelHousehold, a.TargetingIdentityLevel)
		assert.Equal(t, []targeting.VendorAttribution{{VendorID: 18, ImpressionPixel: "https://px.example/i"}}, a.VendorAttributions)
		assert.Equal(t, "0.15", a.AdServerFee.String(), "the fee is exact")
		assert.Equal(t, int64(4), a.BillingContactID)
		assert.Nil(t, a.SalesContactID)
		assert.Equal(t, &targeting.AgencyRef{ID: 125, Name: "Agency", EntityType: "agency", Rel: "agency"}, a.Agency)
		assert.Equal(t, targeting.MFAAvoidanceExcludeMFA, a.InheritedMFAAvoidance)
		assert.Equal(t, targeting.MFASourceAgency, a.InheritedMFAFrom)
		assert.Equal(t, int64(6), a.Version)
		assert.Equal(t, time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC), a.CreatedOn.UTC())
		assert.Empty(t, a.Extra)
	})
	t.Run("advertiser collection", func(t *testing.T) {
		p, err := fileClient(t, 200, "advertiser_collection.json").Advertisers.List(ctx, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		assert.Equal(t, "Brand", p.Items[0].Name)
		assert.Equal(t, int64(125), p.Items[0].Agency.ID)
	})
	t.Run("audit log", func(t *testing.T) {
		p, err := fileClient(t, 200, "audit_log.json").Advertisers.History(ctx, 77, nil)
		require.NoError(t, err)
		require.Len(t, p.Items, 1)
		h := p.Items[0]
		assert.Equal(t, "ui", h.ToolName)
		assert.Equal(t, int64(12), h.UserID)
		assert.Equal(t, []targeting.FieldChange{{FieldName: "name", OldValue: "Old", NewValue: "Brand"},
			{FieldName: "frequency_amount", OldValue: "2", NewValue: "3"}}, h.Fields)
	})
	t.Run("error response", func(t *testing.T) {
		_, err := fileClient(t, 400, "error.json").Attachments.Create(ctx, &targeting.Attachment{TargetID: 8, StrategyID: 332,
			Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr})
		var ae *adama.Error
		require.ErrorAs(t, err, &ae)
		assert.ErrorIs(t, err, adama.ErrBadRequest)
		assert.Equal(t, "invalid", ae.Code)
		assert.Equal(t, []adama.FieldError{
			{Code: "invalid", Field: "restriction", Message: "must be one of INCLUDE, EXCLUDE"},
			{Code: "invalid", Field: "target_id", Message: "must be at least 1"},
		}, ae.Fields)
	})
}

func TestDecodePlatformVariants(t *testing.T) {
	a, err := fileClient(t, 200, "attachment_platform.json").Attachments.Get(context.Background(), 1)
	require.NoError(t, err)
	assert.Equal(t, int64(9007199254740993), a.ID, "int64 ids beyond 2^53 are exact")
	assert.Equal(t, int64(8), a.TargetID)
	assert.Equal(t, int64(332), a.StrategyID)
	assert.Equal(t, int64(3), a.Version)
	assert.Equal(t, adama.Ptr(true), a.OrBetter)
	assert.Equal(t, targeting.Restriction("INCLUDE_ALL"), a.Restriction, "unknown server values are kept")
	assert.False(t, a.Restriction.Valid())
	assert.Equal(t, targeting.Operator("XOR"), a.Operator)
	assert.Equal(t, 123456000, a.CreatedOn.Nanosecond())
	assert.Equal(t, []string{"labels", "owner", "weight"}, keys(a.Extra))

	// A round trip keeps the unknown properties and values.
	b, err := json.Marshal(a)
	require.NoError(t, err)
	var back targeting.Attachment
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, a.ID, back.ID)
	assert.Equal(t, a.Restriction, back.Restriction)
	assert.Equal(t, a.Operator, back.Operator)
	assert.True(t, a.UpdatedOn.Equal(back.UpdatedOn.Time))
	assert.True(t, a.CreatedOn.Truncate(time.Second).Equal(back.CreatedOn.Time), "the wire time form has whole seconds")
	require.Equal(t, keys(a.Extra), keys(back.Extra))
	for k, v := range a.Extra {
		assert.JSONEq(t, string(v), string(back.Extra[k]), k)
	}
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestRecordDecodeForms(t *testing.T) {
	tests := []struct {
		name, in string
		want     targeting.Target
		wantErr  bool
		misfit   string // the field a value that fits no form is kept for
	}{
		{"numbers", `{"id":3,"parent_id":4,"bidder_frequency":5,"version":2}`, targeting.Target{ID: 3, ParentID: adama.Ptr[int64](4), BidderFrequency: adama.Ptr[int64](5), Version: 2}, false, ""},
		{"numeric strings", `{"id":"3","parent_id":" 4 ","version":"2"}`, targeting.Target{ID: 3, ParentID: adama.Ptr[int64](4), Version: 2}, false, ""},
		{"integral floats", `{"id":3.0,"version":2e0}`, targeting.Target{ID: 3, Version: 2}, false, ""},
		{"booleans", `{"visible":"on","visible_overridden":0}`, targeting.Target{Visible: adama.Ptr(true), VisibleOverridden: adama.Ptr(false)}, false, ""},
		{"bool strings", `{"visible":"true","visible_overridden":"0"}`, targeting.Target{Visible: adama.Ptr(true), VisibleOverridden: adama.Ptr(false)}, false, ""},
		{"scalars as strings", `{"name":42,"factual_id":true}`, targeting.Target{Name: "42", FactualID: adama.Ptr("true")}, false, ""},
		{"nulls", `{"id":null,"name":null,"visible":null}`, targeting.Target{}, false, ""},
		{"null record", `null`, targeting.Target{}, false, ""},
		{"fraction", `{"id":3.5}`, targeting.Target{}, false, "id"},
		{"not a number", `{"id":"x"}`, targeting.Target{}, false, "id"},
		{"object for string", `{"name":{}}`, targeting.Target{}, false, "name"},
		{"bad bool", `{"visible":"maybe"}`, targeting.Target{}, false, "visible"},
		{"not an object", `[1]`, targeting.Target{}, true, ""},
		{"too large", `{"id":1e300}`, targeting.Target{}, false, "id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got targeting.Target
			err := json.Unmarshal([]byte(tt.in), &got)
			if tt.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			if tt.misfit == "" {
				assert.Equal(t, &tt.want, targeting.Unread(&got))
				assert.Empty(t, got.Misfits())
				return
			}
			// A value that fits no form does not fail the record: the
			// field stays zero and the value is reported as it came.
			var raw map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(tt.in), &raw))
			assert.Equal(t, []adama.Misfit{{Field: tt.misfit, Raw: raw[tt.misfit]}}, got.Misfits())
			got.Extra = nil
			assert.Equal(t, &tt.want, targeting.Unread(&got))
		})
	}
}

func TestRecordMarshal(t *testing.T) {
	a := targeting.Advertiser{ID: 7, Name: "B", ExternalID: adama.Ptr("e"), AdServerFee: adama.MustDecimal("0.10"),
		Extra: map[string]json.RawMessage{"new_field": json.RawMessage(`{"x":1}`), "name": json.RawMessage(`"shadowed"`)}}
	b, err := json.Marshal(a)
	require.NoError(t, err)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &m))
	assert.JSONEq(t, `"B"`, string(m["name"]), "a modelled field wins over Extra")
	assert.JSONEq(t, `{"x":1}`, string(m["new_field"]))
	assert.JSONEq(t, `0.1`, string(m["ad_server_fee"]))
	assert.NotContains(t, m, "created_on", "zero times are left out")

	var h targeting.HistoryEntry
	require.NoError(t, json.Unmarshal([]byte(`{"action":"create","extra_key":1}`), &h))
	hb, err := json.Marshal(h)
	require.NoError(t, err)
	assert.JSONEq(t, `{"action":"create","extra_key":1}`, string(hb))

	var p targeting.TargetPath
	require.NoError(t, json.Unmarshal([]byte(`{"id":"4","name":"Location","full_path":"a » b"}`), &p))
	pb, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":4,"name":"Location","full_path":"a » b"}`, string(pb))

	var tg targeting.Target
	require.NoError(t, json.Unmarshal([]byte(`{"id":4,"name":"t","svc_new":true}`), &tg))
	tb, err := json.Marshal(tg)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":4,"name":"t","version":0,"svc_new":true}`, string(tb), "optional fields the server did not send stay absent")
}
