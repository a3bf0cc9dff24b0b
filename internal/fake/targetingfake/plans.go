package targetingfake

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/internal/wirefmt"
	"github.com/adamasdk/adama-go/qlang"
)

// Collections of the plans family: strategy templates, new strategy
// groups and campaign plans.
const (
	StrategyTemplates = "strategy_templates"
	NewStrategyGroups = "new_strategy_groups"
	CampaignPlans     = "campaign_plans"
	// NewStrategyPlanTargetValues are read only; tests seed them.
	NewStrategyPlanTargetValues = "new_strategy_plan_target_values"
)

// planCollections are the family's collections, registered by NewStore.
var planCollections = []string{StrategyTemplates, NewStrategyGroups, CampaignPlans, NewStrategyPlanTargetValues, NewStrategyPlans}

// versionless are the collections whose records carry no version.
var versionless = map[string]bool{StrategyTemplates: true, NewStrategyPlanTargetValues: true}

// kAny is a field whose type the handler checks itself (a number).
const kAny kind = 100

var (
	strategyTemplateWrite = schema{fields: map[string]field{
		"organization_id": {kind: kInt, min: math.MinInt32, nullable: true},
		"agency_id":       {kind: kInt, min: math.MinInt32, nullable: true},
		"advertiser_id":   {kind: kInt, min: math.MinInt32, nullable: true},
		"global":          {kind: kBool, nullable: true},
		"name":            {kind: kString, minLen: 1, maxLen: 256},
		"description":     {kind: kString, minLen: 1, maxLen: 256},
		"template":        {kind: kString},
	}, required: bodies["createStrategyTemplate"].Required}

	newStrategyGroupFields = map[string]field{
		"name":                  {kind: kString, minLen: 1, maxLen: 255},
		"description":           {kind: kString, maxLen: 1024, nullable: true},
		"spend_cap_type":        describedEnum("createNewStrategyGroup", "spend_cap_type"),
		"spend_cap_amount":      {kind: kAny, nullable: true},
		"impression_cap_type":   describedEnum("createNewStrategyGroup", "impression_cap_type"),
		"impression_cap_amount": {kind: kInt, min: 1, nullable: true},
		"external_identifier":   {kind: kString, maxLen: 256, nullable: true},
	}
	newStrategyGroupCreate = schema{fields: with(newStrategyGroupFields, map[string]field{"campaign_id": intField(1)}),
		required: bodies["createNewStrategyGroup"].Required}
	newStrategyGroupUpdate = schema{fields: with(newStrategyGroupFields, map[string]field{"version": intField(math.MinInt32)}),
		required: bodies["updateNewStrategyGroup"].Required}

	campaignPlanFields = map[string]field{
		"name": {kind: kString, minLen: 1, maxLen: 256}, "zone_name": {kind: kString},
		"duration": {kind: kAny}, "budget": {kind: kAny},
	}
	campaignPlanCreate = schema{fields: with(campaignPlanFields, map[string]field{"advertiser_id": intField(math.MinInt32)}),
		required: bodies["createCampaignPlan"].Required}
	campaignPlanUpdate = schema{fields: with(campaignPlanFields, map[string]field{"version": intField(math.MinInt32)}),
		required: bodies["updateCampaignPlan"].Required}
)

// plans serves the family's operations beside the group's resources.
type plans struct {
	st            *Store
	tpl, grp, cpl *resource
	tv            *resource
}

func newPlans(st *Store) *plans {
	return &plans{st: st,
		tpl: &resource{st: st, coll: StrategyTemplates, filter: templateFilter, project: templateView},
		grp: &resource{st: st, coll: NewStrategyGroups, create: newStrategyGroupCreate, update: newStrategyGroupUpdate, filter: groupFilter, project: groupView},
		cpl: &resource{st: st, coll: CampaignPlans, create: campaignPlanCreate, update: campaignPlanUpdate, project: planView},
		tv:  &resource{st: st, coll: NewStrategyPlanTargetValues, project: targetValueView},
	}
}

// ---- strategy templates ----

func (h *handler) listStrategyTemplates(w http.ResponseWriter, r *http.Request) {
	h.plans.tpl.list(w, r)
}

func (h *handler) createStrategyTemplate(w http.ResponseWriter, r *http.Request) {
	h.plans.writeTemplate(w, r, 0)
}

func (h *handler) getStrategyTemplate(w http.ResponseWriter, r *http.Request) {
	h.plans.tpl.get(w, withID(r, "strategy_template_id"))
}

func (h *handler) updateStrategyTemplate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, withID(r, "strategy_template_id"))
	if ok {
		h.plans.writeTemplate(w, r, id)
	}
}

func (h *handler) deleteStrategyTemplate(w http.ResponseWriter, r *http.Request) {
	h.plans.tpl.del(w, withID(r, "strategy_template_id"))
}

// writeTemplate creates (id 0) or replaces a strategy template: the body
// is the create's, the template text parsed into the object the platform
// answers.
func (p *plans) writeTemplate(w http.ResponseWriter, r *http.Request, id int64) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if errs := strategyTemplateWrite.check(body); len(errs) > 0 {
		badRequest(w, errs)
		return
	}
	var tpl map[string]any
	if err := yaml.Unmarshal([]byte(body["template"].(string)), &tpl); err != nil || tpl == nil {
		badRequest(w, []wire.ErrorItem{invalid("template", "must be a YAML mapping")})
		return
	}
	rec := normalize(body)
	rec["template"] = normalizeValue(tpl)
	for _, k := range []string{"organization_id", "agency_id", "advertiser_id", "global"} {
		if _, ok := rec[k]; !ok {
			rec[k] = nil
		}
	}
	c := p.st.colls[StrategyTemplates]
	status := http.StatusOK
	if id == 0 {
		status = http.StatusCreated
		rec["creator_id"] = int64(1)
		id = p.st.Add(StrategyTemplates, rec)
	} else {
		cur, exists := c.Get(id)
		if !exists {
			notFound(w, entityTypes[StrategyTemplates], id)
			return
		}
		for _, k := range []string{"creator_id", "created_on", "entity_type"} {
			rec[k] = cur[k]
		}
		rec["updated_on"] = now()
		if _, prob := c.Update(id, nil, rec); prob != nil {
			fake.WriteErrors(w, prob.Status, prob.Item())
			return
		}
	}
	out, _ := c.Get(id)
	out, _ = templateView(out, url.Values{}, true)
	fake.WriteData(w, status, out, nil)
}

// templateFilter reads global, organization_id, agency_id and
// advertiser_id.
func templateFilter(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	want := map[string]any{}
	if s := q.Get("global"); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			errs = append(errs, invalid("global", "must be true or false"))
		}
		want["global"] = b
	}
	for _, k := range []string{"organization_id", "agency_id", "advertiser_id"} {
		if s := q.Get(k); s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				errs = append(errs, invalid(k, "must be an integer"))
			}
			want[k] = n
		}
	}
	return func(rec map[string]any) bool {
		for k, v := range want {
			if k == "global" {
				if g, _ := rec["global"].(bool); g != v {
					return false
				}
				continue
			}
			if n, _ := toInt(rec[k]); n != v {
				return false
			}
		}
		return true
	}, errs
}

// templateView shapes a template as the reference answers it: a list item
// holds the owner, name, descriptiom (so spelt there), creator and dates
// but not the template; one template holds its template and description.
func templateView(rec map[string]any, _ url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	keys := []string{"id", "organization_id", "agency_id", "advertiser_id", "global", "name", "description", "template", "created_on", "updated_on"}
	if !single {
		keys = []string{"id", "global", "organization_id", "agency_id", "advertiser_id", "name", "description", "creator_id", "created_on", "updated_on"}
	}
	out := map[string]any{}
	for _, k := range keys {
		if v, ok := rec[k]; ok {
			out[k] = v
		}
	}
	if !single {
		out["descriptiom"] = out["description"]
		delete(out, "description")
	}
	return out, nil
}

// ---- new strategy groups ----

func (h *handler) listNewStrategyGroups(w http.ResponseWriter, r *http.Request) {
	h.plans.grp.list(w, r)
}

func (h *handler) createNewStrategyGroup(w http.ResponseWriter, r *http.Request) {
	h.plans.logged(w, r, "create", func(w http.ResponseWriter, r *http.Request) {
		if body, ok := peekBody(w, r); ok {
			if v, ok := body["spend_cap_amount"]; ok && !capAmount(w, v) {
				return
			}
			h.plans.grp.add(w, r)
		}
	})
}

func (h *handler) getNewStrategyGroup(w http.ResponseWriter, r *http.Request) {
	h.plans.grp.get(w, withID(r, "new_strategy_group_id"))
}

// updateNewStrategyGroup changes a group: the version is optional (sent,
// a stale one is a 409), campaign_id cannot change (an unknown field of
// the update's body).
func (h *handler) updateNewStrategyGroup(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "new_strategy_group_id")
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	h.plans.logged(w, r, "update", func(w http.ResponseWriter, r *http.Request) {
		body, ok := peekBody(w, r)
		if !ok {
			return
		}
		if v, ok := body["spend_cap_amount"]; ok && !capAmount(w, v) {
			return
		}
		if _, sent := body["version"]; !sent {
			if cur := h.plans.st.Get(NewStrategyGroups, id); cur != nil {
				body["version"] = cur["version"]
				b, _ := json.Marshal(body)
				r.Body = io.NopCloser(bytes.NewReader(b))
			}
		}
		h.plans.grp.put(w, r)
	})
}

// deleteNewStrategyGroup removes a group and answers it as it was.
func (h *handler) deleteNewStrategyGroup(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, withID(r, "new_strategy_group_id"))
	if !ok {
		return
	}
	rec, exists := h.plans.st.colls[NewStrategyGroups].Delete(id)
	if !exists {
		notFound(w, entityTypes[NewStrategyGroups], id)
		return
	}
	fake.WriteData(w, http.StatusOK, rec, nil)
}

func (h *handler) getNewStrategyGroupHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "new_strategy_group_id"), NewStrategyGroups, NewStrategyGroups)
}

// logged runs serve and, when it answers a record, appends the change to
// the group's history.
func (p *plans) logged(w http.ResponseWriter, r *http.Request, action string, serve http.HandlerFunc) {
	var before map[string]any
	if id, err := strconv.ParseInt(r.PathValue("id"), 10, 64); err == nil {
		before = p.st.Get(NewStrategyGroups, id)
	}
	rec := httptest.NewRecorder()
	serve(rec, r)
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
	if rec.Code >= 300 {
		return
	}
	var ans struct {
		Data map[string]any `json:"data"`
	}
	if decodeExact(rec.Body, &ans) != nil || ans.Data == nil {
		return
	}
	after := normalize(ans.Data)
	id, _ := toInt(after["id"])
	p.st.logChange(NewStrategyGroups, id, action, before, after, "entity_type", "strategy_count", "id")
}

// peekBody reads the JSON body and puts it back for the resource's
// handler, which reads it again.
func peekBody(w http.ResponseWriter, r *http.Request) (map[string]any, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		badRequest(w, []wire.ErrorItem{invalid("", "the body cannot be read")})
		return nil, false
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	var body map[string]any
	if decodeExact(bytes.NewReader(b), &body) != nil || body == nil {
		badRequest(w, []wire.ErrorItem{invalid("", "the body must be a JSON object")})
		return nil, false
	}
	return body, true
}

// capAmount checks spend_cap_amount: null, or a number from 0.01 to
// 9999999.99.
func capAmount(w http.ResponseWriter, v any) bool {
	if v == nil {
		return true
	}
	n, ok := v.(json.Number)
	f, err := n.Float64()
	if !ok || err != nil || f < 0.01 || f > 9999999.99 {
		badRequest(w, []wire.ErrorItem{invalid("spend_cap_amount", "must be a number between 0.01 and 9999999.99")})
		return false
	}
	return true
}

// groupFilter requires the campaign_id== term of q, which the platform
// requires for permission scoping, and checks with.
func groupFilter(_ *Store, q url.Values) (func(map[string]any) bool, []wire.ErrorItem) {
	var errs []wire.ErrorItem
	pq, err := qlang.Parse(q.Get("q"))
	if q.Get("q") == "" || err != nil || !slices.ContainsFunc(pq.Terms, func(t qlang.Term) bool {
		p, ok := t.(qlang.Predicate)
		return ok && p.Field == "campaign_id" && p.Op == qlang.Eq
	}) {
		errs = append(errs, invalid("q", "must include a campaign_id== clause"))
	}
	return nil, append(errs, withErrors(q)...)
}

func withErrors(q url.Values) []wire.ErrorItem {
	for _, w := range q["with"] {
		for _, x := range strings.Split(w, ",") {
			if x != "strategies" {
				return []wire.ErrorItem{invalid("with", "must be strategies")}
			}
		}
	}
	return nil
}

// groupView shapes a group: a list item without full=* holds id,
// entity_type, name, campaign_id and strategy_count; with=strategies
// embeds the strategies (none in the fake).
func groupView(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
	if errs := withErrors(q); errs != nil {
		return nil, errs
	}
	out := rec
	for k, v := range map[string]any{"spend_cap_type": "no-limit", "impression_cap_type": "no-limit", "strategy_count": int64(0),
		"description": nil, "spend_cap_amount": nil, "impression_cap_amount": nil, "external_identifier": nil} {
		if _, ok := out[k]; !ok {
			out[k] = v
		}
	}
	if !single && q.Get("full") == "" {
		out = map[string]any{"id": rec["id"], "entity_type": rec["entity_type"], "name": rec["name"],
			"campaign_id": rec["campaign_id"], "strategy_count": rec["strategy_count"]}
	}
	if q.Get("with") != "" {
		if _, ok := out["strategies"]; !ok {
			out["strategies"] = []any{}
		}
	} else {
		delete(out, "strategies")
	}
	return out, nil
}

// ---- campaign plans ----

func (h *handler) listCampaignPlans(w http.ResponseWriter, r *http.Request) {
	h.plans.cpl.list(w, r)
}

func (h *handler) createCampaignPlan(w http.ResponseWriter, r *http.Request) {
	if body, ok := peekBody(w, r); ok && planParts(w, body) {
		h.plans.cpl.add(w, r)
	}
}

func (h *handler) getCampaignPlan(w http.ResponseWriter, r *http.Request) {
	h.plans.cpl.get(w, withID(r, "campaign_plan_id"))
}

// updateCampaignPlan replaces a plan's name, duration, budget and zone;
// a version sent must be the current one.
func (h *handler) updateCampaignPlan(w http.ResponseWriter, r *http.Request) {
	r = withID(r, "campaign_plan_id")
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	body, ok := peekBody(w, r)
	if !ok || !planParts(w, body) {
		return
	}
	if _, sent := body["version"]; !sent {
		if cur := h.plans.st.Get(CampaignPlans, id); cur != nil {
			body["version"] = cur["version"]
			b, _ := json.Marshal(body)
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
	}
	h.plans.cpl.put(w, r)
}

// planParts checks a plan's duration (both dates; the start not in the
// past, the end 1 to 30 days after it) and budget (total_budget from 1 to
// 99999999999999.98, a currency code of at most 3 letters, both
// required).
func planParts(w http.ResponseWriter, body map[string]any) bool {
	var errs []wire.ErrorItem
	if d, ok := body["duration"]; ok {
		dm, _ := d.(map[string]any)
		var times [2]time.Time
		for i, k := range []string{"start_date", "end_date"} {
			s, _ := dm[k].(string)
			t, err := wirefmt.ParseTime(s)
			if err != nil {
				errs = append(errs, invalid("duration."+k, "must be a date-time"))
			}
			times[i] = t
		}
		if len(errs) == 0 {
			if times[0].Before(time.Now().Add(-time.Minute)) {
				errs = append(errs, invalid("duration.start_date", "can not be in the past"))
			}
			if d := times[1].Sub(times[0]); d < 24*time.Hour || d > 30*24*time.Hour {
				errs = append(errs, invalid("duration.end_date", "must be between 1 and 30 days away from start_date"))
			}
		}
	}
	if b, ok := body["budget"]; ok {
		bm, _ := b.(map[string]any)
		n, _ := bm["total_budget"].(json.Number)
		if f, err := n.Float64(); err != nil || f < 1 || f > 99999999999999.98 {
			errs = append(errs, invalid("budget.total_budget", "must be a number between 1 and 99999999999999.98"))
		}
		if c, ok := bm["currency_code"].(string); !ok || utf8.RuneCountInString(c) > 3 {
			errs = append(errs, invalid("budget.currency_code", "must be a currency code of at most 3 letters"))
		}
	}
	if len(errs) > 0 {
		badRequest(w, errs)
		return false
	}
	return true
}

// planView answers a plan without the entity_type the store keeps.
func planView(rec map[string]any, _ url.Values, _ bool) (map[string]any, []wire.ErrorItem) {
	delete(rec, "entity_type")
	return rec, nil
}

// ---- new strategy plan target values ----

func (h *handler) listNewStrategyPlanTargetValues(w http.ResponseWriter, r *http.Request) {
	h.plans.tv.list(w, r)
}

// targetValueView shapes a strategy plan target value: without full=* a
// list item holds id, entity_type and name.
func targetValueView(rec map[string]any, q url.Values, _ bool) (map[string]any, []wire.ErrorItem) {
	if f := q.Get("full"); f != "" && f != "*" {
		return nil, []wire.ErrorItem{invalid("full", "must be *")}
	}
	if q.Get("full") == "" {
		return map[string]any{"id": rec["id"], "entity_type": rec["entity_type"], "name": rec["name"]}, nil
	}
	for _, k := range []string{"entity_type", "name", "created_on", "updated_on"} {
		delete(rec, k)
	}
	return rec, nil
}
