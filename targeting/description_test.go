package targeting_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// exchange is one request and its answer, as they crossed the wire.
type exchange struct {
	method, path, query string
	status              int
	req, resp           []byte
}

// recorder keeps every exchange a client makes.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	got  []exchange
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	rb, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(rb))
	r.mu.Lock()
	r.got = append(r.got, exchange{req.Method, req.URL.Path, req.URL.RawQuery, resp.StatusCode, body, rb})
	r.mu.Unlock()
	return resp, nil
}

var paramRE = regexp.MustCompile(`\\\{[a-z_]+\\\}`)

// operation finds the document's operation for a method and a path under
// the group's prefix: the template that matches with the most literal
// segments.
func operation(doc *openapi3.T, method, path string) (*openapi3.Operation, *openapi3.PathItem) {
	var best *openapi3.PathItem
	bestParams := -1
	for tmpl, item := range doc.Paths.Map() {
		re := "^" + paramRE.ReplaceAllString(regexp.QuoteMeta(tmpl), `[^/]+`) + "$"
		if !regexp.MustCompile(re).MatchString(path) || item.GetOperation(method) == nil {
			continue
		}
		if n := strings.Count(tmpl, "{"); best == nil || n < bestParams {
			best, bestParams = item, n
		}
	}
	if best == nil {
		return nil, nil
	}
	return best.GetOperation(method), best
}

// dateTimes checks the format date-time in the forms the description
// allows: RFC 3339 and the platform's own layout (info.x-adama-date-time).
func dateTimes(doc *openapi3.T) openapi3.SchemaValidationOption {
	layout, _ := doc.Info.Extensions["x-adama-date-time"].(string)
	return openapi3.WithStringFormatValidator("date-time", openapi3.NewCallbackValidator(func(s string) error {
		if _, err := time.Parse(time.RFC3339, s); err == nil || layout == "" {
			return err
		}
		_, err := time.Parse(layout, s)
		return err
	}))
}

// fits checks a JSON body against the schema of the media type
// application/json in content; a body described as text/csv only is read
// as CSV.
func fits(t *testing.T, doc *openapi3.T, content openapi3.Content, body []byte, what string) {
	t.Helper()
	mt := content.Get("application/json")
	if mt == nil && len(content) > 0 {
		return // a multipart form or a CSV answer: its own tests check it
	}
	require.NotNil(t, mt, "%s: the description has no application/json schema", what)
	var v any
	require.NoError(t, json.Unmarshal(body, &v), what)
	assert.NoError(t, mt.Schema.Value.VisitJSON(v, dateTimes(doc)), "%s: %s", what, body)
}

// queryFits checks that every query parameter sent is one the operation
// (or its path) describes.
func queryFits(t *testing.T, op *openapi3.Operation, item *openapi3.PathItem, query, what string) {
	t.Helper()
	names := map[string]bool{}
	for _, ps := range []openapi3.Parameters{op.Parameters, item.Parameters} {
		for _, p := range ps {
			if p.Value.In == openapi3.ParameterInQuery {
				names[p.Value.Name] = true
			}
		}
	}
	for _, kv := range strings.Split(query, "&") {
		if kv == "" {
			continue
		}
		name, _, _ := strings.Cut(kv, "=")
		assert.True(t, names[name], "%s sends the query parameter %s, which the description does not list", what, name)
	}
}

// TestWireFitsDescription runs every operation of the group over
// adamatest and checks each request the SDK sends (body and query
// parameters) and each answer the fake gives against the group's
// description (internal/apispec/targeting.yaml): the SDK, the fake and the
// description agree, and no described operation goes unused.
func TestWireFitsDescription(t *testing.T) {
	doc, err := apispec.Load("targeting")
	require.NoError(t, err)
	srv := adamatest.NewServer(adamatest.WithT(t))
	rec := &recorder{next: srv.Client().Transport}
	c, err := srv.NewClient(adama.WithHTTPClient(&http.Client{Transport: rec}))
	require.NoError(t, err)
	tc := targeting.New(c)
	ctx := context.Background()
	h := srv.Targeting()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}

	// Targets and target paths.
	tgt, err := tc.Targets.Create(ctx, &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion, Visible: adama.Ptr(true)})
	must(err)
	_, err = tc.Targets.List(ctx, &targeting.ListOptions{SortBy: []string{"-id"}, Q: qlang.Where("name", qlang.Like, "Bav*"), PageLimit: 10})
	must(err)
	tgt, err = tc.Targets.Get(ctx, tgt.ID)
	must(err)
	tgt.BidderFrequency = adama.Ptr(int64(3))
	tgt, err = tc.Targets.Update(ctx, tgt)
	must(err)
	old, err := tc.Targets.CreateV3(ctx, &targeting.Target{Name: "Firefox", DimensionCode: targeting.DimensionBrowser})
	must(err)
	_, err = tc.Targets.ListV3(ctx, nil)
	must(err)
	old, err = tc.Targets.GetV3(ctx, old.ID)
	must(err)
	old.Visible = adama.Ptr(false)
	old, err = tc.Targets.UpdateV3(ctx, old)
	must(err)
	old.Name = "Firefox ESR"
	old, err = tc.Targets.UpdateV3Post(ctx, old)
	must(err)
	h.AddN(adamatest.TargetingTargetPaths, 3, nil)
	_, err = tc.TargetPaths.List(ctx, &targeting.ListOptions{PageLimit: 2})
	must(err)

	// Attachments.
	att, err := tc.Attachments.Create(ctx, &targeting.Attachment{TargetID: tgt.ID, StrategyID: 332,
		Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr, OrBetter: adama.Ptr(false)})
	must(err)
	_, err = tc.Attachments.List(ctx, &targeting.AttachmentListOptions{StrategyID: 332,
		Dimensions:  []targeting.Dimension{targeting.DimensionRegion, targeting.DimensionBrowser},
		ListOptions: targeting.ListOptions{SortBy: []string{"-id"}, Q: qlang.Where("restriction", qlang.Eq, "INCLUDE")}})
	must(err)
	_, err = tc.Attachments.Modify(ctx, att.ID, func(a *targeting.Attachment) error {
		a.Operator = targeting.OperatorAnd
		return nil
	})
	must(err)
	legacy, err := tc.Attachments.CreateV3(ctx, &targeting.Attachment{TargetID: old.ID, StrategyID: 332,
		Restriction: targeting.RestrictionExclude, Operator: targeting.OperatorOr})
	must(err)
	_, err = tc.Attachments.ListV3(ctx, &targeting.AttachmentListOptions{StrategyID: 332})
	must(err)
	legacy, err = tc.Attachments.GetV3(ctx, legacy.ID)
	must(err)
	legacy.OrBetter = adama.Ptr(true)
	_, err = tc.Attachments.UpdateV3(ctx, legacy)
	must(err)
	must(tc.Attachments.DeleteV3(ctx, legacy.ID))
	must(tc.Attachments.Delete(ctx, att.ID))
	must(tc.Targets.DeleteV3(ctx, old.ID))
	must(tc.Targets.Delete(ctx, tgt.ID))
	_, err = tc.Attachments.Get(ctx, att.ID)
	require.ErrorIs(t, err, adama.ErrNotFound)

	// Advertisers.
	adv, err := tc.Advertisers.Create(ctx, &targeting.Advertiser{Name: "Brand", AgencyID: 125, VerticalID: 433, AdServerID: 126,
		Domain: "https://brand.example", ExternalID: adama.Ptr("x-1"), FrequencyType: targeting.FrequencyTypeASAP,
		FrequencyInterval: targeting.FrequencyIntervalDay, FrequencyAmount: adama.Ptr(int64(3)),
		MFAAvoidance: targeting.MFAAvoidanceInherit, Status: adama.Ptr(true),
		VendorAttributions: []targeting.VendorAttribution{{VendorID: 18, ImpressionPixel: "https://px.example/i"}}})
	must(err)
	_, err = tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{With: []targeting.AdvertiserWith{targeting.AdvertiserWithAgency}})
	must(err)
	_, err = tc.Advertisers.List(ctx, &targeting.AdvertiserListOptions{Full: true, ListOptions: targeting.ListOptions{Q: qlang.Where("status", qlang.Eq, true)}})
	must(err)
	_, err = tc.Advertisers.GetExtended(ctx, adv.ID)
	must(err)
	_, err = tc.Advertisers.Modify(ctx, adv.ID, func(a *targeting.Advertiser) error {
		a.ExternalID = nil // nullable: sent as null
		a.FrequencyType = ""
		a.VendorAttributions = nil
		a.Political = adama.Ptr(false)
		return nil
	})
	must(err)
	_, err = tc.Advertisers.History(ctx, adv.ID, &targeting.HistoryOptions{PageLimit: 5})
	must(err)

	// User permissions.
	h.Users().AddRaw(map[string]any{"id": 5, "username": "ann@example",
		"campaigns":  []any{map[string]any{"campaign_id": 71, "read": true, "update": true}},
		"strategies": []any{map[string]any{"strategy_id": 17, "read": true}}})
	_, err = tc.Permissions.Update(ctx, &targeting.UserPermissions{ID: 5, Permissions: &targeting.Grants{
		Organizations: []targeting.Grant{{ID: 10}}, Agencies: []targeting.Grant{{ID: 12}}, Advertisers: []targeting.Grant{{ID: adv.ID}}}})
	must(err)
	_, err = tc.Permissions.Get(ctx, 5, &targeting.PermissionGetOptions{PageLimit: 10, OrganizationIDs: []int64{10}, CampaignIDs: []int64{71}})
	must(err)
	_, err = tc.Permissions.Check(ctx, 5, &targeting.PermissionCheck{Agencies: []int64{12}, Strategies: []int64{17}, PageLimit: 5})
	must(err)
	_, err = tc.Permissions.GetV2(ctx, 5)
	must(err)
	_, err = tc.Permissions.CheckV2(ctx, 5, &targeting.PermissionV2Check{Organizations: []int64{10}})
	must(err)
	for _, level := range targeting.PermissionLevel("").Values() {
		_, err = tc.Permissions.ForUser(ctx, 5, level, &targeting.ListOptions{PageLimit: 5})
		must(err)
	}
	for level, id := range map[targeting.PermissionLevel]int64{
		targeting.PermissionLevelOrganizations: 10, targeting.PermissionLevelAgencies: 12, targeting.PermissionLevelAdvertisers: adv.ID,
	} {
		_, err = tc.Permissions.ForEntity(ctx, level, id, nil)
		must(err)
	}
	_, err = tc.Permissions.CampaignUsers(ctx, 71, &targeting.ListOptions{SortBy: []string{"id"}})
	must(err)
	_, err = tc.Permissions.StrategyUsers(ctx, 17, nil)
	must(err)
	exerciseStrategies(t, ctx, tc)
	exerciseStrategyParams(t, ctx, tc, srv)

	exerciseCampaigns(t, ctx, tc, h)
	exerciseOrgs(ctx, t, tc, adv.ID)
	exerciseLookups(ctx, t, tc)
	exerciseGeneral(ctx, t, tc, adv.ID)
	exerciseAudiences(t, ctx, tc, srv)
	exerciseCreatives(t, tc, h) // creatives_wire_test.go
	exercisePlans(t, ctx, tc, h)
	exerciseNewPlans(t, ctx, tc, h) // newplans_test.go

	seen := map[string]bool{}
	for _, x := range rec.got {
		path, ok := strings.CutPrefix(x.path, "/api/v3.0")
		if !ok {
			continue // the session bootstrap
		}
		what := x.method + " " + x.path
		op, item := operation(doc, x.method, path)
		require.NotNil(t, op, "%s is not in the description", what)
		seen[op.OperationID] = true
		queryFits(t, op, item, x.query, what)
		if len(x.req) > 0 {
			require.NotNil(t, op.RequestBody, "%s sends a body the description does not take", what)
			fits(t, doc, op.RequestBody.Value.Content, x.req, what+" request")
		}
		ans := op.Responses.Status(x.status)
		require.NotNil(t, ans, "%s: no answer %d described", what, x.status)
		fits(t, doc, ans.Value.Content, x.resp, what+" answer")
	}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			assert.True(t, seen[op.OperationID], "operation %s was not exercised", op.OperationID)
		}
	}
}

// TestDescriptionHoldsTheRules checks that the rules the package checks
// before sending are the description's: paging bounds, the fields
// attachments are queried and sorted by, the enums of the list options,
// and the request bodies the package builds by hand.
func TestDescriptionHoldsTheRules(t *testing.T) {
	doc, err := apispec.Load("targeting")
	require.NoError(t, err)
	p := doc.Components.Parameters
	require.NotNil(t, p["PageLimit"].Value.Schema.Value.Max)
	assert.Equal(t, float64(targeting.MaxPageLimit), *p["PageLimit"].Value.Schema.Value.Max)
	assert.Equal(t, float64(targeting.MaxPageOffset), *p["PageOffset"].Value.Schema.Value.Max)
	for _, name := range []string{"AttachmentSortBy", "AttachmentQ"} {
		var fields []string
		for _, f := range p[name].Value.Extensions["x-adama-fields"].([]any) {
			fields = append(fields, f.(string))
		}
		assert.Equal(t, fields, targeting.AttachmentFields(), name)
	}
	s := doc.Components.Schemas
	for name, typ := range map[string]reflect.Type{
		"PermissionCheck":   reflect.TypeFor[targeting.PermissionCheck](),
		"PermissionV2Check": reflect.TypeFor[targeting.PermissionV2Check](),
	} {
		var described []string
		for prop := range s[name].Value.Properties {
			described = append(described, prop)
		}
		slices.Sort(described)
		assert.Equal(t, described, jsonNames(typ), name)
	}
	name := s["Advertiser"].Value.Properties["name"].Value
	require.NotNil(t, name.MaxLength)
	assert.Equal(t, uint64(64), *name.MaxLength)
}

// jsonNames lists the JSON property names of a struct's fields, sorted.
func jsonNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || tag == "-" {
			continue
		}
		out = append(out, tag)
	}
	slices.Sort(out)
	return out
}
