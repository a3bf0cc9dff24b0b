package entityfake

import (
	"encoding/xml"
	"net/http"
	"slices"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// A user's permissions in v2.0 (GET and POST users/{id}/permissions): a
// document of the user's flags (type, role, scope) and the organizations,
// agencies and advertisers it may use, in JSON under data or in XML as
// <permissions><flags …/><entities><organization id name/>…</entities>
// </permissions>, every value an attribute. A user with none answers an
// empty document (JSON data [], XML <permissions/>). POST adds the
// repeated organization_id, agency_id and advertiser_id values.

func registerPermissions(r fake.Registrar, h *handler) {
	r.Handle("GET "+Prefix+"/users/{id}/permissions", fake.Session, http.HandlerFunc(h.userPermissions))
	r.Handle("POST "+Prefix+"/users/{id}/permissions", fake.Session, http.HandlerFunc(h.addUserPermissions))
}

// permLevels are the form keys, their collections and the document's
// lists, in order.
var permLevels = []struct{ key, coll, list, elem, parent string }{
	{"organization_id", "organizations", "organizations", "organization", ""},
	{"agency_id", "agencies", "agencies", "agency", "organization_id"},
	{"advertiser_id", "advertisers", "advertisers", "advertiser", "agency_id"},
}

func (h *handler) userOf(w http.ResponseWriter, r *http.Request) (Record, int64, bool) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return nil, 0, false
	}
	u := h.st.cols["users"].get(id)
	if u == nil {
		writeError(w, r, http.StatusNotFound, "not_found", "user "+r.PathValue("id")+" not found")
		return nil, 0, false
	}
	return u, id, true
}

func (h *handler) userPermissions(w http.ResponseWriter, r *http.Request) {
	h.st.mu.RLock()
	defer h.st.mu.RUnlock()
	u, id, ok := h.userOf(w, r)
	if !ok {
		return
	}
	h.writePermissions(w, r, u, id)
}

func (h *handler) addUserPermissions(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	u, id, ok := h.userOf(w, r)
	if !ok {
		return
	}
	errs := unknownKeys(r.PostForm, func(k string) bool { return k == "organization_id" || k == "agency_id" || k == "advertiser_id" })
	add := map[string][]int64{}
	for _, l := range permLevels {
		for _, s := range r.PostForm[l.key] {
			eid, ok := parseID(s)
			switch {
			case !ok:
				errs = append(errs, wire.ErrorItem{Code: "invalid", Field: l.key, Message: l.key + " must be a positive integer"})
			case h.st.cols[l.coll].get(eid) == nil:
				errs = append(errs, wire.ErrorItem{Code: "invalid", Field: l.key, Message: l.elem + " " + s + " does not exist"})
			default:
				add[l.coll] = append(add[l.coll], eid)
			}
		}
	}
	if len(errs) == 0 && len(add) == 0 {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "organization_id", Message: "an organization_id, agency_id or advertiser_id is required"})
	}
	if refuse(w, r, errs) {
		return
	}
	if h.st.perms[id] == nil {
		h.st.perms[id] = map[string][]int64{}
	}
	for c, ids := range add {
		for _, eid := range ids {
			if !slices.Contains(h.st.perms[id][c], eid) {
				h.st.perms[id][c] = append(h.st.perms[id][c], eid)
			}
		}
		slices.Sort(h.st.perms[id][c])
	}
	h.writePermissions(w, r, u, id)
}

type xmlAttrs struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
}

// writePermissions answers user id's document. Callers hold the lock.
func (h *handler) writePermissions(w http.ResponseWriter, r *http.Request, u Record, id int64) {
	perms := h.st.perms[id]
	empty := true
	for _, l := range permLevels {
		if len(perms[l.coll]) > 0 {
			empty = false
		}
	}
	flags := map[string]string{}
	for _, k := range []string{"type", "role", "scope"} {
		if s, ok := u[k].(string); ok {
			flags[k] = s
		}
	}
	if fake.WantsXML(r) {
		type xmlDoc struct {
			XMLName  xml.Name `xml:"result"`
			CalledOn string   `xml:"called_on,attr"`
			Perms    *struct {
				Flags    *xmlAttrs `xml:"flags"`
				Entities *struct {
					Items []xmlAttrs
				} `xml:"entities"`
			} `xml:"permissions"`
			Status struct {
				Code string `xml:"code,attr"`
			} `xml:"status"`
		}
		doc := xmlDoc{CalledOn: nowString()}
		doc.Status.Code = "ok"
		doc.Perms = &struct {
			Flags    *xmlAttrs `xml:"flags"`
			Entities *struct {
				Items []xmlAttrs
			} `xml:"entities"`
		}{}
		if !empty {
			fl := &xmlAttrs{XMLName: xml.Name{Local: "flags"}}
			for _, k := range []string{"type", "role", "scope"} {
				if v, ok := flags[k]; ok {
					fl.Attrs = append(fl.Attrs, xml.Attr{Name: xml.Name{Local: k}, Value: v})
				}
			}
			doc.Perms.Flags = fl
			doc.Perms.Entities = &struct{ Items []xmlAttrs }{}
			for _, l := range permLevels {
				for _, e := range h.permEntities(perms, l.coll, l.parent) {
					it := xmlAttrs{XMLName: xml.Name{Local: l.elem}}
					for _, k := range []string{"id", "name", l.parent} {
						if v, ok := e[k]; ok && k != "" {
							it.Attrs = append(it.Attrs, xml.Attr{Name: xml.Name{Local: k}, Value: render1(v)})
						}
					}
					doc.Perms.Entities.Items = append(doc.Perms.Entities.Items, it)
				}
			}
		}
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(xml.Header))
		_ = xml.NewEncoder(w).Encode(doc)
		return
	}
	meta := map[string]any{"status": "success", "called_on": nowString()}
	if empty {
		fake.WriteJSON(w, http.StatusOK, map[string]any{"data": []any{}, "meta": meta})
		return
	}
	ents := map[string]any{}
	for _, l := range permLevels {
		ents[l.list] = h.permEntities(perms, l.coll, l.parent)
	}
	fake.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"flags": flags, "entities": ents}, "meta": meta})
}

// permEntities lists the permitted records of collection coll: id, name
// and the parent's id.
func (h *handler) permEntities(perms map[string][]int64, coll, parent string) []map[string]any {
	out := []map[string]any{}
	for _, eid := range perms[coll] {
		rec := h.st.cols[coll].get(eid)
		if rec == nil {
			continue
		}
		e := map[string]any{"id": eid, "name": rec["name"]}
		if parent != "" {
			e[parent] = toInt64(rec[parent])
		}
		out = append(out, e)
	}
	return out
}

func render1(v any) string {
	if s, ok := render(v); ok {
		return s
	}
	return ""
}
