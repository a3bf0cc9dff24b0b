package targetingfake

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Collections of the atomic creatives, pixel bundles and marketplaces
// (targeting.creatives.yaml).
const (
	AtomicCreatives = "atomic_creatives"
	PixelBundles    = "pixel_bundles"
	Marketplaces    = "marketplaces"
)

// Kinds of value schema.check leaves to the resource's own check
// (creativesCheck): a number within limits, a list of integers, a list
// of strings of bounded length.
const (
	kNumber kind = 100 + iota
	kInts
	kStrings
)

// more is a rule of a number or list property that field cannot state.
type more struct {
	kind     kind
	lo, hi   float64 // kNumber: inclusive bounds
	maxLen   int     // kStrings: each item's length
	nullable bool
}

// creatives holds the family's resources.
type creatives struct {
	ac, pb, mkt *resource
	sl          *siteLists // sitelists.go
}

func int32Field() field { return intField(math.MinInt32) }

func strField(minLen, maxLen int, nullable bool) field {
	return field{kind: kString, minLen: minLen, maxLen: maxLen, nullable: nullable}
}

func nullableEnum(op, name string) field {
	f := describedEnum(op, name)
	f.nullable = true
	return f
}

// The bodies of the family's creates and updates: properties and limits
// as the Campaigns API reference states them, required properties and
// enum values from the description (bodies).
var (
	atomicCreativeFields = map[string]field{
		"name": strField(1, 256, false), "width": int32Field(), "height": int32Field(),
		"external_identifier": strField(1, 64, false), "concept_id": {kind: kInt, min: math.MinInt32, nullable: true},
		"status": {kind: kBool}, "archived": {kind: kBool}, "is_mraid": {kind: kBool}, "is_https": {kind: kBool},
		"p1as": {kind: kBool}, "is_audio": {kind: kBool, nullable: true},
		"start_date": strField(0, 0, true), "end_date": strField(0, 0, true),
		"expansion_direction": strField(0, 19, false), "expansion_trigger": describedEnum("createAtomicCreative", "expansion_trigger"),
		"media_type": describedEnum("createAtomicCreative", "media_type"), "ad_server_type": describedEnum("createAtomicCreative", "ad_server_type"),
		"ad_format": describedEnum("createAtomicCreative", "ad_format"), "tag_type": describedEnum("createAtomicCreative", "tag_type"),
		"tpas_ad_tag": strField(0, 0, false), "tpas_ad_tag_name": strField(1, 255, false), "edited_tag": strField(0, 0, false),
		"click_through_url": strField(0, 2048, true), "click_url": strField(0, 10000, true), "tag": strField(0, 0, false),
		"vast_version": {kind: kNumber, nullable: true}, "vendor_ids": {kind: kInts},
	}
	atomicCreativeCreate = schema{fields: with(atomicCreativeFields, map[string]field{
		"advertiser_id": intField(1), "creative_import_file_id": int32Field(), "file_type": describedEnum("createAtomicCreative", "file_type"),
		"is_multi_creative": {kind: kBool}, "has_sound": {kind: kBool}, "rich_media": {kind: kBool}, "built": {kind: kBool},
		"rich_media_provider": strField(0, 0, false), "build_date": strField(0, 0, false), "build_errors": strField(0, 0, false),
		"expand": strField(0, 0, false),
	}), required: bodies["createAtomicCreative"].Required}
	atomicCreativeUpdate = schema{fields: with(atomicCreativeFields, map[string]field{
		"version": intField(0), "external_identifier": strField(1, 64, true), "tag": strField(0, 0, true),
	}), required: bodies["updateAtomicCreative"].Required}

	pixelBundleFields = map[string]field{
		"provider_id": {kind: kInt, min: 1, nullable: true}, "name": strField(1, 64, false),
		"cost_pct_cpm": {kind: kNumber, nullable: true}, "cost_cpm": {kind: kNumber, nullable: true}, "cost_cpts": {kind: kNumber, nullable: true},
		"eligible": {kind: kBool}, "status": {kind: kBool}, "tag_type": describedEnum("createPixelBundle", "tag_type"),
		"pricing": nullableEnum("createPixelBundle", "pricing"), "segment_op": nullableEnum("createPixelBundle", "segment_op"),
		"currency": nullableEnum("createPixelBundle", "currency"), "revenue": nullableEnum("createPixelBundle", "revenue"),
		"currency_fixed": strField(0, 0, true), "rmx_friendly": {kind: kBool}, "rmx_merit": {kind: kBool},
		"rmx_pc_window_minutes": {kind: kInt, min: math.MinInt32, nullable: true}, "rmx_pv_window_minutes": {kind: kInt, min: math.MinInt32, nullable: true},
		"rmx_conversion_type": describedEnum("createPixelBundle", "rmx_conversion_type"), "rmx_conversion_minutes": int32Field(),
		"event_urls": {kind: kStrings, nullable: true}, "container_tags": {kind: kStrings, nullable: true},
	}
	pixelBundleCreate = schema{fields: with(pixelBundleFields, map[string]field{
		"pixel_type":    describedEnum("createPixelBundle", "pixel_type"),
		"advertiser_id": {kind: kInt, min: math.MinInt32, nullable: true}, "agency_id": {kind: kInt, min: math.MinInt32, nullable: true},
	}), required: bodies["createPixelBundle"].Required}
	pixelBundleUpdate = schema{fields: with(pixelBundleFields, map[string]field{"version": intField(0)}), required: bodies["updatePixelBundle"].Required}

	marketplaceFields = map[string]field{
		"name": strField(1, 0, false), "supply_type": strField(1, 0, false), "code": strField(1, 0, false), "rtb_type": strField(1, 0, false),
		"status": {kind: kBool}, "rtb_enabled": {kind: kBool}, "strategy_id": int32Field(), "bidder_exchange_identifier": int32Field(),
		"has_display": {kind: kBool}, "has_mobile_display": {kind: kBool}, "has_video": {kind: kBool}, "has_mobile_video": {kind: kBool},
		"requires_creative_audit": {kind: kBool}, "has_desktop_video": {kind: kBool}, "has_connected_tv": {kind: kBool},
		"mma_free": {kind: kBool}, "private": {kind: kBool},
		"mkt_sell_price": {kind: kNumber, nullable: true}, "mkt_sell_price_currency_code": strField(3, 3, true),
		"permission_organizations": {kind: kInts}, "permission_agencies": {kind: kInts},
	}
	marketplaceCreate = schema{fields: marketplaceFields, required: bodies["createMarketplace"].Required}
	marketplaceUpdate = schema{fields: with(marketplaceFields, map[string]field{"version": intField(0)}), required: bodies["updateMarketplace"].Required}

	// creativesMore are the limits of the number and list properties.
	creativesMore = map[string]more{
		"vast_version": {kind: kNumber, lo: 0, hi: 9.9}, "vendor_ids": {kind: kInts},
		"cost_pct_cpm": {kind: kNumber, lo: math.Inf(-1), hi: math.Inf(1)}, "cost_cpm": {kind: kNumber, lo: math.Inf(-1), hi: math.Inf(1)},
		"cost_cpts":  {kind: kNumber, lo: math.Inf(-1), hi: math.Inf(1)},
		"event_urls": {kind: kStrings, maxLen: 2048}, "container_tags": {kind: kStrings, maxLen: 1024},
		"mkt_sell_price":           {kind: kNumber, lo: -1, hi: math.Inf(1)},
		"permission_organizations": {kind: kInts}, "permission_agencies": {kind: kInts},
	}
)

// creativesCheck checks the number and list properties of body
// (creativesMore); schema.check has checked the rest, nulls included.
func creativesCheck(body map[string]any, _ bool) []wire.ErrorItem {
	var errs []wire.ErrorItem
	for k, v := range body {
		m, ok := creativesMore[k]
		if !ok || v == nil {
			continue
		}
		switch m.kind {
		case kNumber:
			n, ok := v.(json.Number)
			f, err := n.Float64()
			if !ok || err != nil {
				errs = append(errs, invalid(k, "must be a number"))
			} else if f < m.lo || f > m.hi {
				errs = append(errs, invalid(k, "must be between %g and %g", m.lo, m.hi))
			}
		case kInts, kStrings:
			items, ok := v.([]any)
			if !ok {
				errs = append(errs, invalid(k, "must be an array"))
				continue
			}
			for i, it := range items {
				at := fmt.Sprintf("%s[%d]", k, i)
				if m.kind == kInts {
					n, ok := it.(json.Number)
					x, err := n.Int64()
					if !ok || err != nil || x < math.MinInt32 || x > math.MaxInt32 {
						errs = append(errs, invalid(at, "must be an int32 integer"))
					}
					continue
				}
				s, ok := it.(string)
				if !ok {
					errs = append(errs, invalid(at, "must be a string"))
				} else if utf8.RuneCountInString(s) > m.maxLen {
					errs = append(errs, invalid(at, "max length %d", m.maxLen))
				}
			}
		}
	}
	return errs
}

func newCreatives(st *Store) creatives {
	return creatives{
		ac: &resource{st: st, coll: AtomicCreatives, create: atomicCreativeCreate, update: atomicCreativeUpdate,
			check: creativesCheck, onCreate: atomicCreativeDefaults, project: atomicCreativeView(st), history: true},
		pb: &resource{st: st, coll: PixelBundles, create: pixelBundleCreate, update: pixelBundleUpdate,
			check: creativesCheck, project: pixelBundleView, history: true},
		mkt: &resource{st: st, coll: Marketplaces, create: marketplaceCreate, update: marketplaceUpdate, check: creativesCheck},
		sl:  newSiteLists(st),
	}
}

// atomicCreativeDefaults fills the defaults the reference gives a new
// atomic creative, and the properties the platform writes.
func atomicCreativeDefaults(rec map[string]any) {
	for k, v := range map[string]any{
		"file_type": "unknown", "is_multi_creative": false, "has_sound": false, "rich_media": false, "built": false,
		"expansion_trigger": "MOUSEOVER", "expansion_direction": "NONRESTRICTED", "status": true, "archived": false,
		"is_mraid": false, "is_https": false, "p1as": false, "media_type": "display", "ad_format": "DISPLAY",
		"approval_status": "PENDING", "built_by_user_id": nil, "last_modified": now(),
	} {
		if _, ok := rec[k]; !ok {
			rec[k] = v
		}
	}
}

// atomicCreativeExtended are the properties only extended=true answers.
var atomicCreativeExtended = []string{"advertiser_name", "targeted_strategies", "atomic_creative_ssl_validators", "vendors", "creative_assets", "inner_tag"}

// atomicCreativeView shapes an atomic creative: vendor_ids, which the
// reference's answers do not hold, becomes vendors with extended=true,
// with the advertiser's name, the targeted strategies (the attachments'
// strategies are not tracked here: none) and no assets.
func atomicCreativeView(st *Store) func(map[string]any, url.Values, bool) (map[string]any, []wire.ErrorItem) {
	return func(rec map[string]any, q url.Values, _ bool) (map[string]any, []wire.ErrorItem) {
		ext := q.Get("extended")
		if ext != "" && ext != "true" && ext != "false" {
			return nil, []wire.ErrorItem{invalid("extended", "must be true or false")}
		}
		out := clone(rec)
		ids, _ := out["vendor_ids"].([]any)
		delete(out, "vendor_ids")
		for _, k := range atomicCreativeExtended {
			delete(out, k)
		}
		if ext != "true" {
			return out, nil
		}
		aid, _ := toInt(rec["advertiser_id"])
		name := fmt.Sprintf("Advertiser %d", aid)
		if a := st.Get(Advertisers, aid); a != nil {
			name, _ = a["name"].(string)
		}
		vendors := make([]any, 0, len(ids))
		for _, id := range ids {
			n, _ := toInt(id)
			vendors = append(vendors, map[string]any{"id": n, "name": fmt.Sprintf("Vendor %d", n), "is_eligible": true, "set_by": "USER"})
		}
		out["advertiser_name"] = name
		out["targeted_strategies"] = map[string]any{"count": 0, "strategies_list": []any{}}
		out["atomic_creative_ssl_validators"] = map[string]any{"is_https": "NOT_CHECKED", "notify_state": "NONE", "ignored": "NO", "ksize": 0}
		out["vendors"] = vendors
		out["creative_assets"] = []any{}
		return out, nil
	}
}

// pixelBundleView shapes a pixel bundle: a list without full=* holds id,
// name and entity_type; with accepts organization only.
func pixelBundleView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	if w := q.Get("with"); w != "" && w != "organization" {
		errs = append(errs, invalid("with", "must be organization"))
	}
	if f := q.Get("full"); f != "" && f != "*" && f != "pixel_bundle" {
		errs = append(errs, invalid("full", "must be *"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if !single && q.Get("full") == "" {
		return map[string]any{"id": rec["id"], "name": rec["name"], "entity_type": rec["entity_type"]}, nil
	}
	return rec, nil
}

// ---- atomic creatives ----

func (h *handler) listAtomicCreatives(w http.ResponseWriter, r *http.Request) { h.cr.ac.list(w, r) }

func (h *handler) createAtomicCreative(w http.ResponseWriter, r *http.Request) { h.cr.ac.add(w, r) }

func (h *handler) getAtomicCreative(w http.ResponseWriter, r *http.Request) {
	h.cr.ac.get(w, withID(r, "atomic_creative_id"))
}

func (h *handler) updateAtomicCreative(w http.ResponseWriter, r *http.Request) {
	h.cr.ac.put(w, withID(r, "atomic_creative_id"))
}

func (h *handler) getAtomicCreativeHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "atomic_creative_id"), AtomicCreatives, AtomicCreatives)
}

// ---- pixel bundles ----

func (h *handler) listPixelBundles(w http.ResponseWriter, r *http.Request) { h.cr.pb.list(w, r) }

func (h *handler) createPixelBundle(w http.ResponseWriter, r *http.Request) { h.cr.pb.add(w, r) }

func (h *handler) getPixelBundle(w http.ResponseWriter, r *http.Request) {
	h.cr.pb.get(w, withID(r, "pixel_bundle_id"))
}

func (h *handler) updatePixelBundle(w http.ResponseWriter, r *http.Request) {
	h.cr.pb.put(w, withID(r, "pixel_bundle_id"))
}

func (h *handler) getPixelBundleHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "pixel_bundle_id"), PixelBundles, PixelBundles)
}

// ---- marketplaces ----

func (h *handler) listMarketplaces(w http.ResponseWriter, r *http.Request) { h.cr.mkt.list(w, r) }

func (h *handler) createMarketplace(w http.ResponseWriter, r *http.Request) { h.cr.mkt.add(w, r) }

func (h *handler) getMarketplace(w http.ResponseWriter, r *http.Request) {
	h.cr.mkt.get(w, withID(r, "marketplace_id"))
}

func (h *handler) updateMarketplace(w http.ResponseWriter, r *http.Request) {
	h.cr.mkt.put(w, withID(r, "marketplace_id"))
}

// ---- bulk update of atomic creatives ----

func (h *handler) bulkUpdateAtomicCreatives(w http.ResponseWriter, r *http.Request) { h.cr.bulk(w, r) }

// bulk creates and updates atomic creatives, each item on its own: the
// records written answer in data (creates, then updates, in order), the
// failures in errors by action and index; 207 when any failed.
func (c creatives) bulk(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	ac, ok := body["atomic_creatives"].(map[string]any)
	var errs []wire.ErrorItem
	if !ok {
		errs = append(errs, invalid("atomic_creatives", "required: an object of create and update lists"))
	}
	for k := range body {
		if k != "atomic_creatives" {
			errs = append(errs, invalid(k, "unknown field"))
		}
	}
	var lists [2][]any
	for k, v := range ac {
		l, isList := v.([]any)
		switch {
		case k == "create" && isList:
			lists[0] = l
		case k == "update" && isList:
			lists[1] = l
		default:
			errs = append(errs, invalid("atomic_creatives."+k, "must be the list create or update"))
		}
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	data := []any{}
	var failed []any
	fail := func(action string, i int, items []wire.ErrorItem, id int64) {
		var es []any
		for _, e := range items {
			es = append(es, map[string]any{"id": id, "code": e.Code, "field": e.Field, "message": e.Message})
		}
		failed = append(failed, map[string]any{"id": id, "action": action, "entity_type": "atomic_creative", "index": i, "errors": es})
	}
	rs := c.ac
	for i, it := range lists[0] {
		obj, ok := it.(map[string]any)
		if !ok {
			fail("create", i, []wire.ErrorItem{invalid("", "must be an object")}, 0)
			continue
		}
		if e := append(rs.create.check(obj), creativesCheck(obj, true)...); len(e) > 0 {
			fail("create", i, e, 0)
			continue
		}
		rec := normalize(obj)
		atomicCreativeDefaults(rec)
		rs.st.mu.Lock()
		id := rs.st.addLocked(rs.coll, rec)
		out, _ := rs.st.colls[rs.coll].Get(id)
		rs.st.logChange(rs.coll, id, "create", nil, out)
		rs.st.mu.Unlock()
		p, _ := rs.project(out, url.Values{}, true)
		data = append(data, p)
	}
	for i, it := range lists[1] {
		obj, ok := it.(map[string]any)
		if !ok {
			fail("update", i, []wire.ErrorItem{invalid("", "must be an object")}, 0)
			continue
		}
		id, ok := toInt(normalizeValue(obj["id"]))
		if !ok || id < 1 {
			fail("update", i, []wire.ErrorItem{invalid("id", "required: a positive integer")}, 0)
			continue
		}
		delete(obj, "id")
		if e := append(rs.update.check(obj), creativesCheck(obj, false)...); len(e) > 0 {
			fail("update", i, e, id)
			continue
		}
		rs.st.mu.Lock()
		col := rs.st.colls[rs.coll]
		rec, exists := col.Get(id)
		if !exists {
			rs.st.mu.Unlock()
			fail("update", i, []wire.ErrorItem{{Code: "not_found", Field: "id", Message: fmt.Sprintf("atomic_creative %d not found", id)}}, id)
			continue
		}
		sent, _ := toInt(normalizeValue(obj["version"]))
		if p := col.Fresh(id, &sent); p != nil {
			rs.st.mu.Unlock()
			fail("update", i, []wire.ErrorItem{p.Item()}, id)
			continue
		}
		before := clone(rec)
		for k, v := range normalize(obj) {
			if k != "version" {
				rec[k] = v
			}
		}
		rec["updated_on"] = now()
		out, _ := col.Update(id, &sent, rec)
		rs.st.logChange(rs.coll, id, "update", before, out)
		rs.st.mu.Unlock()
		p, _ := rs.project(out, url.Values{}, true)
		data = append(data, p)
	}
	status := http.StatusOK
	ans := map[string]any{"data": data, "meta": map[string]any{"status": "success", "count": len(data)}}
	if len(failed) > 0 {
		status = http.StatusMultiStatus
		ans["errors"] = failed
	}
	fake.WriteJSON(w, status, ans)
}

// ---- healthcheck ----

// atomicCreativesHealthcheck answers the health of the creatives q names
// (atomic_creative_id==id or ==(id1, id2)): one entry per stored one,
// every exchange OK.
func (h *handler) atomicCreativesHealthcheck(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	list, ok := strings.CutPrefix(q, "atomic_creative_id==")
	if !ok {
		badRequest(w, []wire.ErrorItem{invalid("q", "required: atomic_creative_id==id or atomic_creative_id==(id1, id2)")})
		return
	}
	if l, ok := strings.CutPrefix(list, "("); ok {
		list, ok = strings.CutSuffix(l, ")")
		if !ok {
			badRequest(w, []wire.ErrorItem{invalid("q", "an unclosed list")})
			return
		}
	}
	var out []map[string]any
	for _, s := range strings.Split(list, ",") {
		id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || id < 1 {
			badRequest(w, []wire.ErrorItem{invalid("q", "%q is not an id", s)})
			return
		}
		rec := h.cr.ac.st.Get(AtomicCreatives, id)
		if rec == nil {
			continue
		}
		aid, _ := toInt(rec["advertiser_id"])
		out = append(out, map[string]any{"AtomicCreativeID": id, "CreativeName": rec["name"], "AdvertiserID": aid,
			"AdvertiserName": fmt.Sprintf("Advertiser %d", aid), "EntityType": "atomic_creative", "NetStatus": "OK",
			"Exchange1": "OK", "Exchange2": "PENDING"})
	}
	writeListPage(w, r, out, int64(len(out)), 0, int64(len(out)), int64(max(len(out), 1)), 0)
}
