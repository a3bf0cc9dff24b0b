package targeting_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

// The *_platform.json files under testdata/v3 are the platform-shaped
// forms of the reference bodies beside them: every number (ids, counts,
// money, also in the page's meta) is sent as a JSON string, some enum
// values are words the reference does not list, and each record carries
// a property no reference documents (platformNote). The
// *_misfit.json files are the plain bodies with values that fit no
// documented form (bulk_207_misfit.json: an answered strategy's id).

// platformNote is the unknown property of every record of a platform
// variant.
const platformNote = "x_platform_note"

// platformNoteValue is its value, as the record must write it back.
const platformNoteValue = `{"source":"edge","rev":7}`

// variantRead reads a body through the public call the body answers.
type variantRead func(context.Context, *targeting.Client) (any, error)

func pageOf[T any](p *adama.Page[T], err error) (any, error) { return p, err }

func valueOf[T any](v T, err error) (any, error) { return v, err }

// variantCase is one variant of a plain body: the swaps are the values
// the variant holds in place of the plain body's (a path in the value's
// JSON form, dotted, to the raw JSON expected there), records is the
// number of records carrying platformNote, misfits what the records
// report.
type variantCase struct {
	plain, variant string
	status         int
	read           variantRead
	swaps          map[string]string
	records        int
	misfits        []adama.Misfit
}

func variantCases() []variantCase {
	getSegmentGroups := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return pageOf(tc.SegmentGroups.List(ctx, nil))
	}
	getCampaign := func(ctx context.Context, tc *targeting.Client) (any, error) { return valueOf(tc.Campaigns.Get(ctx, 1)) }
	getPixelBundle := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.PixelBundles.Get(ctx, 32))
	}
	getSiteList := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.SiteLists.Get(ctx, 126))
	}
	listOrgs := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return pageOf(tc.Organizations.List(ctx, nil))
	}
	getPlan := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.CampaignPlans.Get(ctx, 1))
	}
	getTemplate := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.StrategyTemplates.Get(ctx, 1))
	}
	draft := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.AtomicCreatives.Draft(ctx, creativeUpload(1)))
	}
	upload := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.AtomicCreatives.Upload(ctx, creativeUpload(1)))
	}
	getStrategy := func(ctx context.Context, tc *targeting.Client) (any, error) {
		return valueOf(tc.Strategies.Get(ctx, 23))
	}
	platform := func(plain string, read variantRead, records int, swaps map[string]string) variantCase {
		return variantCase{plain: plain, variant: strings.TrimSuffix(plain, ".json") + "_platform.json", status: http.StatusOK,
			read: read, swaps: swaps, records: records}
	}
	// misfit's record is at prefix in the value's JSON form.
	misfit := func(plain, prefix string, read variantRead, misfits ...adama.Misfit) variantCase {
		swaps := map[string]string{}
		for _, m := range misfits {
			swaps[prefix+m.Field] = string(m.Raw)
		}
		return variantCase{plain: plain, variant: strings.TrimSuffix(plain, ".json") + "_misfit.json", status: http.StatusOK,
			read: read, swaps: swaps, misfits: misfits}
	}
	mf := func(field, raw string) adama.Misfit { return adama.Misfit{Field: field, Raw: json.RawMessage(raw)} }
	withStatus := func(c variantCase, status int) variantCase { c.status = status; return c }

	return []variantCase{
		// audiences
		platform("audiences/segment_groups.json", getSegmentGroups, 1,
			map[string]string{"Items.0.type": `"LOOKALIKE"`, "Items.0.segment_subgroup.0.segment_members.0.segment_type": `"BEHAVIOURAL"`}),
		misfit("audiences/segment_groups.json", "Items.0.", getSegmentGroups, mf("organization_id", `{"id":1234}`)),
		withStatus(platform("audiences/segment_group.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.SegmentGroups.Create(ctx, newSegmentGroup()))
		}, 1, map[string]string{"segment_subgroup.0.segment_operator": `"XOR"`}), http.StatusCreated),
		platform("audiences/segment_group_assignments.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return pageOf(tc.SegmentGroups.Assignments(ctx, 1234, nil))
		}, 1, nil),
		platform("audiences/audience_vendor.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.AudienceVendors.Get(ctx, 123))
		}, 1, nil),
		withStatus(platform("audiences/audience_vendor_created.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "Vendor Name", NamespaceCode: "namespace123",
				BidderCode: "bidder123", VendorID: 456}))
		}, 1, nil), http.StatusCreated),
		platform("audiences/audience_vendor_updated.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			var v targeting.AudienceVendor
			if err := json.Unmarshal([]byte(`{"id":123,"name":"Vendor Name","version":1}`), &v); err != nil {
				return nil, err
			}
			v.Name = "Updated Vendor Name"
			return valueOf(tc.AudienceVendors.Update(ctx, &v))
		}, 1, nil),
		platform("audiences/audience_vendors.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return pageOf(tc.AudienceVendors.List(ctx, nil))
		}, 1, nil),
		platform("audiences/audience_segment_estimate.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.AudienceSegments.EstimateCPM(ctx, &targeting.AudienceCPMRequest{CurrencyCode: "USD"}))
		}, 1, nil),
		platform("audiences/contextual_segment_estimate.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.ContextualSegments.EstimateCPM(ctx, &targeting.ContextualCPMRequest{CurrencyCode: "USD"}))
		}, 1, nil),
		platform("audiences/targeting_location.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.StrategyTargeting.Add(ctx, &targeting.StrategyTargetingRequest{StrategyIDs: []int64{65}}))
		}, 1, map[string]string{"Items.0.Record.location.0.strategy_target_operator": `"NOR"`}),
		// campaigns
		platform("campaigns/campaign.json", getCampaign, 1, nil),
		misfit("campaigns/campaign.json", "", getCampaign, mf("budget.total_impression_budget", `"plenty"`)),
		platform("campaigns/concept.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.Concepts.Get(ctx, 1))
		}, 1, map[string]string{"media_type_list.1": `"hologram"`}),
		platform("campaigns/contract.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.Contracts.Get(ctx, 4))
		}, 1, nil),
		platform("campaigns/budget_flights.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return pageOf(tc.BudgetFlights.List(ctx, 1, nil))
		}, 1, nil),
		// creatives
		platform("creatives/atomic_creative_extended.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.AtomicCreatives.GetExtended(ctx, 11884513))
		}, 1, map[string]string{"file_type": `"webp3"`, "ad_server_type": `"EDGE"`}),
		platform("creatives/pixel_bundle.json", getPixelBundle, 1, map[string]string{"pixel_type": `"signal"`, "currency": `"S9"`}),
		misfit("creatives/pixel_bundle.json", "", getPixelBundle, mf("cost_cpm", `"n/a"`)),
		platform("creatives/pixel_bundle_collection.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return pageOf(tc.PixelBundles.List(ctx, nil))
		}, 2, nil),
		platform("creatives/marketplace_list.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return pageOf(tc.Marketplaces.List(ctx, nil))
		}, 1, nil),
		platform("creatives/site_list.json", getSiteList, 1, map[string]string{"restriction": `"MAYBE"`}),
		misfit("creatives/site_list.json", "", getSiteList, mf("sites_count", `[100]`)),
		platform("creatives/site_list_assignments.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return pageOf(tc.SiteLists.Assignments(ctx, 126, nil))
		}, 2, nil),
		platform("creatives/creative_draft_single_image.json", draft, 1, nil),
		platform("creatives/creative_draft_multiple_images.json", draft, 1, nil),
		platform("creatives/creative_draft_html5_creative.json", draft, 1, nil),
		platform("creatives/creative_upload_single_image_upload.json", upload, 1, map[string]string{"0.approval_status": `"ESCALATED"`}),
		platform("creatives/creative_upload_multiple_creatives_upload.json", upload, 2, map[string]string{"1.ad_server_type": `"EDGE"`}),
		// orgs
		platform("orgs/organizations_list.json", listOrgs, 3, nil),
		misfit("orgs/organizations_list.json", "Items.1.", listOrgs, mf("name", `{"en":"Organization Two"}`)),
		// plans (the reference's examples are bare records: served as the
		// data of an answer)
		platform("plans/campaign_plan_create_Example.json", getPlan, 1, nil),
		misfit("plans/campaign_plan_create_Example.json", "", getPlan, mf("budget.total_budget", `true`)),
		platform("plans/campaign_plan_update_Example.json", getPlan, 1, nil),
		platform("plans/strategy_template_create_GlobalTemplate.json", getTemplate, 1, nil),
		platform("plans/strategy_template_create_OrganizationLevel.json", getTemplate, 1, nil),
		platform("plans/strategy_template_create_AgencyLevel.json", getTemplate, 1, nil),
		platform("plans/strategy_template_create_AdvertiserLevel.json", getTemplate, 1, nil),
		// strategies
		platform("strategies/strategy.json", getStrategy, 1, map[string]string{"media_type": `"HOLOGRAM"`, "goals.goal_type": `"vcpx"`}),
		misfit("strategies/strategy.json", "", getStrategy, mf("pacing.pacing_amount", `"fifty"`), mf("goals.goal_value", `{"amount":4.25}`)),
		platform("strategies/healthcheck.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.Strategies.Healthcheck(ctx, 23))
		}, 1, map[string]string{"result": `"degraded"`}),
		platform("strategies/forecast_query.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.Strategies.ForecastQuery(ctx, 23))
		}, 1, nil),
		platform("strategies/friendly_names.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			return valueOf(tc.Strategies.FriendlyNames(ctx, 23))
		}, 2, nil),
		withStatus(platform("strategies/bulk_207.json", func(ctx context.Context, tc *targeting.Client) (any, error) {
			var a, b targeting.Strategy
			if err := errors.Join(json.Unmarshal([]byte(`{"id":1,"name":"A","version":2}`), &a),
				json.Unmarshal([]byte(`{"id":2,"name":"x","version":2}`), &b)); err != nil {
				return nil, err
			}
			a.Name = "A2"
			return valueOf(tc.Strategies.BulkUpdate(ctx, []*targeting.Strategy{&a, &b}))
		}, 1, map[string]string{"Items.1.Strategy.goals.goal_type": `"vcpx"`}), http.StatusMultiStatus),
	}
}

// variantBody is the testdata body under testdata/v3, put in an answer's
// data when it is a bare record.
func variantBody(t *testing.T, name string) []byte {
	t.Helper()
	b := readTestdata(t, path.Join("v3", name))
	var probe map[string]json.RawMessage
	if json.Unmarshal(b, &probe) == nil && probe["data"] == nil {
		return []byte(`{"data":` + string(b) + `,"meta":{"status":"success"}}`)
	}
	return b
}

// TestPlatformVariants reads every variant and its plain body through the
// same public call: the values decoded are the plain body's, unknown enum
// words are kept as sent, unknown properties are kept in Extra and
// written back, and a value that fits no form is reported on its record
// with its raw value and written back, never read as a zero.
func TestPlatformVariants(t *testing.T) {
	ctx := context.Background()
	for _, c := range variantCases() {
		t.Run(c.variant, func(t *testing.T) {
			plain, err := c.read(ctx, bodyClient(t, c.status, variantBody(t, c.plain)))
			require.NoError(t, err)
			got, err := c.read(ctx, bodyClient(t, c.status, variantBody(t, c.variant)))
			require.NoError(t, err, "a platform-shaped body does not fail the call")

			recs := topRecords(reflect.ValueOf(got))
			require.NotEmpty(t, recs)
			var misfits []adama.Misfit
			notes := 0
			for _, r := range recs {
				misfits = append(misfits, r.Interface().(misfitter).Misfits()...)
				if raw, ok := extraOf(r)[platformNote]; ok {
					assert.JSONEq(t, platformNoteValue, string(raw), "the unknown property is kept as it came")
					notes++
				}
			}
			assert.Equal(t, c.records, notes, "every record keeps the unknown property in Extra")
			require.Len(t, misfits, len(c.misfits))
			for i, m := range c.misfits {
				assert.Equal(t, m.Field, misfits[i].Field)
				assert.JSONEq(t, string(m.Raw), string(misfits[i].Raw), "the raw value as it came")
			}

			want, have := jsonForm(t, plain), jsonForm(t, got)
			assert.Equal(t, c.records, dropKey(have, platformNote), "every unknown property is written back")
			for p, raw := range c.swaps {
				v, ok := valueAt(have, p)
				require.True(t, ok, "%s is written back", p)
				assert.JSONEq(t, raw, mustJSON(t, v), "%s is kept as it came", p)
				pv, ok := valueAt(want, p)
				require.True(t, ok, "%s is in the plain body", p)
				require.True(t, put(have, p, pv))
			}
			assert.Equal(t, want, have, "every other value is the plain body's")
		})
	}
}

// TestPlatformVariantsStrict: a strict client refuses each misfit
// variant's record, naming the field.
func TestPlatformVariantsStrict(t *testing.T) {
	ctx := context.Background()
	for _, c := range variantCases() {
		if c.misfits == nil {
			continue
		}
		t.Run(c.variant, func(t *testing.T) {
			body := variantBody(t, c.variant)
			tc := bodyClient(t, c.status, body)
			_, err := c.read(ctx, tc)
			require.NoError(t, err)
			_, err = c.read(ctx, bodyClient(t, c.status, body, adama.WithStrictDecoding()))
			assertStrictMisfit(t, err, c.misfits[0].Field)
		})
	}
}

// keptRaw are the properties the records keep as sent (a template's
// text, the reference's misspelt pixel bundle property): whatever they
// hold fits.
var keptRaw = []string{"template", "contianer_tags"}

// TestPlatformVariantsEveryValueMisfit puts a value that fits no form in
// place of each value of each plain body in turn: the call succeeds, the
// record reports the property (or the list or record holding it) with the
// value, and writes the value back; a property kept as sent reports
// nothing and writes it back too.
func TestPlatformVariantsEveryValueMisfit(t *testing.T) {
	const odd = `{"misfit":1}`
	ctx := context.Background()
	seen := map[string]bool{}
	for _, c := range variantCases() {
		if seen[c.plain] {
			continue
		}
		seen[c.plain] = true
		t.Run(c.plain, func(t *testing.T) {
			body := variantBody(t, c.plain)
			var doc map[string]any
			require.NoError(t, json.Unmarshal(body, &doc))
			recs, prefix := []any{doc["data"]}, []string{"data"}
			if l, ok := doc["data"].([]any); ok {
				recs, prefix = l, nil
				for i := range l {
					prefix = append(prefix, "data."+strconv.Itoa(i))
				}
			}
			for ri, rec := range recs {
				for _, leaf := range leafPaths(rec, "") {
					if c.status == http.StatusMultiStatus && leaf == "id" {
						continue // a bulk answer's record is matched to its input by id
					}
					var changed map[string]any
					require.NoError(t, json.Unmarshal(body, &changed))
					require.True(t, put(changed, prefix[ri]+"."+dotted(leaf), json.RawMessage(odd)))
					got, err := c.read(ctx, bodyClient(t, c.status, []byte(mustJSON(t, changed))))
					require.NoError(t, err, leaf)
					// The plain body has no misfits: any record's are the leaf's
					// (a record may land elsewhere when its key does not fit).
					var names []string
					for _, r := range topRecords(reflect.ValueOf(got)) {
						for _, m := range r.Interface().(misfitter).Misfits() {
							names = append(names, m.Field)
						}
					}
					if under(leaf, keptRaw) {
						assert.Empty(t, names, leaf)
					} else {
						assert.True(t, under(leaf, names), "%s is reported (misfits %v)", leaf, names)
					}
					assert.Contains(t, mustJSON(t, got), odd, "%s is written back", leaf)
				}
			}
		})
	}
}

// leafPaths lists the paths of v's values that are neither objects nor
// arrays, as a misfit names them ("flights[2].amount").
func leafPaths(v any, path string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			out = append(out, leafPaths(e, p)...)
		}
	case []any:
		for i, e := range x {
			out = append(out, leafPaths(e, path+"["+strconv.Itoa(i)+"]")...)
		}
	default:
		out = append(out, path)
	}
	return out
}

// dotted writes a misfit's path with dots only ("flights.2.amount").
func dotted(p string) string { return strings.ReplaceAll(strings.ReplaceAll(p, "[", "."), "]", "") }

// under reports whether path is one of names or inside one of them.
func under(path string, names []string) bool {
	for _, n := range names {
		if path == n || strings.HasPrefix(path, n+".") || strings.HasPrefix(path, n+"[") {
			return true
		}
	}
	return false
}

// topRecords finds the records in v: the outermost values with Misfits
// (which report those of the records inside them).
func topRecords(v reflect.Value) []reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		if _, ok := v.Interface().(misfitter); ok {
			return []reflect.Value{v}
		}
		return topRecords(v.Elem())
	case reflect.Slice:
		var out []reflect.Value
		for i := range v.Len() {
			out = append(out, topRecords(v.Index(i))...)
		}
		return out
	case reflect.Struct:
		var out []reflect.Value
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = append(out, topRecords(v.Field(i))...)
			}
		}
		return out
	}
	return nil
}

// extraOf is the Extra of record r.
func extraOf(r reflect.Value) map[string]json.RawMessage {
	f := r.Elem().FieldByName("Extra")
	if !f.IsValid() {
		return nil
	}
	m, _ := f.Interface().(map[string]json.RawMessage)
	return m
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// jsonForm is v written as JSON and read back as generic values.
func jsonForm(t *testing.T, v any) any {
	t.Helper()
	var out any
	require.NoError(t, json.Unmarshal([]byte(mustJSON(t, v)), &out))
	return out
}

// dropKey removes key from every object in v and counts the removals.
func dropKey(v any, key string) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x[key]; ok {
			delete(x, key)
			n++
		}
		for _, e := range x {
			n += dropKey(e, key)
		}
	case []any:
		for _, e := range x {
			n += dropKey(e, key)
		}
	}
	return n
}

// valueAt is the value at the dotted path p in v.
func valueAt(v any, p string) (any, bool) {
	for _, k := range strings.Split(p, ".") {
		switch x := v.(type) {
		case map[string]any:
			e, ok := x[k]
			if !ok {
				return nil, false
			}
			v = e
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// put sets the value at the dotted path p in v.
func put(v any, p string, val any) bool {
	i := strings.LastIndexByte(p, '.')
	parent, last := v, p
	if i >= 0 {
		var ok bool
		if parent, ok = valueAt(v, p[:i]); !ok {
			return false
		}
		last = p[i+1:]
	}
	switch x := parent.(type) {
	case map[string]any:
		x[last] = val
		return true
	case []any:
		n, err := strconv.Atoi(last)
		if err != nil || n < 0 || n >= len(x) {
			return false
		}
		x[n] = val
		return true
	}
	return false
}

// TestPlatformBulkUnmatched: a bulk answer's strategy whose id fits no
// form matches no item sent; it is kept in Unmatched with its misfit,
// not dropped.
func TestPlatformBulkUnmatched(t *testing.T) {
	a := read[targeting.Strategy](t, `{"id":1,"name":"A","version":2}`)
	b := read[targeting.Strategy](t, `{"id":2,"name":"x","version":2}`)
	b.Name = "B"
	res, err := bodyClient(t, http.StatusMultiStatus, variantBody(t, "strategies/bulk_207_misfit.json")).
		Strategies.BulkUpdate(context.Background(), []*targeting.Strategy{a, b})
	require.NoError(t, err)
	require.Len(t, res.Items, 2)
	for _, it := range res.Items {
		assert.ErrorIs(t, it.Err, targeting.ErrBulkItemNotUpdated)
	}
	require.Len(t, res.Unmatched, 1)
	u := res.Unmatched[0]
	assert.Equal(t, "B", u.Name)
	assert.Equal(t, int64(3), u.Version)
	require.Len(t, u.Misfits(), 1)
	assert.Equal(t, "id", u.Misfits()[0].Field)
	assert.JSONEq(t, `{"value":2}`, string(u.Misfits()[0].Raw))

	res, err = bodyClient(t, http.StatusMultiStatus, variantBody(t, "strategies/bulk_207.json")).
		Strategies.BulkUpdate(context.Background(), []*targeting.Strategy{a, b})
	require.NoError(t, err)
	assert.Empty(t, res.Unmatched, "every answered strategy matched")
}

// TestPlatformAtomicBulkUnmatched: an updated creative answered with an
// id that fits no form is not taken for a create's record; it is kept in
// Unmatched with its misfit, and the create gets the created record.
func TestPlatformAtomicBulkUnmatched(t *testing.T) {
	body := []byte(`{"data":[{"id":{"value":4},"version":4,"name":"A"},{"id":9,"version":1,"name":"new"}],
"meta":{"status":"success","count":2}}`)
	u := read[targeting.AtomicCreative](t, `{"id":4,"version":3,"advertiser_id":1,"name":"A","width":1,"height":1}`)
	u.Archived = adama.Ptr(true)
	res, err := bodyClient(t, http.StatusOK, body).AtomicCreatives.BulkUpdate(context.Background(), []*targeting.AtomicCreative{
		u, {AdvertiserID: 1, Name: "new", Width: 2, Height: 2}})
	require.NoError(t, err)
	require.Len(t, res.Items, 2)
	assert.Error(t, res.Items[0].Err, "the update's record cannot be told by its id")
	require.NotNil(t, res.Items[1].AtomicCreative)
	assert.Equal(t, int64(9), res.Items[1].AtomicCreative.ID)
	require.Len(t, res.Unmatched, 1)
	assert.Equal(t, "A", res.Unmatched[0].Name)
	require.Len(t, res.Unmatched[0].Misfits(), 1)
	assert.JSONEq(t, `{"value":4}`, string(res.Unmatched[0].Misfits()[0].Raw))
}

// TestPlatformCampaignBulkUnmatched: the bulk calls of campaigns,
// concepts and budget flights keep an answered record whose id fits no
// form in Unmatched, and the item it was meant for fails.
func TestPlatformCampaignBulkUnmatched(t *testing.T) {
	body := []byte(`{"data":[{"id":"seven","version":3,"name":"Spring"},{"id":8,"version":2,"name":"Summer"}],
"meta":{"status":"success","count":2}}`)
	a := read[targeting.Campaign](t, `{"id":7,"version":2,"name":"x"}`)
	b := read[targeting.Campaign](t, `{"id":8,"version":1,"name":"y"}`)
	a.Name, b.Name = "Spring", "Summer"
	res, err := bodyClient(t, http.StatusMultiStatus, body).Campaigns.BulkUpdate(context.Background(), []*targeting.Campaign{a, b})
	require.NoError(t, err)
	assert.ErrorIs(t, res.Items[0].Err, targeting.ErrNotInAnswer)
	require.NotNil(t, res.Items[1].Record)
	assert.Equal(t, int64(2), res.Items[1].Record.Version)
	require.Len(t, res.Unmatched, 1)
	assert.Equal(t, "Spring", res.Unmatched[0].Name)
	assert.Equal(t, []adama.Misfit{{Field: "id", Raw: json.RawMessage(`"seven"`)}}, res.Unmatched[0].Misfits())
}
