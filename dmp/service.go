package dmp

import (
	"context"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
)

// TaxonomyService creates, lists, reads and updates taxonomies.
//
// Deprecated: group F v2.0 is deprecated since 1 August 2026. The v3.0
// interface (package targeting) has no taxonomies: it reads their audience
// segments (targeting.AudienceSegmentService) and the audience vendors
// (targeting.AudienceVendorService); nothing there creates, changes or
// shares a taxonomy. Each method says what replaces it.
type TaxonomyService struct{ g *call.Group }

// createRequest checks t (a nil t as an empty taxonomy) against the rules
// of creation and returns the body of Create: the taxonomy without its
// ids and read-only fields.
func (t *Taxonomy) createRequest() (any, error) {
	if t == nil {
		t = &Taxonomy{}
	}
	if err := t.Validate(true); err != nil {
		return nil, err
	}
	body := *t
	body.TaxonomyID, body.AudienceVendorID = 0, 0
	body.clearReadOnly()
	return body, nil
}

// updateRequest checks t and returns the body of Update: the whole
// taxonomy without its read-only fields, everything read and not modelled
// posted back as it came (POST /audience_segments/{taxonomy_id} replaces
// the tree: nodes that carry their id are updated, nodes without one are
// added and nodes left out are removed; prefer Modify, which reads the
// taxonomy first).
func (t *Taxonomy) updateRequest() (any, error) {
	if t == nil {
		return nil, checkID("taxonomy_id", 0)
	}
	if err := checkID("taxonomy_id", t.TaxonomyID); err != nil {
		return nil, err
	}
	if err := t.Validate(false); err != nil {
		return nil, err
	}
	body := *t
	body.clearReadOnly()
	return body, nil
}

func (o *ListOptions) validate() error {
	var v valid.Validator
	if o.Q == nil {
		return nil
	}
	for i, term := range o.Q.Terms {
		f := "q[" + strconv.Itoa(i) + "]"
		if term == nil {
			continue // qlang's Validate names the nil term below
		}
		p, ok := term.(qlang.Predicate)
		if !ok {
			v.Add(f, "only field==value and field=:value terms", term.String())
			continue
		}
		v.Check(p.Op == qlang.Eq || p.Op == qlang.Like, f, "operator must be == or =:", p.String())
	}
	v.Merge("", o.Q.Validate()) // qlang names its fields q and q.terms[i]
	return v.Err()
}

// Modify reads taxonomy id, lets edit change it and posts the whole
// taxonomy back, so that every node not edited is kept with its id,
// starting over from a fresh read on a version conflict,
// adama.DefaultModifyAttempts rounds in all. An edit that removes nodes is
// refused with an *adama.ValidationError naming each one (rule "node
// removed"): nodes are removed on purpose with RemoveNodes. An error from
// edit stops the call; edit may be called several times.
//
// Deprecated: nothing in the v3.0 interface changes a taxonomy (the
// Campaigns API reference has no taxonomy writes); this call still works.
func (s *TaxonomyService) Modify(ctx context.Context, id int64, edit func(*Taxonomy) error, ro ...adama.RequestOption) (*Taxonomy, error) {
	var before map[int64]string
	get := func(ctx context.Context) (*Taxonomy, error) {
		cur, err := s.Get(ctx, id, ro...)
		if err != nil {
			return nil, err
		}
		before = nodeIDs(cur.Taxonomy)
		if cur.TaxonomyID == 0 {
			cur.TaxonomyID = id
		}
		return cur, nil
	}
	save := func(ctx context.Context, cur *Taxonomy) (*Taxonomy, error) {
		after := nodeIDs(cur.Taxonomy)
		var v valid.Validator
		for nid, name := range before {
			if _, ok := after[nid]; !ok {
				v.Add("taxonomy", "node removed (use RemoveNodes to remove nodes)", strconv.FormatInt(nid, 10)+" "+name)
			}
		}
		if err := v.Err(); err != nil {
			return nil, err
		}
		return s.Update(ctx, cur, ro...)
	}
	return modify.Run(ctx, "dmp taxonomy "+strconv.FormatInt(id, 10), get, edit, save)
}

// RemoveNodes reads taxonomy id, removes the nodes with the given ids
// (each with every node under it) and posts the whole taxonomy back,
// starting over from a fresh read on a version conflict like Modify. An id
// that names no node of the tree, or its root, is refused with an
// *adama.ValidationError before anything is posted.
//
// Deprecated: nothing in the v3.0 interface changes a taxonomy (the
// Campaigns API reference has no taxonomy writes); this call still works.
func (s *TaxonomyService) RemoveNodes(ctx context.Context, id int64, nodes []int64, ro ...adama.RequestOption) (*Taxonomy, error) {
	var v valid.Validator
	for i, nid := range nodes {
		v.Check(nid > 0, "node_ids["+strconv.Itoa(i)+"]", "must be a positive id", nid)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	get := func(ctx context.Context) (*Taxonomy, error) {
		cur, err := s.Get(ctx, id, ro...)
		if err != nil {
			return nil, err
		}
		if cur.TaxonomyID == 0 {
			cur.TaxonomyID = id
		}
		return cur, nil
	}
	remove := func(t *Taxonomy) error {
		have := nodeIDs(t.Taxonomy)
		drop := map[int64]bool{}
		var v valid.Validator
		for i, nid := range nodes {
			f := "node_ids[" + strconv.Itoa(i) + "]"
			_, ok := have[nid]
			v.Check(ok, f, "no node of the taxonomy has this id", nid)
			v.Check(t.Taxonomy == nil || nid != t.Taxonomy.ID, f, "the root cannot be removed", nid)
			drop[nid] = true
		}
		if err := v.Err(); err != nil {
			return err
		}
		var prune func(n *Node)
		prune = func(n *Node) {
			kept := make([]*Node, 0, len(n.Children))
			for _, c := range n.Children {
				if c != nil && drop[c.ID] {
					continue
				}
				if c != nil {
					prune(c)
				}
				kept = append(kept, c)
			}
			if len(kept) != len(n.Children) {
				n.Children = kept
			}
		}
		prune(t.Taxonomy)
		return nil
	}
	save := func(ctx context.Context, t *Taxonomy) (*Taxonomy, error) { return s.Update(ctx, t, ro...) }
	return modify.Run(ctx, "dmp taxonomy "+strconv.FormatInt(id, 10), get, remove, save)
}

// nodeIDs maps the ids of the nodes under root to their names.
func nodeIDs(root *Node) map[int64]string {
	out := map[int64]string{}
	if root == nil {
		return out
	}
	root.Walk(func(_ []string, n *Node) bool {
		if n.ID != 0 {
			out[n.ID] = n.Name
		}
		return true
	})
	return out
}

func checkID(field string, id int64) error {
	if id <= 0 {
		var v valid.Validator
		v.Add(field, "must be a positive id", id)
		return v.Err()
	}
	return nil
}
