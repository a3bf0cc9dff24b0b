package firehose

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Permission is one entry of the permissions: "ALLOWED" (any change), or
// the list of values (filter values) or keys (data-center codes of a
// map) that may be changed.
type Permission struct {
	// Allowed is set for "ALLOWED".
	Allowed bool
	// Values lists what may be added or removed.
	Values []string
	// Raw is the entry as the server sent it.
	Raw json.RawMessage
}

// Permits reports whether value may be changed.
func (p Permission) Permits(value string) bool { return p.Allowed || slices.Contains(p.Values, value) }

// Permissions are what the caller may change without support, one record
// per caller. Shape from the opportunity-stream configuration API
// reference, GET /permissions (its storage settings are Cloud1Settings
// here): one flat object whose keys name either a settings field to edit,
// "EDIT.Filters.X-Svc-Exch-Id", "EDIT.SampleSettings.SampleRate", or a
// request, "GET.ConsumerSettings", "POST.Filter"; each value is "ALLOWED"
// or the list of values (or map keys) that may change.
type Permissions struct {
	// Edits are the EDIT entries, keyed by the field they name without the
	// "EDIT." prefix: "Filters.X-Svc-Exch-Id", "Cloud1Settings.Buckets".
	Edits map[string]Permission
	// Actions are the entries naming a request (GET, POST, PUT, PATCH or
	// DELETE), keyed as sent: "GET.ConsumerSettings", "POST.Filter".
	Actions map[string]Permission
	// Extra keeps the entries of any other key, as sent.
	Extra map[string]json.RawMessage
}

// editPrefix starts the key of an EDIT entry.
const editPrefix = "EDIT."

// isAction reports whether key names a request: an HTTP method, a dot,
// the rest.
func isAction(key string) bool {
	method, _, ok := strings.Cut(key, ".")
	if !ok {
		return false
	}
	switch method {
	case "GET", "POST", "PUT", "PATCH", "DELETE":
		return true
	}
	return false
}

// parsePermission reads one entry: "ALLOWED" (any case), a list of
// strings or numbers, or anything else (kept in Raw, permitting nothing;
// fits reports false for a value of no documented form).
func parsePermission(raw json.RawMessage) (e Permission, fits bool) {
	e = Permission{Raw: bytes.Clone(raw)}
	var s string
	var vals filterValues
	switch {
	case json.Unmarshal(raw, &s) == nil:
		e.Allowed = strings.EqualFold(s, "ALLOWED")
		return e, true
	case bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) && json.Unmarshal(raw, &vals) == nil:
		e.Values = vals
		return e, true
	}
	return e, false
}

// UnmarshalJSON reads each entry as "ALLOWED", a list of strings or
// numbers, or anything else (kept in Raw, permitting nothing, and listed
// by Misfits). Keys neither EDIT nor a request go to Extra.
func (p *Permissions) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*p = Permissions{}
	for k, raw := range m {
		switch {
		case strings.HasPrefix(k, editPrefix):
			e, _ := parsePermission(raw)
			if p.Edits == nil {
				p.Edits = map[string]Permission{}
			}
			p.Edits[strings.TrimPrefix(k, editPrefix)] = e
		case isAction(k):
			e, _ := parsePermission(raw)
			if p.Actions == nil {
				p.Actions = map[string]Permission{}
			}
			p.Actions[k] = e
		default:
			if p.Extra == nil {
				p.Extra = map[string]json.RawMessage{}
			}
			p.Extra[k] = bytes.Clone(raw)
		}
	}
	return nil
}

// Misfits lists the EDIT and request entries whose value is neither a
// string nor a list of strings or numbers, kept in Raw and written back
// as they came (see adama.Misfit), sorted by key.
func (p *Permissions) Misfits() []adama.Misfit {
	if p == nil {
		return nil
	}
	var out []adama.Misfit
	add := func(key string, e Permission) {
		if len(e.Raw) == 0 {
			return
		}
		if _, fits := parsePermission(e.Raw); !fits {
			out = append(out, adama.Misfit{Field: key, Raw: e.Raw})
		}
	}
	for _, k := range slices.Sorted(maps.Keys(p.Edits)) {
		add(editPrefix+k, p.Edits[k])
	}
	for _, k := range slices.Sorted(maps.Keys(p.Actions)) {
		add(k, p.Actions[k])
	}
	slices.SortFunc(out, func(a, b adama.Misfit) int { return strings.Compare(a.Field, b.Field) })
	return out
}

// MarshalJSON writes the entries back as one flat object, each as it
// came (an entry built in code as "ALLOWED" or its Values).
func (p Permissions) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(p.Edits)+len(p.Actions)+len(p.Extra))
	for k, raw := range p.Extra {
		m[k] = raw
	}
	put := func(k string, e Permission) {
		switch {
		case len(e.Raw) > 0:
			m[k] = e.Raw
		case e.Allowed:
			m[k] = "ALLOWED"
		default:
			m[k] = e.Values
		}
	}
	for k, e := range p.Edits {
		put(editPrefix+k, e)
	}
	for k, e := range p.Actions {
		put(k, e)
	}
	return json.Marshal(m)
}

// find returns the entry key names (a full key, "EDIT.…" or "GET.…"),
// without regard to case: among Edits, Actions, then Extra.
func (p *Permissions) find(key string) (Permission, bool) {
	if p == nil {
		return Permission{}, false
	}
	if rest, ok := strings.CutPrefix(key, editPrefix); ok {
		if e, ok := p.Edits[rest]; ok {
			return e, true
		}
	}
	if e, ok := p.Actions[key]; ok {
		return e, true
	}
	for _, k := range slices.Sorted(maps.Keys(p.Edits)) {
		if strings.EqualFold(editPrefix+k, key) {
			return p.Edits[k], true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(p.Actions)) {
		if strings.EqualFold(k, key) {
			return p.Actions[k], true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(p.Extra)) {
		if strings.EqualFold(k, key) {
			e, _ := parsePermission(p.Extra[k])
			return e, true
		}
	}
	return Permission{}, false
}

// Edit returns the EDIT entry of field ("Filters.X-Svc-Geo",
// "SampleSettings.SampleRate", "Cloud1Settings.Buckets").
func (p *Permissions) Edit(field string) (Permission, bool) { return p.find("EDIT." + field) }

// Can reports whether an action entry ("GET.ConsumerSettings",
// "POST.Filter") is ALLOWED.
func (p *Permissions) Can(action string) bool {
	e, ok := p.find(action)
	return ok && e.Allowed
}

// Check says whether the planned change from before to after is within
// the permissions: nil when it is, else a *adama.ValidationError naming
// each field and value that needs support. Changed flags and settings
// need their EDIT entry ALLOWED; a filter value added or removed must be
// in its filter's list; a changed key of Regions, Buckets or Endpoints
// must be in that map's list.
func (p *Permissions) Check(before, after *ConsumerSettings) error {
	if before == nil {
		before = &ConsumerSettings{}
	}
	if after == nil {
		after = &ConsumerSettings{}
	}
	var v valid.Validator
	p.scalar(&v, "DropZeroUID", before.DropZeroUID, after.DropZeroUID)
	p.scalar(&v, "DropExchangeUID", before.DropExchangeUID, after.DropExchangeUID)
	p.scalar(&v, "DropBody", before.DropBody, after.DropBody)
	p.filters(&v, before.Filters, after.Filters)
	bs, as := orZero(before.SampleSettings), orZero(after.SampleSettings)
	p.scalar(&v, "SampleSettings.Disabled", bs.Disabled, as.Disabled)
	p.scalar(&v, "SampleSettings.SampleRate", bs.SampleRate, as.SampleRate)
	bw, aw := orZero(before.WebSettings), orZero(after.WebSettings)
	p.mapKeys(&v, "WebSettings.Endpoints", bw.Endpoints, aw.Endpoints)
	b1, a1 := orZero(before.Cloud1Settings), orZero(after.Cloud1Settings)
	p.mapKeys(&v, "Cloud1Settings.Regions", b1.Regions, a1.Regions)
	p.mapKeys(&v, "Cloud1Settings.Buckets", b1.Buckets, a1.Buckets)
	p.scalar(&v, "Cloud1Settings.ASE256ServerSideEncryption", b1.ASE256ServerSideEncryption, a1.ASE256ServerSideEncryption)
	p.scalar(&v, "Cloud1Settings.PartitionMacro", b1.PartitionMacro, a1.PartitionMacro)
	b2, a2 := orZero(before.Cloud2Settings), orZero(after.Cloud2Settings)
	p.mapKeys(&v, "Cloud2Settings.Buckets", b2.Buckets, a2.Buckets)
	p.scalar(&v, "Cloud2Settings.PartitionMacro", b2.PartitionMacro, a2.PartitionMacro)
	return v.Err()
}

// CheckFilter says whether replacing the values of one filter key, from
// before to after, is within the permissions.
func (p *Permissions) CheckFilter(key FilterKey, before, after []string) error {
	var v valid.Validator
	p.filters(&v, Filters{key: before}, Filters{key: after})
	return v.Err()
}

func orZero[T any](p *T) *T {
	if p == nil {
		return new(T)
	}
	return p
}

func (p *Permissions) scalar(v *valid.Validator, field string, before, after any) {
	if before == after {
		return
	}
	e, ok := p.Edit(field)
	if ok && (e.Allowed || (len(e.Values) > 0 && e.Permits(fmt.Sprint(after)))) {
		return
	}
	v.Add(field, "change needs support: not in EDIT."+field, after)
}

func (p *Permissions) mapKeys(v *valid.Validator, field string, before, after map[string]string) {
	keys := slices.Sorted(maps.Keys(before))
	for k := range after {
		if _, ok := before[k]; !ok {
			keys = append(keys, k)
		}
	}
	e, _ := p.Edit(field)
	for _, k := range keys {
		bv, bok := before[k]
		av, aok := after[k]
		if bv == av && bok == aok {
			continue
		}
		if !e.Permits(k) {
			v.Add(field+"."+k, "change needs support: key not in EDIT."+field, av)
		}
	}
}

func (p *Permissions) filters(v *valid.Validator, before, after Filters) {
	keys := map[FilterKey]bool{}
	for k := range before {
		keys[k.canonical()] = true
	}
	for k := range after {
		keys[k.canonical()] = true
	}
	for _, k := range sortedKeys(keys) {
		bv, av := before.Get(k), after.Get(k)
		e, _ := p.Edit("Filters." + string(k))
		var changed []string
		for _, x := range av {
			if !slices.Contains(bv, x) {
				changed = append(changed, x)
			}
		}
		for _, x := range bv {
			if !slices.Contains(av, x) {
				changed = append(changed, x)
			}
		}
		for _, x := range changed {
			if !e.Permits(x) {
				v.Add("Filters."+string(k), "value needs support: not in EDIT.Filters."+string(k), x)
			}
		}
	}
}

// PermissionService reads what the caller may change without support
// (/permissions).
type PermissionService struct{ g *call.Group }
