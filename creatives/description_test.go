package creatives_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/internal/apispec"
)

// TestDescriptionCoversTheGroup checks that the group's OpenAPI document
// describes every call the services make, every property the records
// model (generated or written by hand), the enums' values and the limits
// the SDK checks before sending.
func TestDescriptionCoversTheGroup(t *testing.T) {
	doc, err := apispec.Load("creatives")
	require.NoError(t, err)
	for path, methods := range map[string][]string{
		"/v3.0/creatives":                                                      {"POST"},
		"/v3.0/creatives/bulk":                                                 {"PUT", "PATCH"},
		"/v3.0/creatives/list":                                                 {"POST"},
		"/v3.0/creatives/{creativeId}":                                         {"GET", "POST", "PATCH"},
		"/v3.0/creatives/validateVAST":                                         {"POST"},
		"/v3.0/creatives/{creativeId}/history":                                 {"GET", "DELETE"},
		"/v3.0/creatives/{creativeId}/companions":                              {"GET", "POST"},
		"/v3.0/creatives/{creativeId}/companions/{companionId}":                {"GET", "POST", "DELETE"},
		"/v3.0/classification/{cid}":                                           {"GET", "POST"},
		"/v3.0/classification/{cid}/force-publish":                             {"POST"},
		"/v3.0/classification/{cid}/inflate":                                   {"GET"},
		"/v3.0/classification/bulk":                                            {"POST"},
		"/v3.0/classification/bulk/{cids}":                                     {"GET"},
		"/v3.0/classification/bulk/{cids}/inflate":                             {"GET"},
		"/v3.0/static_data/{category}":                                         {"GET"},
		"/v3.0/static_data/{category}/{id}":                                    {"GET"},
		"/video/v2.0/creatives":                                                {"POST"},
		"/video/v2.0/creatives/validateVAST":                                   {"POST"},
		"/video/v2.0/creatives/{video_id}":                                     {"GET", "POST"},
		"/video/v2.0/creatives/{video_id}/companions":                          {"GET", "POST"},
		"/video/v2.0/creatives/{video_id}/companions/{companion_id}/delete":    {"GET"},
		"/video/v2.0/creatives/{video_id}/upload":                              {"GET", "POST"},
		creatives.UploaderPath:                                                 {"POST"},
		"/video/v2.0/creatives/{video_id}/variants":                            {"GET"},
		"/video/v2.0/creatives/{video_id}/variants/{variant_id}":               {"GET"},
		"/video/v2.0/creatives/{video_id}/status":                              {"GET"},
		"/video/v2.0/creatives/{video_id}/vast":                                {"GET"},
		"/video/v2.0/creatives/{video_id}/vast/extension":                      {"POST"},
		"/classification/v1.0/{creative_id}":                                   {"GET", "POST"},
		"/classification/v1.0/{creative_id}/inflate":                           {"GET"},
		"/classification/v1.0/bulk":                                            {"POST"},
		"/classification/v1.0/bulk/{creative_ids}":                             {"GET"},
		"/classification/v1.0/bulk/{creative_ids}/inflate":                     {"GET"},
		"/static_data/v1.0/{category}":                                         {"GET"},
		"/static_data/v1.0/{category}/{id}":                                    {"GET"},
		"/component_creatives/v1.0/creatives":                                  {"GET", "POST"},
		"/component_creatives/v1.0/creatives/{atomic_creative_id}":             {"GET", "POST"},
		"/component_creatives/v1.0/creatives/{atomic_creative_id}/eligibility": {"GET"},
		"/component_creatives/v1.0/version":                                    {"GET"},
		"/component_creatives/v1.0/approvals":                                  {"GET", "POST"},
		"/component_creatives/v1.0/assets":                                     {"POST"},
		"/component_creatives/v1.0/assets/{asset_id}":                          {"GET", "POST"},
		"/component_creatives/v1.0/components":                                 {"GET", "POST"},
		"/component_creatives/v1.0/components/{component_id}":                  {"GET", "POST"},
		"/component_creatives/v1.0/upload/{filename}":                          {"GET"},
	} {
		item := doc.Paths.Value(path)
		require.NotNil(t, item, path)
		for _, m := range methods {
			op := item.GetOperation(m)
			if assert.NotNil(t, op, "%s %s", m, path) {
				assert.Equal(t, strings.HasPrefix(path, "/video/v2.0/") || path == creatives.UploaderPath || strings.Contains(path, "/v1.0/") && !strings.HasPrefix(path, "/component_creatives/"),
					op.Deprecated, "%s %s: the v2.0 and v1.0 video, classification and static data paths are deprecated", m, path)
			}
		}
	}

	records := map[string]any{
		"EventPixel": creatives.EventPixel{}, "InsecureVendorURLs": creatives.InsecureVendorURLs{}, "CreativeDetails": creatives.CreativeDetails{},
		"VideoCreative": creatives.VideoCreative{}, "Status": creatives.Status{}, "VASTValidation": creatives.VASTValidation{}, "Variant": creatives.Variant{},
		"UploadStatus": creatives.UploadStatus{}, "FileInfo": creatives.FileInfo{}, "EncodingInfo": creatives.EncodingInfo{}, "EncodingProgress": creatives.EncodingProgress{},
		"Classification": creatives.Classification{}, "InflatedClassification": creatives.InflatedClassification{},
		"ClassificationRecord": creatives.ClassificationRecord{}, "InflatedRecord": creatives.InflatedRecord{},
		"CompanionDetails": creatives.CompanionDetails{}, "Companion": creatives.Companion{}, "History": creatives.History{}, "HistoryWith": creatives.HistoryWith{},
		"HistoryPage": creatives.HistoryPage{}, "HistoryEntry": creatives.HistoryEntry{}, "FieldChange": creatives.FieldChange{}, "Asset": creatives.Asset{},
		"Component": creatives.Component{}, "Approval": creatives.Approval{}, "ErrorInfo": creatives.FieldErrorInfo{},
		"UploadLocation": creatives.UploadLocation{}, "Uploader": creatives.Uploader{}, "TempFile": creatives.TempFile{},
		// Written by hand.
		"StaticItem": creatives.StaticItem{}, "ComponentCreative": creatives.ComponentCreative{}, "CreateResult": creatives.CreateResult{},
		"Eligibility": creatives.Eligibility{}, "EligibleComponent": creatives.EligibleComponent{}, "AssetInput": creatives.AssetInput{},
	}
	for name, rec := range records {
		t.Run(name, func(t *testing.T) {
			s := doc.Components.Schemas[name]
			require.NotNil(t, s, name)
			assert.Equal(t, propertyNames(s.Value), jsonNames(reflect.TypeOf(rec)), "the record models exactly the described properties")
		})
	}
	// The create body is the settings and fileName; a bulk update item
	// the settings and the id.
	assert.Equal(t, writableNames(doc.Components.Schemas["NewVideoCreative"].Value), jsonNames(reflect.TypeFor[creatives.NewVideoCreative]()))
	assert.Equal(t, writableNames(doc.Components.Schemas["VideoCreativePatch"].Value), jsonNames(reflect.TypeFor[creatives.VideoCreativePatch]()))

	enums := map[string][]string{
		"EncodingStatus": strs(creatives.EncodingStatus("").Values()), "VASTVersion": strs(creatives.VASTVersion("").Values()),
		"CompanionType": strs(creatives.CompanionType("").Values()), "Category": strs(creatives.Category("").Values()),
		"ComponentValueType": strs(creatives.ComponentValueType("").Values()),
	}
	for name, values := range enums {
		var described []string
		for _, v := range doc.Components.Schemas[name].Value.Enum {
			described = append(described, v.(string))
		}
		assert.Equal(t, described, values, name)
	}
}

// TestDescribedLimitsAreChecked: each limit the description gives is
// the one the SDK checks before sending: a value at the limit is sent, one
// past it refused with a validation error naming the field.
func TestDescribedLimitsAreChecked(t *testing.T) {
	doc, err := apispec.Load("creatives")
	require.NoError(t, err)
	details := doc.Components.Schemas["CreativeDetails"].Value.Properties
	companion := doc.Components.Schemas["CompanionDetails"].Value.Properties
	maxLen := func(p string) int { return int(*details[p].Value.MaxLength) }
	cc, srv := newTestClient(t)
	ctx := context.Background()
	for _, tc := range []struct {
		field string
		at    func(n *creatives.NewVideoCreative)
		past  func(n *creatives.NewVideoCreative)
	}{
		{"name", func(n *creatives.NewVideoCreative) { n.Name = strings.Repeat("n", maxLen("name")) },
			func(n *creatives.NewVideoCreative) { n.Name = strings.Repeat("n", maxLen("name")+1) }},
		{"externalIdentifier", func(n *creatives.NewVideoCreative) {
			n.CustomVASTURL, n.ClickthroughURL, n.ExternalIdentifier = "https://vast.example/v.xml", "", strings.Repeat("e", maxLen("externalIdentifier"))
		}, func(n *creatives.NewVideoCreative) {
			n.CustomVASTURL, n.ClickthroughURL, n.ExternalIdentifier = "https://vast.example/v.xml", "", strings.Repeat("e", maxLen("externalIdentifier")+1)
		}},
		{"clockNumber", func(n *creatives.NewVideoCreative) { n.ClockNumber = strings.Repeat("1", maxLen("clockNumber")) },
			func(n *creatives.NewVideoCreative) { n.ClockNumber = strings.Repeat("1", maxLen("clockNumber")+1) }},
		{"advertiser", func(n *creatives.NewVideoCreative) { n.Advertiser = int64(*details["advertiser"].Value.Max) },
			func(n *creatives.NewVideoCreative) { n.Advertiser = int64(*details["advertiser"].Value.Max) + 1 }},
		{"endTime", func(n *creatives.NewVideoCreative) {
			n.StartTime, n.EndTime = i64(0), i64(int64(*details["endTime"].Value.Max))
		},
			func(n *creatives.NewVideoCreative) {
				n.StartTime, n.EndTime = i64(0), i64(int64(*details["endTime"].Value.Max)+1)
			}},
	} {
		at, past := creatives.ValidNew(), creatives.ValidNew()
		tc.at(at)
		tc.past(past)
		_, err := cc.Videos.BulkCreate(ctx, []creatives.NewVideoCreative{*at})
		require.NoError(t, err, "%s at the described limit", tc.field)
		_, err = cc.Videos.BulkCreate(ctx, []creatives.NewVideoCreative{*past})
		var ve *adama.ValidationError
		require.ErrorAs(t, err, &ve, "%s past the described limit", tc.field)
		assert.Contains(t, ve.Error(), tc.field)
	}
	lo, hi := int(*companion["width"].Value.Min), int(*companion["width"].Value.Max)
	id := seedVideo(srv)
	for _, w := range []struct {
		width int
		ok    bool
	}{{lo, true}, {hi, true}, {lo - 1, false}, {hi + 1, false}} {
		c := &creatives.Companion{Details: creatives.CompanionDetails{AdServer: "s", Typ: creatives.CompanionTypeStatic, Width: w.width, Height: lo,
			LandingURL: "https://example.com", ClickthroughURL: "https://example.com/c"}}
		_, err := cc.Companions.Create(ctx, id, c)
		if w.ok {
			assert.NoError(t, err, "width %d", w.width)
			continue
		}
		var ve *adama.ValidationError
		if assert.ErrorAs(t, err, &ve, "width %d", w.width) {
			assert.Contains(t, ve.Error(), "details.width")
		}
	}
}

// TestWireFitsDescription: every request the services send over the fake
// platform is a described operation, and its JSON body fits the
// operation's request schema: each property described, of its described
// type and enum, no read-only property sent, and every required one
// present in a body that is not a partial change.
func TestWireFitsDescription(t *testing.T) {
	doc, err := apispec.Load("creatives")
	require.NoError(t, err)
	cc, srv := newTestClient(t)
	ctx := context.Background()

	v, err := cc.Videos.Create(ctx, &creatives.VideoCreative{Details: creatives.CreativeDetails{Active: true, Advertiser: 7, Name: "Spot", Concept: 11,
		ClickthroughURL: "https://example.com/c", EventPixels: []creatives.EventPixel{{Typ: "start", URL: "https://px.example/s"}},
		Vendors: []int64{3}, VASTVersion: creatives.VASTVersionVAST3, StartTime: i64(1700000000), EndTime: i64(1800000000)}})
	require.NoError(t, err)
	v.Details.Name, v.Details.EndTime = "Spot 2", nil
	_, err = cc.Videos.Update(ctx, v)
	require.NoError(t, err)
	_, err = cc.Videos.UpdateV2(ctx, v)
	require.NoError(t, err)
	_, err = cc.Videos.BulkCreate(ctx, []creatives.NewVideoCreative{*creatives.ValidNew()})
	require.NoError(t, err)
	_, err = cc.Videos.BulkUpdate(ctx, []creatives.VideoCreativePatch{{ID: v.ID, Name: adama.Some("Spot 3"), Active: adama.Some(false)}})
	require.NoError(t, err)
	_, err = cc.Videos.ListByIDs(ctx, []int64{v.ID})
	require.NoError(t, err)

	comp := &creatives.Companion{Details: creatives.CompanionDetails{AdServer: "s", Typ: creatives.CompanionTypeStatic, Width: 300, Height: 250,
		LandingURL: "https://example.com", ClickthroughURL: "https://example.com/c"}, ResourceData: "data:image/png;base64,AAAA"}
	comp, err = cc.Companions.Create(ctx, v.ID, comp)
	require.NoError(t, err)
	comp.Details.Width = 320
	_, err = cc.Companions.Update(ctx, v.ID, comp)
	require.NoError(t, err)

	_, err = cc.Classifications.Save(ctx, v.ID, &creatives.Classification{Attributes: []int64{1}, Language: 2, Verticals: []int64{3}})
	require.NoError(t, err)
	_, err = cc.Classifications.BulkSave(ctx, []creatives.ClassificationRecord{{CreativeID: v.ID, Details: creatives.Classification{Language: 2}}})
	require.NoError(t, err)

	cr, err := cc.ComponentCreatives.Create(ctx, &creatives.ComponentCreative{ConceptID: "77", CreativeName: "Native", Title: "Hello", Status: true,
		Width: adama.Ptr(300), NewAssets: creatives.ReplaceAssets(creatives.TextAsset(6, "body"))})
	require.NoError(t, err)
	cr.Title, cr.ClickthroughURL = "Hello again", "https://example.com/n"
	_, err = cc.ComponentCreatives.Update(ctx, cr)
	require.NoError(t, err)
	k, err := cc.Components.Create(ctx, &creatives.Component{ComponentHumanName: "Right Image", ComponentName: "right_image", ValueTypeName: creatives.ComponentValueTypeImage})
	require.NoError(t, err)
	k.CharLimit = adama.Ptr(90)
	_, err = cc.Components.Update(ctx, k)
	require.NoError(t, err)

	checked := 0
	for _, r := range srv.Requests() {
		if !slices.ContainsFunc([]string{"/v3.0/", "/video/v2.0/", "/classification/v1.0/", "/static_data/v1.0/", "/component_creatives/v1.0/"},
			func(p string) bool { return strings.HasPrefix(r.Path, p) }) {
			continue // sign-in, not of this group
		}
		path, item := describedPath(doc, r.Path)
		require.NotNil(t, item, "%s %s is not described", r.Method, r.Path)
		op := item.GetOperation(r.Method)
		require.NotNil(t, op, "%s %s (%s) is not described", r.Method, r.Path, path)
		if r.Method == http.MethodGet || len(r.Body) == 0 || op.RequestBody == nil {
			continue
		}
		media := op.RequestBody.Value.Content.Get("application/json")
		require.NotNil(t, media, "%s %s: a JSON body", r.Method, path)
		var body any
		require.NoError(t, json.Unmarshal(r.Body, &body))
		partial := r.Method == http.MethodPatch || strings.Contains(path, "/components/{") || strings.Contains(path, "/creatives/{atomic_creative_id}")
		checkBody(t, r.Method+" "+path, media.Schema.Value, body, partial)
		checked++
	}
	assert.GreaterOrEqual(t, checked, 12, "the writes above send their bodies")
}

// checkBody checks that v fits s as a request body (see
// TestWireFitsDescription).
func checkBody(t *testing.T, where string, s *openapi3.Schema, v any, partial bool) {
	t.Helper()
	switch x := v.(type) {
	case []any:
		require.NotNil(t, s.Items, "%s: a list is described", where)
		for _, e := range x {
			checkBody(t, where+"[]", s.Items.Value, e, partial)
		}
	case map[string]any:
		props := properties(s)
		for k, pv := range x {
			p, ok := props[k]
			if !assert.True(t, ok, "%s: property %s is not described", where, k) {
				continue
			}
			assert.False(t, p.Value.ReadOnly, "%s: read-only property %s is sent", where, k)
			if pv == nil {
				continue // null clears
			}
			if p.Value.Type.Is(openapi3.TypeObject) || p.Value.Type.Is(openapi3.TypeArray) || len(p.Value.AllOf) > 0 {
				if p.Value.Type.Is(openapi3.TypeArray) || p.Value.Type.Is(openapi3.TypeObject) {
					checkBody(t, where+"."+k, p.Value, pv, partial)
					continue
				}
			}
			assert.NoError(t, p.Value.VisitJSON(pv, openapi3.VisitAsRequest()), "%s: property %s", where, k)
		}
		if partial {
			return
		}
		for _, req := range required(s) {
			if props[req] != nil && props[req].Value.ReadOnly {
				continue
			}
			assert.Contains(t, x, req, "%s: required property %s is sent", where, req)
		}
	default:
		assert.NoError(t, s.VisitJSON(v, openapi3.VisitAsRequest()), where)
	}
}

// properties are the properties of s and of the schemas of its allOf.
func properties(s *openapi3.Schema) map[string]*openapi3.SchemaRef {
	out := map[string]*openapi3.SchemaRef{}
	for _, a := range s.AllOf {
		for k, p := range properties(a.Value) {
			out[k] = p
		}
	}
	for k, p := range s.Properties {
		if len(p.Value.AllOf) == 1 && len(p.Value.Properties) == 0 && p.Value.Type == nil {
			p = p.Value.AllOf[0] // a reference with marks of its own
		}
		out[k] = p
	}
	return out
}

func required(s *openapi3.Schema) []string {
	out := slices.Clone(s.Required)
	for _, a := range s.AllOf {
		out = append(out, required(a.Value)...)
	}
	return out
}

// writableNames are the properties of s that are not read-only, sorted.
func writableNames(s *openapi3.Schema) []string {
	var out []string
	for p, ref := range properties(s) {
		if !ref.Value.ReadOnly {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

func propertyNames(s *openapi3.Schema) []string {
	var out []string
	for p := range properties(s) {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// describedPath finds the described path a request's path matches,
// preferring fixed segments over parameters.
func describedPath(doc *openapi3.T, p string) (string, *openapi3.PathItem) {
	segs := strings.Split(p, "/")
	best, bestParams := "", -1
	for tmpl := range doc.Paths.Map() {
		ts := strings.Split(tmpl, "/")
		if len(ts) != len(segs) {
			continue
		}
		params, ok := 0, true
		for i, s := range ts {
			switch {
			case strings.HasPrefix(s, "{"):
				params++
			case s != segs[i]:
				ok = false
			}
		}
		if ok && (bestParams < 0 || params < bestParams) {
			best, bestParams = tmpl, params
		}
	}
	if best == "" {
		return "", nil
	}
	return best, doc.Paths.Value(best)
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
		if tag == "" {
			tag = f.Name
		}
		out = append(out, tag)
	}
	slices.Sort(out)
	return out
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}
