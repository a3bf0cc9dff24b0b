// Package firehosefake is the in-process fake of group G (opportunity-stream
// configuration v2.0, prefix /opportunity-firehose/v2.0) served by
// adama/adamatest: consumers, filters, permissions and the sample, web,
// cloud1 and cloud2 settings, in bare PascalCase JSON as the platform
// sends them, behind the client-credentials bearer. It enforces the
// platform's rules (sample rate 0 to 100, at least one filter, RoleARN and
// ExternalID unchangeable) and the caller's permissions: a change outside
// them is refused with 403. It does not import package firehose.
package firehosefake

//go:generate go run ../../cmd/apigen -group firehose -fake firehosefake

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Prefix is group G's path prefix.
const Prefix = "/opportunity-firehose/v2.0"

// Filter keys the platform knows.
var filterKeys = []string{"X-Svc-Exch-Id", "X-Svc-Deal-Id", "X-Svc-Channel-Type", "X-Svc-Geo"}

// Store is the fake's state, safe for concurrent use.
type Store struct {
	mu        sync.Mutex // held around checks and writes that span records, and for perms
	consumers *fake.Collection[string, fake.Doc]
	perms     map[string]any
}

// NewStore returns a store seeded with the reference's example consumers
// and permissions.
func NewStore() *Store {
	st := &Store{consumers: fake.NewCollection(fake.Kind[string, fake.Doc]{Name: "consumer", Compare: strings.Compare,
		Clone:  fake.CloneDoc,
		Key:    func(d fake.Doc) string { n, _ := d["Name"].(string); return n },
		SetKey: func(d fake.Doc, name string) fake.Doc { d["Name"] = name; return d }})}
	st.seed()
	return st
}

// Register plugs the group G handlers into r and returns their store,
// seeded with the reference's example consumers and permissions.
func Register(r fake.Registrar) *Store {
	st := NewStore()
	h := &handler{st: st}
	routes(h).Serve(r, Prefix, fake.Bearer)
	fake.RegisterErrors(r, Prefix, func(w http.ResponseWriter, _ *http.Request, status int, code, message string) {
		fake.WriteErrors(w, status, wire.ErrorItem{Code: code, Message: message})
	})
	return st
}

// DefaultPermissions are the reference's example permissions under the
// spec's names (Cloud1Settings, X-Svc-...), with the same entries for
// Cloud2Settings.
func DefaultPermissions() map[string]any {
	dcs := []any{"ewr", "iad", "ord", "pao", "sjc"}
	return map[string]any{
		"EDIT.Cloud1Settings.ASE256ServerSideEncryption": "ALLOWED",
		"EDIT.Cloud1Settings.BucketPrefix":               "ALLOWED",
		"EDIT.Cloud1Settings.Buckets":                    dcs,
		"EDIT.Cloud1Settings.PartitionMacro":             "ALLOWED",
		"EDIT.Cloud1Settings.Regions":                    dcs,
		"EDIT.Cloud2Settings.Buckets":                    dcs,
		"EDIT.Cloud2Settings.PartitionMacro":             "ALLOWED",
		"EDIT.DropBody":                                  "ALLOWED",
		"EDIT.DropExchangeUID":                           "ALLOWED",
		"EDIT.DropZeroUID":                               "ALLOWED",
		"EDIT.Filters.X-Svc-Channel-Type": []any{"DISPLAY", "VIDEO", "SOCIAL", "MOBILE_DISPLAY_MOBILE_WEB",
			"MOBILE_VIDEO_MOBILE_WEB", "SEARCH", "EMAIL", "MOBILE_DISPLAY_IN_APP", "MOBILE_VIDEO_IN_APP", "NEWSFEED"},
		"EDIT.Filters.X-Svc-Exch-Id": []any{"15", "42", "62", "63", "65", "66", "67", "69", "70", "71", "72",
			"73", "74", "75", "76", "82", "83", "87", "89", "91", "92", "94", "96"},
		"EDIT.SampleSettings.Disabled":   "ALLOWED",
		"EDIT.SampleSettings.SampleRate": "ALLOWED",
		"EDIT.WebSettings.Endpoints":     dcs,
		"GET.ConsumerSettings":           "ALLOWED",
		"GET.Consumers":                  "ALLOWED",
		"GET.Filters":                    "ALLOWED",
		"GET.Permissions":                "ALLOWED",
		"GET.SampleSettings":             "ALLOWED",
		"GET.WebSettings":                "ALLOWED",
		"POST.ConsumerSettings":          "ALLOWED",
		"POST.Filter":                    "ALLOWED",
		"POST.SampleSettings":            "ALLOWED",
		"POST.WebSettings":               "ALLOWED",
	}
}

func (s *Store) seed() {
	s.perms = DefaultPermissions()
	s.consumers.Put(decode(`{"Name":"example-consumer","DropZeroUID":true,"DropExchangeUID":true,"DropBody":false,
		"Filters":{"X-Svc-Channel-Type":["DISPLAY","EMAIL","MOBILE_DISPLAY_MOBILE_WEB","MOBILE_VIDEO_MOBILE_WEB","NEWSFEED","SEARCH","SOCIAL","VIDEO"],
		"X-Svc-Exch-Id":["15"],"X-Svc-Geo":["60231"]},
		"SampleSettings":{"Disabled":false,"SampleRate":15},
		"WebSettings":{"Endpoints":{"ewr":"https://example.com","ord":"https://example.com","pao":"https://example.com"}}}`))
	s.consumers.Put(decode(`{"Name":"example-consumer-2","DropZeroUID":false,"DropExchangeUID":false,"DropBody":false,
		"Filters":{"X-Svc-Exch-Id":["15"]},
		"SampleSettings":{"Disabled":true,"SampleRate":1},
		"Cloud1Settings":{"Regions":{"ewr":"us-east-1","iad":"us-east-1"},"Buckets":{"ewr":"example-bucket-name","iad":"example-bucket-name"},
		"ASE256ServerSideEncryption":false,"PartitionMacro":"%hex%/%yyyy%-%mm%-%dd%/%hh%/%appuuid%_%yyyy%-%mm%-%dd%-%hh%-%mm%opportunities%unixms%.jsonl.lzo",
		"RoleARN":"arn:aws:iam::123456789012:role/delivery","ExternalID":"ext-0001"}}`))
	s.consumers.Put(decode(`{"Name":"example-consumer-3","DropZeroUID":false,"DropExchangeUID":false,"DropBody":true,
		"Filters":{"X-Svc-Channel-Type":["VIDEO"]},
		"SampleSettings":{"Disabled":false,"SampleRate":5},
		"Cloud2Settings":{"Buckets":{"ewr":"example-bucket-2"},"PartitionMacro":"%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.json.gz"}}`))
}

func decode(s string) map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal([]byte(s), &m) // constant seeds; the tests read each one
	return m
}

// clone deep-copies a JSON value.
func clone[T any](v T) T {
	b, _ := json.Marshal(v)
	var out T
	_ = json.Unmarshal(b, &out)
	return out
}

// Consumer returns a copy of a stored consumer (nil when absent).
func (s *Store) Consumer(name string) map[string]any {
	c, _ := s.consumers.Get(name)
	return c
}

// Consumers is the store's collection of consumers, each as its JSON
// object keyed by its Name; writes through it skip the rules and
// permissions, as support's would.
func (s *Store) Consumers() *fake.Collection[string, fake.Doc] { return s.consumers }

// Names returns the stored consumer names, sorted.
func (s *Store) Names() []string {
	var out []string
	for _, c := range s.consumers.All() {
		n, _ := c["Name"].(string)
		out = append(out, n)
	}
	return out
}

// SetPermissions replaces the permissions.
func (s *Store) SetPermissions(p map[string]any) {
	s.mu.Lock()
	s.perms = clone(p)
	s.mu.Unlock()
}

// Permissions returns a copy of the permissions.
func (s *Store) Permissions() map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clone(s.perms)
}

type handler struct{ st *Store }

func writeErr(w http.ResponseWriter, status int, code, msg string) {
	fake.WriteErrors(w, status, wire.ErrorItem{Code: code, Message: msg})
}

// consumer returns a copy of the stored consumer of the path, answering
// 404 itself.
func (h *handler) consumer(w http.ResponseWriter, r *http.Request) map[string]any {
	c, ok := h.st.consumers.Get(r.PathValue("name"))
	if !ok {
		writeErr(w, http.StatusNotFound, "not_found", "no consumer "+r.PathValue("name"))
		return nil
	}
	return c
}

func (h *handler) listConsumers(w http.ResponseWriter, _ *http.Request) {
	out := map[string]any{}
	for _, n := range h.st.Names() {
		out[n] = nil
	}
	fake.WriteJSON(w, http.StatusOK, out)
}

func (h *handler) getPermissions(w http.ResponseWriter, _ *http.Request) {
	fake.WriteJSON(w, http.StatusOK, h.st.Permissions())
}

func (h *handler) getConsumer(w http.ResponseWriter, r *http.Request) {
	if c := h.consumer(w, r); c != nil {
		fake.WriteJSON(w, http.StatusOK, c)
	}
}

// readObject reads a JSON object body, answering 400 for anything else
// (what names the object in the message).
func readObject(w http.ResponseWriter, r *http.Request, what string) (map[string]any, bool) {
	var m map[string]any
	if !fake.ReadJSON(w, r, &m) {
		return nil, false
	}
	if m == nil {
		writeErr(w, http.StatusBadRequest, "invalid", "the body must be a "+what+" object")
		return nil, false
	}
	return m, true
}

func (h *handler) replaceConsumer(w http.ResponseWriter, r *http.Request) {
	next, ok := readObject(w, r, "consumer")
	if !ok {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	cur := h.consumer(w, r)
	if cur == nil {
		return
	}
	next["Name"] = r.PathValue("name")
	if h.apply(w, cur, next) {
		fake.WriteJSON(w, http.StatusOK, next)
	}
}

// apply checks next against cur and the permissions and stores it,
// answering an error itself and reporting false when it refuses.
func (h *handler) apply(w http.ResponseWriter, cur, next map[string]any) bool {
	// RoleARN and ExternalID cannot be changed; left out, they are kept.
	c1, _ := next["Cloud1Settings"].(map[string]any)
	old1, _ := cur["Cloud1Settings"].(map[string]any)
	for _, k := range []string{"RoleARN", "ExternalID"} {
		nv, sent := c1[k]
		ov, had := old1[k]
		switch {
		case sent && (!had || nv != ov):
			writeErr(w, http.StatusBadRequest, "invalid", k+" cannot be changed")
			return false
		case c1 != nil && had && !sent:
			c1[k] = ov
		}
	}
	if msg := rules(next); msg != "" {
		writeErr(w, http.StatusBadRequest, "invalid", msg)
		return false
	}
	if msg := h.allowed(cur, next); msg != "" {
		writeErr(w, http.StatusForbidden, "forbidden", msg)
		return false
	}
	name, _ := cur["Name"].(string)
	next["Name"] = name
	h.st.consumers.Put(next)
	return true
}

// rules checks the platform's rules on a whole consumer.
func rules(c map[string]any) string {
	if ss, ok := c["SampleSettings"].(map[string]any); ok {
		if rate, ok := ss["SampleRate"]; ok {
			f, isNum := rate.(float64)
			if !isNum || f < 0 || f > 100 || f != float64(int(f)) {
				return fmt.Sprintf("SampleRate must be an integer from 0 to 100, got %v", rate)
			}
		}
	}
	filters, _ := c["Filters"].(map[string]any)
	any4 := false
	for k, v := range filters {
		key := canonicalKey(k)
		if key == "" {
			return "unknown filter " + k
		}
		vals, ok := v.([]any)
		if !ok {
			return "filter " + k + " must be an array of strings"
		}
		for _, x := range vals {
			if _, ok := x.(string); !ok {
				return "filter " + k + " must be an array of strings"
			}
		}
		any4 = any4 || len(vals) > 0
	}
	if !any4 {
		return "at least one filter of " + strings.Join(filterKeys, ", ") + " is required"
	}
	return ""
}

func canonicalKey(k string) string {
	for _, f := range filterKeys {
		if strings.EqualFold(f, k) {
			return f
		}
	}
	return ""
}

// allowed checks a change from cur to next against the permissions and
// returns what is not permitted ("" when all is).
func (h *handler) allowed(cur, next map[string]any) string {
	perm := func(field string) (allowed bool, list []any) {
		for k, v := range h.st.perms {
			if strings.EqualFold(k, "EDIT."+field) {
				if s, ok := v.(string); ok {
					return strings.EqualFold(s, "ALLOWED"), nil
				}
				l, _ := v.([]any)
				return false, l
			}
		}
		return false, nil
	}
	get := func(m map[string]any, path ...string) any {
		var v any = m
		for _, p := range path {
			mm, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = mm[p]
		}
		return v
	}
	for _, f := range []string{"DropZeroUID", "DropExchangeUID", "DropBody", "SampleSettings.Disabled", "SampleSettings.SampleRate",
		"Cloud1Settings.ASE256ServerSideEncryption", "Cloud1Settings.PartitionMacro", "Cloud2Settings.PartitionMacro"} {
		path := strings.Split(f, ".")
		a, b := get(cur, path...), get(next, path...)
		if b == nil || reflect.DeepEqual(a, b) || (a == nil && isZero(b)) {
			continue
		}
		if ok, _ := perm(f); !ok {
			return f + " cannot be changed without support"
		}
	}
	for _, f := range []string{"WebSettings.Endpoints", "Cloud1Settings.Regions", "Cloud1Settings.Buckets", "Cloud2Settings.Buckets"} {
		path := strings.Split(f, ".")
		a, _ := get(cur, path...).(map[string]any)
		b, _ := get(next, path...).(map[string]any)
		ok, list := perm(f)
		for _, k := range slices.Sorted(maps.Keys(unionKeys(a, b))) {
			if !reflect.DeepEqual(a[k], b[k]) && !ok && !slices.Contains(list, any(k)) {
				return f + "." + k + " cannot be changed without support"
			}
		}
	}
	a, _ := cur["Filters"].(map[string]any)
	b, _ := next["Filters"].(map[string]any)
	for _, key := range filterKeys {
		av, bv := filterVals(a, key), filterVals(b, key)
		ok, list := perm("Filters." + key)
		for _, x := range symDiff(av, bv) {
			if !ok && !slices.Contains(list, any(x)) {
				return "filter " + key + " value " + x + " is outside your permissions"
			}
		}
	}
	return ""
}

func isZero(v any) bool {
	switch x := v.(type) {
	case bool:
		return !x
	case float64:
		return x == 0
	case string:
		return x == ""
	}
	return false
}

func unionKeys(a, b map[string]any) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func filterVals(m map[string]any, key string) []string {
	for k, v := range m {
		if strings.EqualFold(k, key) {
			l, _ := v.([]any)
			out := make([]string, 0, len(l))
			for _, x := range l {
				switch v := x.(type) {
				case string:
					out = append(out, v)
				case float64:
					out = append(out, strconv.FormatFloat(v, 'f', -1, 64))
				}
			}
			return out
		}
	}
	return nil
}

func symDiff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			out = append(out, x)
		}
	}
	return out
}

// writeProp answers a copy of the property prop of the consumer the path
// names ({} when unset).
func (h *handler) writeProp(w http.ResponseWriter, r *http.Request, prop string) {
	c := h.consumer(w, r)
	var v any
	if c != nil {
		v = c[prop]
	}
	if c == nil {
		return
	}
	if v == nil {
		v = map[string]any{}
	}
	fake.WriteJSON(w, http.StatusOK, v)
}

func (h *handler) getFilters(w http.ResponseWriter, r *http.Request) {
	h.writeProp(w, r, "Filters")
}

func (h *handler) getFilter(w http.ResponseWriter, r *http.Request) {
	key := canonicalKey(r.PathValue("filter"))
	if key == "" {
		writeErr(w, http.StatusNotFound, "not_found", "no filter type "+r.PathValue("filter"))
		return
	}
	c := h.consumer(w, r)
	var vals []string
	if c != nil {
		f, _ := c["Filters"].(map[string]any)
		vals = filterVals(f, key)
	}
	if c == nil {
		return
	}
	if vals == nil {
		vals = []string{}
	}
	fake.WriteJSON(w, http.StatusOK, vals)
}

func (h *handler) replaceFilter(w http.ResponseWriter, r *http.Request) {
	key := canonicalKey(r.PathValue("filter"))
	if key == "" {
		writeErr(w, http.StatusNotFound, "not_found", "no filter type "+r.PathValue("filter"))
		return
	}
	var vals []any
	if !fake.ReadJSON(w, r, &vals) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	cur := h.consumer(w, r)
	if cur == nil {
		return
	}
	next := clone(cur)
	f, _ := next["Filters"].(map[string]any)
	if f == nil {
		f = map[string]any{}
	}
	for k := range f {
		if strings.EqualFold(k, key) {
			delete(f, k)
		}
	}
	if len(vals) > 0 {
		f[key] = vals
	}
	next["Filters"] = f
	if h.apply(w, cur, next) {
		// The reference answers a plain 200 acknowledgement, its media
		// type application/json and its schema an object: {}.
		fake.WriteJSON(w, http.StatusOK, map[string]any{})
	}
}

// The settings objects with their own endpoints, each the consumer's
// property of that name.

func (h *handler) getSampleSettings(w http.ResponseWriter, r *http.Request) {
	h.writeProp(w, r, "SampleSettings")
}

func (h *handler) replaceSampleSettings(w http.ResponseWriter, r *http.Request) {
	h.postPart(w, r, "SampleSettings")
}

func (h *handler) getWebSettings(w http.ResponseWriter, r *http.Request) {
	h.writeProp(w, r, "WebSettings")
}

func (h *handler) replaceWebSettings(w http.ResponseWriter, r *http.Request) {
	h.postPart(w, r, "WebSettings")
}

func (h *handler) getCloud1Settings(w http.ResponseWriter, r *http.Request) {
	h.writeProp(w, r, "Cloud1Settings")
}

func (h *handler) replaceCloud1Settings(w http.ResponseWriter, r *http.Request) {
	h.postPart(w, r, "Cloud1Settings")
}

func (h *handler) getCloud2Settings(w http.ResponseWriter, r *http.Request) {
	h.writeProp(w, r, "Cloud2Settings")
}

func (h *handler) replaceCloud2Settings(w http.ResponseWriter, r *http.Request) {
	h.postPart(w, r, "Cloud2Settings")
}

// postPart replaces the consumer's settings object prop.
func (h *handler) postPart(w http.ResponseWriter, r *http.Request, prop string) {
	part, ok := readObject(w, r, "settings")
	if !ok {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	cur := h.consumer(w, r)
	if cur == nil {
		return
	}
	next := clone(cur)
	next[prop] = part
	if h.apply(w, cur, next) {
		fake.WriteJSON(w, http.StatusOK, next[prop])
	}
}
