package targeting_test

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// These tests pin the exact bytes group B sends. gock intercepts the
// client's own transport; they never run in parallel.

const api = "https://api.example"

func gockClient(t *testing.T) *targeting.Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc) })
	c, err := adama.NewClient(adama.WithBaseURL(api), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	return targeting.New(c)
}

// exact anchors and quotes query values for MatchParams.
func exact(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = "^" + regexp.QuoteMeta(v) + "$"
	}
	return out
}

// expect registers one request with its credentials, media types and
// exact body.
func expect(method, path string) *gock.Request {
	r := gock.New(api).
		MatchHeader("Authorization", "^Bearer tok-1$").
		MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchHeader("Accept", "^application/json$")
	switch method {
	case http.MethodPost:
		return r.Post("^" + path + "$")
	case http.MethodPut:
		return r.Put("^" + path + "$")
	case http.MethodDelete:
		return r.Delete("^" + path + "$")
	}
	return r.Get("^" + path + "$")
}

func TestExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	att := map[string]any{"id": 9, "entity_type": "attachment", "target_id": 8, "strategy_id": 332, "restriction": "INCLUDE",
		"operator": "OR", "or_better": false, "created_on": "2026-01-02T03:04:05+0000", "updated_on": "2026-01-02T03:04:05+0000", "version": 1}
	ok := func(data any) map[string]any {
		return map[string]any{"data": data, "meta": map[string]any{"status": "success"}}
	}

	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"create attachment", func() {
			expect("POST", "/api/v3.0/attachments").MatchType("json").
				BodyString(`{"target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR","or_better":true}`).
				Reply(201).JSON(ok(att))
		}, func() error {
			_, err := tc.Attachments.Create(ctx, &targeting.Attachment{TargetID: 8, StrategyID: 332,
				Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr, OrBetter: adama.Ptr(true)})
			return err
		}},
		{"update attachment sends version and changed fields only", func() {
			expect("POST", "/api/v3.0/attachments/9").MatchType("json").
				BodyString(`{"version":1,"strategy_id":5,"or_better":false}`).Reply(200).JSON(ok(att))
		}, func() error {
			a := read[targeting.Attachment](t, `{"id":9,"target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR","or_better":true,"version":1}`)
			a.StrategyID, a.OrBetter = 5, adama.Ptr(false)
			_, err := tc.Attachments.Update(ctx, a)
			return err
		}},
		{"update of a record built by hand sends every set field", func() {
			expect("POST", "/api/v3.0/attachments/9").MatchType("json").
				BodyString(`{"version":1,"strategy_id":5,"or_better":false}`).Reply(200).JSON(ok(att))
		}, func() error {
			_, err := tc.Attachments.Update(ctx, &targeting.Attachment{ID: 9, Version: 1, StrategyID: 5, OrBetter: adama.Ptr(false)})
			return err
		}},
		{"update sends changed unknown properties, a removed one as null", func() {
			expect("POST", "/api/v3.0/attachments/9").MatchType("json").
				BodyString(`{"version":1,"labels":["b"],"weight":null}`).Reply(200).JSON(ok(att))
		}, func() error {
			a := read[targeting.Attachment](t, `{"id":9,"target_id":8,"labels":["a"],"weight":1,"owner":"x","version":1}`)
			a.Extra["labels"] = json.RawMessage(`["b"]`)
			delete(a.Extra, "weight")
			_, err := tc.Attachments.Update(ctx, a)
			return err
		}},
		{"update of a target sends false and 0", func() {
			expect("POST", "/api/v3.0/targets/3").MatchType("json").
				BodyString(`{"version":4,"visible":false,"bidder_frequency":0}`).Reply(200).JSON(ok(map[string]any{"id": 3, "name": "Bavaria"}))
		}, func() error {
			tg := read[targeting.Target](t, `{"id":3,"name":"Bavaria","visible":true,"bidder_frequency":5,"version":4}`)
			tg.Visible, tg.BidderFrequency = adama.Ptr(false), adama.Ptr[int64](0)
			_, err := tc.Targets.Update(ctx, tg)
			return err
		}},
		{"legacy update is a PUT", func() {
			expect("PUT", "/api/v3.0/attachment/9").MatchType("json").BodyString(`{"version":1,"operator":"AND"}`).Reply(200).JSON(ok(att))
		}, func() error {
			a := read[targeting.Attachment](t, `{"id":9,"target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR","version":1}`)
			a.Operator = targeting.OperatorAnd
			_, err := tc.Attachments.UpdateV3(ctx, a)
			return err
		}},
		{"list attachments query", func() {
			expect("GET", "/api/v3.0/attachments").
				MatchParams(exact(map[string]string{"page_limit": "50", "page_offset": "100", "sort_by": "-id,target_id",
					"q": "restriction==INCLUDE&version>=2", "strategy_id": "332", "dimension": "WURF,BRLG"})).
				Reply(200).JSON(map[string]any{"data": []any{att}, "meta": map[string]any{"status": "success", "count": 1, "total_count": 101, "offset": 100}})
		}, func() error {
			p, err := tc.Attachments.List(ctx, &targeting.AttachmentListOptions{
				ListOptions: targeting.ListOptions{PageLimit: 50, PageOffset: 100, SortBy: []string{"-id", "target_id"},
					Q: qlang.Where("restriction", qlang.Eq, "INCLUDE").Ge("version", 2)},
				StrategyID: 332, Dimensions: []targeting.Dimension{targeting.DimensionDeviceWURF, targeting.DimensionBrowserLanguage}})
			if err == nil {
				assert.Equal(t, 101, p.TotalCount)
				assert.Equal(t, 100, p.Offset)
			}
			return err
		}},
		{"delete attachment", func() {
			expect("DELETE", "/api/v3.0/attachments/9").Reply(200).JSON(map[string]any{"meta": map[string]any{"status": "success"}})
		}, func() error {
			return tc.Attachments.Delete(ctx, 9)
		}},
		{"create target", func() {
			expect("POST", "/api/v3.0/targets").MatchType("json").
				BodyString(`{"parent_id":10,"name":"Bavaria","visible":false,"dimension_code":"REGN"}`).
				Reply(201).JSON(ok(map[string]any{"id": 3, "name": "Bavaria"}))
		}, func() error {
			_, err := tc.Targets.Create(ctx, &targeting.Target{ParentID: adama.Ptr[int64](10), Name: "Bavaria",
				Visible: adama.Ptr(false), DimensionCode: targeting.DimensionRegion})
			return err
		}},
		{"legacy target POST update", func() {
			expect("POST", "/api/v3.0/target/3").MatchType("json").BodyString(`{"version":2,"factual_id":""}`).
				Reply(200).JSON(ok(map[string]any{"id": 3, "name": "Bavaria"}))
		}, func() error {
			tg := read[targeting.Target](t, `{"id":3,"name":"Bavaria","factual_id":"f-1","version":2}`)
			tg.FactualID = adama.Ptr("")
			_, err := tc.Targets.UpdateV3Post(ctx, tg)
			return err
		}},
		{"advertisers list with and full", func() {
			expect("GET", "/api/v3.0/advertisers").MatchParams(exact(map[string]string{"with": "agency", "full": "*", "page_limit": "10"})).
				Reply(200).JSON(map[string]any{"data": []any{}, "meta": map[string]any{"status": "success", "count": 0}})
		}, func() error {
			_, err := tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{ListOptions: targeting.ListOptions{PageLimit: 10},
				With: []targeting.AdvertiserWith{targeting.AdvertiserWithAgency}, Full: true})
			return err
		}},
		{"create advertiser", func() {
			expect("POST", "/api/v3.0/advertisers").MatchType("json").
				BodyString(`{"name":"Brand","agency_id":125,"vertical_id":433,"ad_server_id":126,"domain":"https://brand.example","status":false,"vendor_attributions":[{"vendor_id":18}]}`).
				Reply(201).JSON(ok(map[string]any{"id": 5, "name": "Brand"}))
		}, func() error {
			_, err := tc.Advertisers.Create(ctx, &targeting.Advertiser{Name: "Brand", AgencyID: 125, VerticalID: 433, AdServerID: 126,
				Domain: "https://brand.example", Status: adama.Ptr(false), VendorAttributions: []targeting.VendorAttribution{{VendorID: 18}}})
			return err
		}},
		{"update advertiser clears nullable", func() {
			expect("POST", "/api/v3.0/advertisers/5").MatchType("json").
				BodyString(`{"version":0,"external_id":null,"frequency_amount":0,"vendor_attributions":null}`).
				Reply(200).JSON(ok(map[string]any{"id": 5, "name": "Brand"}))
		}, func() error {
			a := read[targeting.Advertiser](t, `{"id":5,"name":"Brand","external_id":"e-1","frequency_amount":4,"vendor_attributions":[{"vendor_id":18}],"version":0}`)
			a.ExternalID, a.FrequencyAmount, a.VendorAttributions = nil, adama.Ptr[int64](0), nil
			_, err := tc.Advertisers.Update(ctx, a)
			return err
		}},
		{"extended get", func() {
			expect("GET", "/api/v3.0/advertisers/5").MatchParam("extended", "^true$").Reply(200).JSON(ok(map[string]any{"id": 5}))
		}, func() error {
			_, err := tc.Advertisers.GetExtended(ctx, 5)
			return err
		}},
		{"history", func() {
			expect("GET", "/api/v3.0/advertisers/5/history").MatchParams(exact(map[string]string{"page_limit": "3", "page_offset": "6"})).
				Reply(200).JSON(map[string]any{"data": nil, "meta": map[string]any{"status": "success", "count": 0}})
		}, func() error {
			p, err := tc.Advertisers.History(ctx, 5, &targeting.HistoryOptions{PageLimit: 3, PageOffset: 6})
			if err == nil {
				assert.Empty(t, p.Items, "a null data member is an empty page")
			}
			return err
		}},
		{"target paths", func() {
			expect("GET", "/api/v3.0/target-path").MatchParam("q", "^<region>$").
				Reply(200).JSON(map[string]any{"data": []any{map[string]any{"id": 1, "name": "Location"}}, "meta": map[string]any{"status": "success", "count": "1"}})
		}, func() error {
			p, err := tc.TargetPaths.List(ctx, &targeting.ListOptions{Q: qlang.Search("region")})
			if err == nil {
				assert.Equal(t, []*targeting.TargetPath{{ID: 1, Name: "Location"}}, p.Items)
			}
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer gock.Off()
			tt.mock()
			require.NoError(t, tt.run())
			assert.True(t, gock.IsDone(), "the request did not match")
		})
	}
}

// read decodes body as a record read from the server (with the snapshot
// Update diffs against).
func read[T any](t *testing.T, body string) *T {
	t.Helper()
	var rec T
	require.NoError(t, json.Unmarshal([]byte(body), &rec))
	return &rec
}

func TestPrefixOption(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL(api), adama.WithHTTPClient(hc), adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"))
	require.NoError(t, err)
	tc := targeting.New(c, targeting.WithPrefix("/elsewhere"), targeting.WithPrefix("gw/v3/"))
	gock.New(api).Get("^/gw/v3/targets/4$").Reply(200).JSON(map[string]any{"data": map[string]any{"id": 4}, "meta": map[string]any{"status": "success"}})
	got, err := tc.Targets.Get(context.Background(), 4)
	require.NoError(t, err)
	assert.Equal(t, int64(4), got.ID)
	assert.True(t, gock.IsDone())
}

func TestErrorAnswers(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	gock.New(api).Post("^/api/v3.0/targets/3$").Reply(409).
		JSON(map[string]any{"errors": []any{map[string]any{"code": "conflict", "field": "version", "message": "stale"}}, "meta": map[string]any{"status": "error"}})
	_, err := tc.Targets.Update(ctx, &targeting.Target{ID: 3, Version: 1})
	assert.ErrorIs(t, err, adama.ErrConflict)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, []adama.FieldError{{Code: "conflict", Field: "version", Message: "stale"}}, ae.Fields)
	assert.Equal(t, "/api/v3.0/targets/3", ae.Path)

	// A 200 whose meta says error is an error too.
	gock.New(api).Get("^/api/v3.0/targets/3$").Reply(200).
		JSON(map[string]any{"errors": []any{map[string]any{"code": "not_found", "message": "gone"}}, "meta": map[string]any{"status": "error"}})
	_, err = tc.Targets.Get(ctx, 3)
	assert.ErrorIs(t, err, adama.ErrNotFound)

	// A delete answered with an error status in meta is not a success.
	gock.New(api).Delete("^/api/v3.0/targets/3$").Reply(200).JSON(map[string]any{"meta": map[string]any{"status": "error"}})
	err = tc.Targets.Delete(ctx, 3)
	assert.Error(t, err)

	// A list whose data is an object is the wrong shape.
	gock.New(api).Get("^/api/v3.0/targets$").Reply(200).JSON(map[string]any{"data": map[string]any{"id": 1}, "meta": map[string]any{"status": "success"}})
	_, err = tc.Targets.List(ctx, nil)
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, adama.CodeUnexpectedContent, ae.Code)

	// A get without data is an error, not an empty record.
	gock.New(api).Get("^/api/v3.0/targets/4$").Reply(200).JSON(map[string]any{"meta": map[string]any{"status": "success"}})
	_, err = tc.Targets.Get(ctx, 4)
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, adama.CodeUnexpectedContent, ae.Code)
	assert.True(t, gock.IsDone())
}
