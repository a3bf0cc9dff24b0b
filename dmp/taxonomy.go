package dmp

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxNameLen is the longest node or taxonomy name (in characters, before
// encoding).
//
// Deprecated: it works on the v2.0 taxonomy tree, which the v3.0
// interface does not have; nothing replaces it (targeting's audience
// segments carry their full_path and parent_audience_segment_id).
const MaxNameLen = 255

// Walk calls fn for n and every node under it, depth first, with the
// node's path of names from n (valid during the call only: copy it to keep
// it); it stops when fn returns false.
//
// Deprecated: it works on the v2.0 taxonomy tree, which the v3.0
// interface does not have; nothing replaces it (targeting's audience
// segments carry their full_path and parent_audience_segment_id).
func (n *Node) Walk(fn func(path []string, node *Node) bool) {
	var walk func(path []string, x *Node) bool
	walk = func(path []string, x *Node) bool {
		path = append(path, x.Name)
		if !fn(path, x) {
			return false
		}
		for _, c := range x.Children {
			if c != nil && !walk(path, c) {
				return false
			}
		}
		return true
	}
	walk(nil, n)
}

// Find returns the first node named name under n (n included), or nil.
//
// Deprecated: it works on the v2.0 taxonomy tree, which the v3.0
// interface does not have; nothing replaces it (targeting's audience
// segments carry their full_path and parent_audience_segment_id).
func (n *Node) Find(name string) *Node {
	var found *Node
	n.Walk(func(_ []string, x *Node) bool {
		if x.Name == name {
			found = x
			return false
		}
		return true
	})
	return found
}

// Count returns how many nodes the tree under n holds (n included).
//
// Deprecated: it works on the v2.0 taxonomy tree, which the v3.0
// interface does not have; nothing replaces it (targeting's audience
// segments carry their full_path and parent_audience_segment_id).
func (n *Node) Count() int {
	c := 0
	n.Walk(func([]string, *Node) bool { c++; return true })
	return c
}

// Restricted reports a permissioned taxonomy (visibility RESTRICTED or
// omitted). The records of this package (Taxonomy, Node, Permissions,
// Grants) and Visibility are generated from the group's description, in
// records_gen.go; the tree walks and the rules are written here.
//
// Deprecated: it works on the v2.0 taxonomy tree, which the v3.0
// interface does not have; nothing replaces it (targeting's audience
// segments carry their full_path and parent_audience_segment_id).
func (t *Taxonomy) Restricted() bool { return t.Visibility != VisibilityGlobal }

// Validate checks the taxonomy against every rule the description states
// for a create (create set: the TaxonomyCreate body's required fields,
// permissions, vendor_id and taxonomy) or an update (the TaxonomyUpdate
// body's: audience_vendor_id and taxonomy): positive ids, every node by
// the Node schema's rules (a name of at most 255 characters, non-negative
// uniques and retail CPM) and the rules between fields (checkNode,
// checkTree). It returns an *adama.ValidationError naming every broken
// rule, or nil. The rules are generated (records_gen.go, validate).
//
// Deprecated: it works on the v2.0 taxonomy tree, which the v3.0
// interface does not have; nothing replaces it (targeting's audience
// segments carry their full_path and parent_audience_segment_id).
func (t *Taxonomy) Validate(create bool) error {
	var v valid.Validator
	if t == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	t.validate(&v, create)
	return v.Err()
}

// checkNode checks the rules of a node no schema states
// (x-go-validate-also, called by the generated validateAt): its name is
// valid UTF-8 (it travels entity-encoded), a buyable node has a code and
// a retail CPM, and no child is null.
func (n *Node) checkNode(v *valid.Validator, at string, _ bool) {
	v.Check(utf8.ValidString(n.Name), valid.Path(at, "name"), "must be valid UTF-8", nil)
	if n.Buyable {
		v.Require(valid.Path(at, "code"), n.Code != "")
		v.Require(valid.Path(at, "retail_cpm"), n.RetailCPM != nil)
	}
	for i, c := range n.Children {
		if c == nil {
			v.Add(valid.Index(at, "children", i), "must not be null", nil)
		}
	}
}

// checkTree checks the rules across the tree no schema states
// (x-go-validate-also, called by the generated validateAt): the root has
// children, segment codes are unique in the tree, and use_hash is true
// when a code is not a 32-bit integer.
func (t *Taxonomy) checkTree(v *valid.Validator, at string, _ bool) {
	root := t.Taxonomy
	if root == nil {
		return
	}
	v.Check(len(root.Children) > 0, valid.Path(at, "taxonomy.children"), "required, at least one node", nil)
	codes := map[string]string{}
	needHash := ""
	var walk func(path string, n *Node)
	walk = func(path string, n *Node) {
		for i, c := range n.Children {
			if c == nil {
				continue
			}
			p := path + ".children[" + strconv.Itoa(i) + "]"
			if c.Code != "" {
				if first, dup := codes[c.Code]; dup {
					v.Addf(p+".code", c.Code, "must be unique (also at %s)", first)
				} else {
					codes[c.Code] = p
				}
				if needHash == "" && !isInt32(c.Code) {
					needHash = c.Code
				}
			}
			walk(p, c)
		}
	}
	walk(valid.Path(at, "taxonomy"), root)
	if needHash != "" {
		v.Check(t.UseHash != nil && *t.UseHash, valid.Path(at, "use_hash"), "must be true: segment code "+strconv.Quote(needHash)+" is not a 32-bit integer", nil)
	}
}

// isInt32 reports whether code is a 32-bit signed integer.
func isInt32(code string) bool {
	n, err := strconv.ParseInt(code, 10, 64)
	return err == nil && n >= math.MinInt32 && n <= math.MaxInt32
}
