package dmp

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxNameLen is the longest node or taxonomy name (in characters, before
// encoding).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
const MaxNameLen = 255

// Walk calls fn for n and every node under it, depth first, with the
// node's path of names from n (valid during the call only: copy it to keep
// it); it stops when fn returns false.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
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
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
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
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
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
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (t *Taxonomy) Restricted() bool { return t.Visibility != VisibilityGlobal }

// Validate checks the taxonomy's rules; create adds the rules of creation
// (permissions and vendor_id), otherwise those of an update
// (audience_vendor_id).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (t *Taxonomy) Validate(create bool) error {
	var v valid.Validator
	if create {
		v.Require("permissions", t.Permissions != nil)
		v.Check(t.VendorID > 0, "vendor_id", "required, a positive id", t.VendorID)
	} else {
		v.Check(t.AudienceVendorID > 0, "audience_vendor_id", "required, a positive id", t.AudienceVendorID)
	}
	if t.Permissions != nil {
		for f, ids := range map[string][]int64{"permissions.organizations": t.Permissions.Organizations, "permissions.agencies": t.Permissions.Agencies, "permissions.advertisers": t.Permissions.Advertisers} {
			for i, id := range ids {
				v.Check(id > 0, f+"["+strconv.Itoa(i)+"]", "must be a positive id", id)
			}
		}
	}
	if t.Taxonomy == nil {
		v.Require("taxonomy", false)
		return v.Err()
	}
	root := t.Taxonomy
	v.Require("taxonomy.name", root.Name != "")
	checkName(&v, "taxonomy.name", root.Name)
	v.Check(len(root.Children) > 0, "taxonomy.children", "required, at least one node", nil)
	codes := map[string]string{}
	needHash := ""
	var walk func(path string, n *Node)
	walk = func(path string, n *Node) {
		for i, c := range n.Children {
			p := path + ".children[" + strconv.Itoa(i) + "]"
			if c == nil {
				v.Add(p, "must not be null", nil)
				continue
			}
			v.Require(p+".name", c.Name != "")
			checkName(&v, p+".name", c.Name)
			if c.Buyable {
				v.Require(p+".code", c.Code != "")
				v.Require(p+".retail_cpm", c.RetailCPM != nil)
			}
			if c.RetailCPM != nil {
				v.Check(c.RetailCPM.Cmp(adama.Decimal{}) >= 0, p+".retail_cpm", "must be >= 0", c.RetailCPM)
			}
			if c.Uniques != nil {
				v.Check(*c.Uniques >= 0, p+".uniques", "must be >= 0", *c.Uniques)
			}
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
	walk("taxonomy", root)
	if needHash != "" {
		v.Check(t.UseHash != nil && *t.UseHash, "use_hash", "must be true: segment code "+strconv.Quote(needHash)+" is not a 32-bit integer", nil)
	}
	return v.Err()
}

func checkName(v *valid.Validator, field, name string) {
	v.Check(utf8.ValidString(name), field, "must be valid UTF-8", nil)
	v.MaxLen(field, name, MaxNameLen)
}

// isInt32 reports whether code is a 32-bit signed integer.
func isInt32(code string) bool {
	n, err := strconv.ParseInt(code, 10, 64)
	return err == nil && n >= math.MinInt32 && n <= math.MaxInt32
}
