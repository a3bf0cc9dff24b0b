package dmp

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
)

// TaxonomyService creates, lists, reads and updates taxonomies.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type TaxonomyService struct{ g *call.Group }

// Create creates t (checked first) and returns the taxonomy as the
// platform made it, every node with its id and wholesale CPM.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (s *TaxonomyService) Create(ctx context.Context, t *Taxonomy, ro ...adama.RequestOption) (*Taxonomy, error) {
	if t == nil {
		t = &Taxonomy{}
	}
	if err := t.Validate(true); err != nil {
		return nil, err
	}
	body := *t
	body.TaxonomyID, body.AudienceVendorID = 0, 0
	body.clearReadOnly()
	return call.One[Taxonomy](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/audience_segments", JSON: body}, ro...)
}

// ListOptions filter a taxonomy list.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type ListOptions struct {
	// Q filters with field==value and field=:value predicates only
	// (qlang.Eq and qlang.Like): "name=:MediaMath", "buyable==1".
	Q *qlang.Query
}

func (o *ListOptions) validate() error {
	var v valid.Validator
	if o.Q == nil {
		return nil
	}
	for i, term := range o.Q.Terms {
		f := "q[" + strconv.Itoa(i) + "]"
		p, ok := term.(qlang.Predicate)
		if !ok {
			v.Add(f, "only field==value and field=:value terms", term.String())
			continue
		}
		v.Check(p.Op == qlang.Eq || p.Op == qlang.Like, f, "operator must be == or =:", p.String())
	}
	v.Merge("q", o.Q.Validate())
	return v.Err()
}

// List returns the taxonomies the options select (their tree holds the
// root only).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (s *TaxonomyService) List(ctx context.Context, opts *ListOptions, ro ...adama.RequestOption) (*adama.Page[*Taxonomy], error) {
	o := ListOptions{}
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	q := url.Values{}
	if o.Q != nil && len(o.Q.Terms) > 0 {
		q.Set("q", o.Q.String())
	}
	return s.page(ctx, q, ro)
}

// All iterates over the taxonomies the options select. The list is not
// paged by the platform; All follows a next-page link if one is sent.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (s *TaxonomyService) All(ctx context.Context, opts *ListOptions, ro ...adama.RequestOption) iter.Seq2[*Taxonomy, error] {
	o := ListOptions{}
	if opts != nil {
		o = *opts
	}
	return func(yield func(*Taxonomy, error) bool) {
		if err := o.validate(); err != nil {
			yield(nil, err)
			return
		}
		fetch := func(ctx context.Context, cur pager.Cursor) (*adama.Page[*Taxonomy], error) {
			q := cur.Next
			if q == nil {
				q = url.Values{}
				if o.Q != nil && len(o.Q.Terms) > 0 {
					q.Set("q", o.Q.String())
				}
			}
			return s.page(ctx, q, ro)
		}
		for t, err := range pager.All(ctx, pager.Options{Links: true}, fetch) {
			if !yield(t, err) {
				return
			}
		}
	}
}

// page reads one page of the taxonomy list, dropping items that decoded
// as null rather than yield nil.
func (s *TaxonomyService) page(ctx context.Context, q url.Values, ro []adama.RequestOption) (*adama.Page[*Taxonomy], error) {
	p, err := call.List[*Taxonomy](ctx, s.g, &call.Call{Path: "/audience_segments", Query: q}, ro...)
	if err != nil {
		return nil, err
	}
	items := p.Items[:0]
	for _, t := range p.Items {
		if t != nil {
			items = append(items, t)
		}
	}
	p.Items = items
	return p, nil
}

// Grants returns the entity ids a provider may share taxonomies with.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (s *TaxonomyService) Grants(ctx context.Context, vendorID int64, ro ...adama.RequestOption) (*Grants, error) {
	if err := checkID("vendor_id", vendorID); err != nil {
		return nil, err
	}
	return call.One[Grants](ctx, s.g, &call.Call{Path: "/audience_segments/grants/" + strconv.FormatInt(vendorID, 10)}, ro...)
}

// Get returns one taxonomy with its permissions and its whole tree.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (s *TaxonomyService) Get(ctx context.Context, taxonomyID int64, ro ...adama.RequestOption) (*Taxonomy, error) {
	if err := checkID("taxonomy_id", taxonomyID); err != nil {
		return nil, err
	}
	return call.One[Taxonomy](ctx, s.g, &call.Call{Path: "/audience_segments/" + strconv.FormatInt(taxonomyID, 10)}, ro...)
}

// Update posts the whole taxonomy t (POST /audience_segments/{taxonomy_id}):
// nodes that carry their id are updated, nodes without one are added and
// nodes left out are removed. Everything read and not modelled is posted
// back as it came. Prefer Modify, which reads the taxonomy first.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (s *TaxonomyService) Update(ctx context.Context, t *Taxonomy, ro ...adama.RequestOption) (*Taxonomy, error) {
	if t == nil {
		t = &Taxonomy{}
	}
	if err := checkID("taxonomy_id", t.TaxonomyID); err != nil {
		return nil, err
	}
	if err := t.Validate(false); err != nil {
		return nil, err
	}
	body := *t
	body.clearReadOnly()
	return call.One[Taxonomy](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/audience_segments/" + strconv.FormatInt(t.TaxonomyID, 10), JSON: body}, ro...)
}

// Modify reads taxonomy id, lets edit change it and posts the whole
// taxonomy back, so that every node not edited is kept with its id,
// starting over from a fresh read on a version conflict,
// adama.DefaultModifyAttempts rounds in all. An edit that removes nodes is
// refused with an *adama.ValidationError naming each one (rule "node
// removed"): nodes are removed on purpose with RemoveNodes. An error from
// edit stops the call; edit may be called several times.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
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
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
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
