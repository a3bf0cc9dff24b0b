package entity_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

func brainClient(t *testing.T, opts ...adamatest.Option) (*entity.Client, *adamatest.Server, *entity.Campaign) {
	t.Helper()
	srv := adamatest.NewServer(append([]adamatest.Option{adamatest.WithT(t), adamatest.WithEntities("campaigns", 1)}, opts...)...)
	c, err := srv.NewClient()
	require.NoError(t, err)
	ec := entity.New(c)
	p, err := ec.Campaigns.List(context.Background(), &entity.ListOptions{PageLimit: 1})
	require.NoError(t, err)
	require.NotEmpty(t, p.Items)
	return ec, srv, p.Items[0]
}

func decodeData[T any](t *testing.T, path string) *T {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var env struct {
		Data *T `json:"data"`
	}
	require.NoError(t, json.Unmarshal(b, &env))
	require.NotNil(t, env.Data)
	return env.Data
}

// The reference's campaign_custom_brain_selection schema has no example
// body; testdata/reference holds one built from its fields and examples.
func TestCustomBrainSelectionDecodesReferenceShape(t *testing.T) {
	c := decodeData[entity.CampaignV3](t, "testdata/reference/campaign_custom_brain_selections.json")
	assert.Equal(t, int64(338158), c.ID)
	assert.Equal(t, 4, c.Version)
	assert.Equal(t, int64(8), c.AdvertiserID)
	assert.JSONEq(t, `{"goal_type":"cpe"}`, string(c.Extra["goals"]), "v3.0 campaign properties are kept")
	require.Len(t, c.CustomBrainSelections, 2)
	s := c.CustomBrainSelections[0]
	assert.Equal(t, int64(101), s.ID)
	assert.Equal(t, int64(338158), s.CampaignID)
	assert.Equal(t, int64(23), s.SelectionID)
	assert.Equal(t, entity.SelectionTypeAudienceTarget, s.SelectionType)
	assert.True(t, bool(*s.Active))
	assert.False(t, bool(*s.EnableSvcAudiencesInBrain))
	assert.False(t, bool(*s.IsRetired))
	assert.Equal(t, "Provider - Segments - Shoppers", s.FullPath)
	assert.Equal(t, "Provider", s.OwnerName)
	assert.Equal(t, "Shoppers", s.SelectionName)
	assert.Equal(t, int64(0), *s.ChildCount)
	assert.Equal(t, int64(12), *s.ParentAudienceSegmentID)
	assert.Equal(t, "1.25", s.RetailCPM.String())
	assert.Equal(t, int64(150000), *s.Uniques)
	assert.Equal(t, "0.75", s.WholesaleCPM.String())
	assert.Empty(t, s.Extra)
	assert.Equal(t, 1, c.CustomBrainSelections[1].Version)
	assert.Equal(t, entity.SelectionTypeEventPixel, c.CustomBrainSelections[1].SelectionType)
	assert.Equal(t, []entity.BrainSelection{{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget},
		{SelectionID: 45, SelectionType: entity.SelectionTypeEventPixel}}, c.Selections())
}

// The platform's forms: numbers and booleans as strings, unknown fields
// and selection types kept, and a selection written back keeps them.
func TestCustomBrainSelectionPlatformShapes(t *testing.T) {
	c := decodeData[entity.CampaignV3](t, "testdata/platform/campaign_custom_brain_selections_strings.json")
	assert.Equal(t, int64(338158), c.ID)
	assert.Equal(t, 4, c.Version)
	assert.JSONEq(t, `"kept"`, string(c.Extra["future_campaign_field"]))
	require.Len(t, c.CustomBrainSelections, 2)
	s := c.CustomBrainSelections[0]
	assert.Equal(t, int64(23), s.SelectionID)
	assert.True(t, bool(*s.Active))
	assert.False(t, bool(*s.EnableSvcAudiencesInBrain))
	assert.Equal(t, int64(150000), *s.Uniques, `"150000.00" is the integer 150000`)
	assert.Equal(t, "1.25", s.RetailCPM.String())
	assert.JSONEq(t, `{"x":1}`, string(s.Extra["future_flag"]))
	assert.Equal(t, entity.SelectionType("Lookalike"), c.CustomBrainSelections[1].SelectionType, "an unknown type is kept")
	assert.False(t, c.CustomBrainSelections[1].SelectionType.Valid())

	// Round trip: what is written back reads the same and keeps Extra.
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"future_flag":{"x":1}`)
	var back entity.CustomBrainSelection
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s.SelectionID, back.SelectionID)
	assert.Equal(t, s.Uniques, back.Uniques)
	assert.Equal(t, s.RetailCPM.String(), back.RetailCPM.String())
	assert.Equal(t, s.Extra, back.Extra)

	// A value that does not fit is reported with its field.
	var bad entity.CustomBrainSelection
	require.NoError(t, json.Unmarshal([]byte(`{"selection_id":"1.5"}`), &bad))
	assert.Equal(t, []adama.Misfit{{Field: "selection_id", Raw: json.RawMessage(`"1.5"`)}}, bad.Misfits())
}

func TestCustomBrainSelectionsOverTheFake(t *testing.T) {
	ec, srv, camp := brainClient(t)
	ctx := context.Background()

	got, err := ec.CampaignCustomBrainSelections(ctx, camp.ID)
	require.NoError(t, err)
	assert.Empty(t, got.CustomBrainSelections)
	assert.Equal(t, camp.Version, got.Version)

	sels := []entity.BrainSelection{{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget}, {SelectionID: 45, SelectionType: entity.SelectionTypeEventPixel}}
	out, err := ec.SetCampaignCustomBrainSelections(ctx, camp.ID, got.Version, sels)
	require.NoError(t, err)
	assert.Equal(t, got.Version+1, out.Version)
	require.Len(t, out.CustomBrainSelections, 2)
	assert.Equal(t, sels, out.Selections())
	assert.Equal(t, camp.ID, out.CustomBrainSelections[0].CampaignID)
	first := out.CustomBrainSelections[0].ID
	assert.Positive(t, first)

	// The v2.0 campaign carries them too, typed, in JSON and in XML.
	c2, err := ec.Campaigns.Get(ctx, camp.ID, nil)
	require.NoError(t, err)
	require.Len(t, c2.CustomBrainSelections, 2)
	assert.Equal(t, int64(45), c2.CustomBrainSelections[1].SelectionID)
	cx, err := newXMLEntityClient(t, srv).Campaigns.Get(ctx, camp.ID, nil)
	require.NoError(t, err)
	require.Len(t, cx.CustomBrainSelections, 2)
	assert.Equal(t, entity.SelectionTypeEventPixel, cx.CustomBrainSelections[1].SelectionType)

	// A v2.0 update that leaves them alone goes through.
	c2.Name = "Renamed"
	c3, err := ec.Campaigns.Update(ctx, c2)
	require.NoError(t, err)
	assert.Len(t, c3.CustomBrainSelections, 2)

	// Replacing keeps the id of a selection already held; a stale version
	// is a conflict.
	out, err = ec.SetCampaignCustomBrainSelections(ctx, camp.ID, c3.Version, sels[:1])
	require.NoError(t, err)
	require.Len(t, out.CustomBrainSelections, 1)
	assert.Equal(t, first, out.CustomBrainSelections[0].ID)
	_, err = ec.SetCampaignCustomBrainSelections(ctx, camp.ID, c3.Version, nil)
	require.ErrorIs(t, err, adama.ErrConflict)

	// An empty list clears them.
	out, err = ec.SetCampaignCustomBrainSelections(ctx, camp.ID, out.Version, nil)
	require.NoError(t, err)
	assert.Empty(t, out.CustomBrainSelections)

	_, err = ec.CampaignCustomBrainSelections(ctx, 999999)
	require.ErrorIs(t, err, adama.ErrNotFound)
}

func newXMLEntityClient(t *testing.T, srv *adamatest.Server) *entity.Client {
	t.Helper()
	c, err := srv.NewClient()
	require.NoError(t, err)
	return entity.New(c, entity.WithXML())
}

// The v2.0 form has no key for the selections: Create and Update refuse a
// campaign whose selections the caller set or changed, rather than drop
// them.
func TestCustomBrainSelectionsNotSentInTheV2Form(t *testing.T) {
	ec, srv, camp := brainClient(t)
	ctx := context.Background()
	before := len(srv.Requests())

	newCamp := *camp
	newCamp.ID = 0
	newCamp.CustomBrainSelections = []entity.CustomBrainSelection{{SelectionID: 1, SelectionType: entity.SelectionTypeSegment}}
	_, err := ec.Campaigns.Create(ctx, &newCamp)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("custom_brain_selections", "SetCampaignCustomBrainSelections"))

	c, err := ec.Campaigns.Get(ctx, camp.ID, nil)
	require.NoError(t, err)
	c.CustomBrainSelections = append(c.CustomBrainSelections, entity.CustomBrainSelection{SelectionID: 9, SelectionType: entity.SelectionTypeDynamic})
	_, err = ec.Campaigns.Update(ctx, c)
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("custom_brain_selections", ""))
	assert.Len(t, srv.Requests(), before+1, "only the Get was sent")
}

func TestSetCampaignCustomBrainSelectionsValidation(t *testing.T) {
	ec, srv, camp := brainClient(t)
	ctx := context.Background()
	before := len(srv.Requests())
	tests := []struct {
		name    string
		id      int64
		version int
		sels    []entity.BrainSelection
		field   string
	}{
		{"campaign id", 0, 0, nil, "campaign_id"},
		{"negative version", camp.ID, -1, nil, "version"},
		{"selection id", camp.ID, 0, []entity.BrainSelection{{SelectionType: entity.SelectionTypeSegment}}, "custom_brain_selections[0].selection_id"},
		{"selection id int32", camp.ID, 0, []entity.BrainSelection{{SelectionID: 1 << 31, SelectionType: entity.SelectionTypeSegment}}, "custom_brain_selections[0].selection_id"},
		{"selection type required", camp.ID, 0, []entity.BrainSelection{{SelectionID: 3}}, "custom_brain_selections[0].selection_type"},
		{"selection type enum", camp.ID, 0, []entity.BrainSelection{{SelectionID: 3, SelectionType: "segment"}}, "custom_brain_selections[0].selection_type"},
		{"listed twice", camp.ID, 0, []entity.BrainSelection{{SelectionID: 3, SelectionType: entity.SelectionTypeSegment}, {SelectionID: 3, SelectionType: entity.SelectionTypeSegment}}, "custom_brain_selections[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ec.SetCampaignCustomBrainSelections(ctx, tt.id, tt.version, tt.sels)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, ""), "%v", ve)
			assert.Len(t, ve.Violations, 1, "%v", ve)
		})
	}
	assert.Len(t, srv.Requests(), before, "nothing sent")
	require.NoError(t, entity.ValidateBrainSelections([]entity.BrainSelection{{SelectionID: 3, SelectionType: entity.SelectionTypeSegment}, {SelectionID: 3, SelectionType: entity.SelectionTypeDataPixel}}))
	_, err := ec.CampaignCustomBrainSelections(ctx, -1)
	require.ErrorIs(t, err, adama.ErrValidation)
}

// Retries: a 503 on the v3.0 campaign path is retried.
func TestCustomBrainSelectionsRetry(t *testing.T) {
	ec, srv, camp := brainClient(t)
	srv.FailNext("/api/v3.0/campaigns", 1, http.StatusServiceUnavailable, "")
	got, err := ec.CampaignCustomBrainSelections(context.Background(), camp.ID)
	require.NoError(t, err)
	assert.Equal(t, camp.ID, got.ID)
}

// The exact request SetCampaignCustomBrainSelections sends.
func TestSetCampaignCustomBrainSelectionsExactRequest(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	ec := entity.New(c, entity.WithXML()) // the v3.0 path is JSON whatever the group's format
	answer := map[string]any{"data": map[string]any{"id": 7, "version": 4, "custom_brain_selections": []any{}}, "meta": map[string]any{"status": "success"}}

	gock.New("https://api.example").Post("^/api/v3.0/campaigns/7$").
		MatchHeader("Authorization", "^Bearer tok-1$").MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchHeader("Accept", "^application/json$").MatchType("json").
		BodyString(`{"version":3,"custom_brain_selections":[{"selection_id":23,"selection_type":"Audience Target"},{"selection_id":45,"selection_type":"Dynamic"}]}`).
		Reply(200).JSON(answer)
	out, err := ec.SetCampaignCustomBrainSelections(context.Background(), 7, 3, []entity.BrainSelection{
		{SelectionID: 23, SelectionType: entity.SelectionTypeAudienceTarget}, {SelectionID: 45, SelectionType: entity.SelectionTypeDynamic}})
	require.NoError(t, err)
	assert.Equal(t, 4, out.Version)

	gock.New("https://api.example").Post("^/api/v3.0/campaigns/7$").MatchType("json").
		BodyString(`{"version":4,"custom_brain_selections":[]}`).Reply(200).JSON(answer)
	_, err = ec.SetCampaignCustomBrainSelections(context.Background(), 7, 4, nil)
	require.NoError(t, err, "nil clears: an empty list, never a missing one")

	gock.New("https://api.example").Get("^/api/v3.0/campaigns/7$").MatchHeader("Accept", "^application/json$").Reply(200).JSON(answer)
	_, err = ec.CampaignCustomBrainSelections(context.Background(), 7)
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

// The selection and campaign decoders never panic, and a selection read
// writes back as it reads again (a property spelled in another case than
// its field's is read into the field, so it goes back under the field's name).
func FuzzDecodeCustomBrainSelections(f *testing.F) {
	for _, p := range []string{"testdata/reference/campaign_custom_brain_selections.json", "testdata/platform/campaign_custom_brain_selections_strings.json"} {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(`{"data":{"custom_brain_selections":[null,{},{"retail_cpm":[{"currency_code":"USD","value":"1"}]}]}}`))
	f.Add([]byte(`{"data":{"custom_brain_selections":"x"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var env struct {
			Data *entity.CampaignV3 `json:"data"`
		}
		if json.Unmarshal(b, &env) != nil || env.Data == nil {
			return
		}
		for _, s := range env.Data.CustomBrainSelections {
			out, err := json.Marshal(s)
			if err != nil {
				t.Fatalf("write back: %v", err)
			}
			var back entity.CustomBrainSelection
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatalf("read back %s: %v", out, err)
			}
			again, err := json.Marshal(back)
			if err != nil {
				t.Fatalf("write again: %v", err)
			}
			// Compared as JSON values: a property name with invalid UTF-8 is
			// written as \ufffd the first time and as the character itself
			// after it was read back, as encoding/json does.
			var first, second any
			if json.Unmarshal(out, &first) != nil || json.Unmarshal(again, &second) != nil {
				t.Fatalf("write back is not JSON: %s / %s", out, again)
			}
			if back.SelectionID != s.SelectionID || back.SelectionType != s.SelectionType || !reflect.DeepEqual(first, second) {
				t.Fatalf("round trip changed %s into %s", out, again)
			}
		}
	})
}

func TestCopyCampaignOverTheFake(t *testing.T) {
	ec, srv, camp := brainClient(t)
	ctx := context.Background()
	src, err := ec.SetCampaignCustomBrainSelections(ctx, camp.ID, camp.Version, []entity.BrainSelection{{SelectionID: 23, SelectionType: entity.SelectionTypeSegment}})
	require.NoError(t, err)

	start, err := wirefmt.ParseTime("2026-06-01T00:00:00+0000")
	require.NoError(t, err)
	end, err := wirefmt.ParseTime("2026-06-30T00:00:00+0000")
	require.NoError(t, err)
	budget := adama.MustDecimal("1000.50")
	cp, err := ec.CopyCampaign(ctx, camp.ID, &entity.CampaignCopy{Name: "Copy", Status: adama.Ptr(false),
		CopyAudienceInBrain: adama.Ptr(true), CopyBrainSettings: adama.Ptr(true), MeritPixelID: adama.Null[int64](),
		Flights: []entity.CopyFlight{{StartDate: adama.NewTime(start), EndDate: adama.NewTime(end), TotalBudget: &budget}}})
	require.NoError(t, err)
	assert.NotEqual(t, camp.ID, cp.ID)
	assert.Equal(t, "Copy", cp.Name)
	assert.Equal(t, 0, cp.Version)
	require.Len(t, cp.CustomBrainSelections, 1, "copy_audience_in_brain copies the selections")
	assert.Equal(t, int64(23), cp.CustomBrainSelections[0].SelectionID)
	assert.Equal(t, cp.ID, cp.CustomBrainSelections[0].CampaignID)
	assert.NotEqual(t, src.CustomBrainSelections[0].ID, cp.CustomBrainSelections[0].ID)
	assert.JSONEq(t, itoaJSON(camp.ID), string(cp.Extra["source_campaign_id"]), "copy_brain_settings remembers the source")
	flights, err := ec.BudgetFlights.List(ctx, &entity.ListOptions{Limit: entity.LimitTo("campaign", cp.ID)})
	require.NoError(t, err)
	require.Len(t, flights.Items, 1)

	plain, err := ec.CopyCampaign(ctx, camp.ID, &entity.CampaignCopy{Name: "Plain", Status: adama.Ptr(true)})
	require.NoError(t, err)
	assert.Empty(t, plain.CustomBrainSelections)
	assert.NotContains(t, plain.Extra, "source_campaign_id")

	_, err = ec.CopyCampaign(ctx, 999999, &entity.CampaignCopy{Name: "X", Status: adama.Ptr(true)})
	require.ErrorIs(t, err, adama.ErrNotFound)
	assert.Equal(t, 1, srv.Count("POST /api/v3.0/campaigns/999999/copy"))
}

func itoaJSON(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestCopyCampaignValidation(t *testing.T) {
	day := func(s string) *adama.Time {
		v, err := wirefmt.ParseTime(s)
		require.NoError(t, err)
		return adama.Ptr(adama.NewTime(v))
	}
	ok := func() *entity.CampaignCopy { return &entity.CampaignCopy{Name: "C", Status: adama.Ptr(true)} }
	one := adama.MustDecimal("1")
	tests := []struct {
		name  string
		body  *entity.CampaignCopy
		field string
	}{
		{"body", nil, "body"},
		{"name required", &entity.CampaignCopy{Status: adama.Ptr(true)}, "name"},
		{"name length", &entity.CampaignCopy{Name: string(make([]rune, 257)), Status: adama.Ptr(true)}, "name"},
		{"status required", &entity.CampaignCopy{Name: "C"}, "status"},
		{"advertiser id", func() *entity.CampaignCopy { c := ok(); c.AdvertiserID = -1; return c }(), "advertiser_id"},
		{"merit pixel id", func() *entity.CampaignCopy { c := ok(); c.MeritPixelID = adama.Some[int64](0); return c }(), "merit_pixel_id"},
		{"dates", func() *entity.CampaignCopy {
			c := ok()
			c.StartDate, c.EndDate = day("2026-02-01T00:00:00+0000"), day("2026-01-01T00:00:00+0000")
			return c
		}(), "end_date"},
		{"flight budget", func() *entity.CampaignCopy {
			c := ok()
			c.Flights = []entity.CopyFlight{{StartDate: *day("2026-01-01T00:00:00+0000"), EndDate: *day("2026-01-02T00:00:00+0000")}}
			return c
		}(), "budget.flights[0].total_budget"},
		{"flight dates", func() *entity.CampaignCopy {
			c := ok()
			c.Flights = []entity.CopyFlight{{TotalBudget: &one}}
			return c
		}(), "budget.flights[0].start_date"},
		{"flight impressions", func() *entity.CampaignCopy {
			c := ok()
			c.Flights = []entity.CopyFlight{{StartDate: *day("2026-01-01T00:00:00+0000"), EndDate: *day("2026-01-02T00:00:00+0000"), TotalBudget: &one, TotalImpressionBudget: adama.Ptr[int64](0)}}
			return c
		}(), "budget.flights[0].total_impression_budget"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.body.Validate()
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tt.field, ""), "%v", ve)
		})
	}
	require.NoError(t, ok().Validate())
	ec, srv, _ := brainClient(t)
	before := len(srv.Requests())
	_, err := ec.CopyCampaign(context.Background(), 0, ok())
	require.ErrorIs(t, err, adama.ErrValidation)
	assert.Len(t, srv.Requests(), before)
}

func TestCopyCampaignExactRequest(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	ec := entity.New(c)
	start, err := wirefmt.ParseTime("2019-08-24T14:15:22Z")
	require.NoError(t, err)
	budget := adama.MustDecimal("0.1")
	gock.New("https://api.example").Post("^/api/v3.0/campaigns/7/copy$").
		MatchHeader("Authorization", "^Bearer tok-1$").MatchHeader("Accept", "^application/json$").MatchType("json").
		BodyString(`{"advertiser_id":8,"name":"Copy","merit_pixel_id":null,"status":true,"copy_brain_settings":false,"copy_audience_in_brain":true,` +
			`"budget":{"flights":[{"start_date":"2019-08-24T14:15:22+0000","end_date":"2019-08-24T14:15:22+0000","total_budget":0.1,"total_impression_budget":100}]}}`).
		Reply(201).JSON(map[string]any{"data": map[string]any{"id": 9, "version": 0, "name": "Copy"}, "meta": map[string]any{"status": "success"}})
	out, err := ec.CopyCampaign(context.Background(), 7, &entity.CampaignCopy{AdvertiserID: 8, Name: "Copy", Status: adama.Ptr(true),
		MeritPixelID: adama.Null[int64](), CopyBrainSettings: adama.Ptr(false), CopyAudienceInBrain: adama.Ptr(true),
		Flights: []entity.CopyFlight{{StartDate: adama.NewTime(start), EndDate: adama.NewTime(start), TotalBudget: &budget, TotalImpressionBudget: adama.Ptr[int64](100)}}})
	require.NoError(t, err)
	assert.Equal(t, int64(9), out.ID)
	assert.True(t, gock.IsDone())
}
