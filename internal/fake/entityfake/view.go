package entityfake

import (
	"net/url"
	"strings"
)

// view says how records are rendered: embedded relations and which
// entity types come with their full property sets.
type view struct {
	with          [][]string
	all           bool
	full          map[string]bool
	fullByDefault bool // the root record is full (GET of one record)
}

func parseView(q url.Values) (view, string) {
	v := view{full: map[string]bool{}}
	for _, w := range q["with"] {
		chain := strings.Split(w, ",")
		for i := range chain {
			chain[i] = strings.TrimSpace(chain[i])
			if plural[chain[i]] == "" && collections[chain[i]] == "" {
				return v, "unknown entity in with: " + chain[i]
			}
		}
		v.with = append(v.with, chain)
	}
	for _, f := range strings.Split(q.Get("full"), ",") {
		f = strings.TrimSpace(f)
		switch {
		case f == "":
		case f == "*":
			v.all = true
		default:
			v.full[f] = true
		}
	}
	return v, ""
}

func (v *view) isFull(entityType string, root bool) bool {
	return (root && v.fullByDefault) || v.all || v.full[entityType]
}

func shape(entityType string, rec Record, full bool) Record {
	if full {
		return deepCopy(rec)
	}
	out := Record{"id": rec["id"], "entity_type": rec["entity_type"]}
	if n, ok := rec["name"]; ok {
		out["name"] = n
	}
	return out
}

// view renders rec of c under v. Callers hold at least the read lock.
func (s *Store) view(c *collection, rec Record, v view) Record {
	out := shape(c.entityType, rec, v.isFull(c.entityType, true))
	for _, chain := range v.with {
		s.embed(c, rec, out, chain, &v)
	}
	if c.name == "strategies" {
		if _, ok := rec["site_placements"]; ok {
			if kids := s.children(c, rec, s.cols["strategy_audience_segments"], &v, true); len(kids) > 0 {
				out["strategy_audience_segments"] = kids
			}
		}
	}
	return out
}

// listView is view for a record that is only encoded, under the read
// lock: the stored record itself when the view would be an unchanged copy
// of it (every property, nothing embedded), a view otherwise.
func (s *Store) listView(c *collection, rec Record, v view) Record {
	if len(v.with) == 0 && c.name != "strategies" && v.isFull(c.entityType, true) {
		return rec
	}
	return s.view(c, rec, v)
}

// embed adds the relation chain[0] of rec to out, recursing for the rest
// of the chain: a parent (rec has chain[0]_id) becomes an object, a child
// collection (its records point at rec) an array.
func (s *Store) embed(c *collection, rec, out Record, chain []string, v *view) {
	if len(chain) == 0 {
		return
	}
	seg := chain[0]
	if pc := s.cols[plural[seg]]; pc != nil {
		pid, ok := toInt(rec[seg+"_id"])
		if !ok {
			return
		}
		prec := pc.get(pid)
		if prec == nil {
			return
		}
		child, ok := out[seg].(map[string]any)
		if !ok {
			child = shape(pc.entityType, prec, v.isFull(pc.entityType, false))
			out[seg] = child
		}
		s.embed(pc, prec, child, chain[1:], v)
		return
	}
	if lc := s.cols[seg]; lc != nil {
		kids := s.children(c, rec, lc, v, false)
		for i, k := range kids {
			m := k.(map[string]any)
			if krec := lc.get(toInt64(m["id"])); krec != nil {
				s.embed(lc, krec, m, chain[1:], v)
			}
			kids[i] = m
		}
		out[seg] = kids
	}
}

func toInt64(v any) int64 { i, _ := toInt(v); return i }

// children returns the records of lc that point at rec.
func (s *Store) children(c *collection, rec Record, lc *collection, v *view, full bool) []any {
	link := c.entityType + "_id"
	id := toInt64(rec["id"])
	out := []any{}
	for _, lid := range lc.ids() {
		l := lc.get(lid)
		if x, ok := toInt(l[link]); ok && x == id {
			out = append(out, shape(lc.entityType, l, full || v.isFull(lc.entityType, false)))
		}
	}
	return out
}

// validRelation reports whether every segment names an entity type or a
// collection.
func (s *Store) validRelation(c *collection, segs []string) bool {
	for _, seg := range segs {
		if seg == "" || (plural[seg] == "" && collections[seg] == "") {
			return false
		}
	}
	return true
}

// related reports whether rec of c is related to id through segs: a
// parent chain ("advertiser.agency") or a plural linking collection
// followed by the linked entity ("vendor_contracts.vendor").
func (s *Store) related(c *collection, rec Record, segs []string, id int64) bool {
	if len(segs) == 0 {
		return toInt64(rec["id"]) == id
	}
	seg := segs[0]
	if pc := s.cols[plural[seg]]; pc != nil {
		pid, ok := toInt(rec[seg+"_id"])
		if !ok {
			return false
		}
		if len(segs) == 1 {
			return pid == id
		}
		prec := pc.get(pid)
		return prec != nil && s.related(pc, prec, segs[1:], id)
	}
	if lc := s.cols[seg]; lc != nil {
		link := c.entityType + "_id"
		me := toInt64(rec["id"])
		for _, lid := range lc.ids() {
			l := lc.get(lid)
			if x, ok := toInt(l[link]); ok && x == me {
				if len(segs) == 1 || s.related(lc, l, segs[1:], id) {
					if len(segs) > 1 || lid == id {
						return true
					}
				}
			}
		}
	}
	return false
}
