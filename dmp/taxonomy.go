package dmp

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxNameLen is the longest node or taxonomy name (in characters, before
// encoding).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
const MaxNameLen = 255

// Visibility says who sees a taxonomy.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
//
//adama:enum
type Visibility string

// Visibilities. Responses for permissioned taxonomies omit visibility.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
const (
	Global     Visibility = "GLOBAL"
	Restricted Visibility = "RESTRICTED"
)

// Permissions lists the entities a permissioned taxonomy is shared with.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Permissions struct {
	// Organizations lists organization ids.
	Organizations []int64 `json:"organizations"`
	// Agencies lists agency ids.
	Agencies []int64 `json:"agencies"`
	// Advertisers lists advertiser ids.
	Advertisers []int64 `json:"advertisers"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type permissionsAlias Permissions

var permissionsIdx = record.IndexOf(reflect.TypeFor[permissionsAlias]())

// UnmarshalJSON reads the permissions leniently, keeping unknown
// properties.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (p *Permissions) UnmarshalJSON(b []byte) error {
	return record.DecodeInto(b, (*permissionsAlias)(p), permissionsIdx, &p.Extra)
}

// MarshalJSON writes the permissions (empty lists as []).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (p Permissions) MarshalJSON() ([]byte, error) {
	a := permissionsAlias(p)
	for _, l := range []*[]int64{&a.Organizations, &a.Agencies, &a.Advertisers} {
		if *l == nil {
			*l = []int64{}
		}
	}
	return record.EncodeObject(a, p.Extra)
}

// Node is one node of a taxonomy tree: the root (the taxonomy's name), a
// branch or a segment. Shape from
// the Audience Segments API reference, POST
// /audience_segments and POST /audience_segments/{taxonomy_id}.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Node struct {
	// ID is the platform's id of the node (set in responses); a node that
	// keeps its ID on update is updated, one without is added.
	ID int64 `json:"id,omitempty"`
	// Name is at most 255 characters, any script: it is sent
	// HTML-entity-encoded and decoded on read.
	Name string `json:"name"`
	// Code is the provider's segment id, unique in the taxonomy (read
	// from a JSON string or number).
	Code string `json:"code,omitempty"`
	// Description describes the node.
	Description string `json:"description,omitempty"`
	// Uniques is the estimated audience size.
	Uniques *int64 `json:"uniques,omitempty"`
	// RetailCPM is the CPM buyers pay (USD), exact.
	RetailCPM *adama.Decimal `json:"retail_cpm,omitempty"`
	// WholesaleCPM is the CPM paid to the provider (set in responses).
	WholesaleCPM *adama.Decimal `json:"wholesale_cpm,omitempty"`
	// Buyable marks a segment that can be targeted.
	Buyable bool `json:"buyable"`
	// Children are the node's children, in order.
	Children []*Node `json:"children"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type nodeAlias Node

var nodeIdx = record.IndexOf(reflect.TypeFor[nodeAlias]())

// UnmarshalJSON reads a node leniently, decodes its HTML-entity-encoded
// name and keeps unknown properties.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (n *Node) UnmarshalJSON(b []byte) error {
	if err := record.DecodeInto(b, (*nodeAlias)(n), nodeIdx, &n.Extra); err != nil {
		return err
	}
	n.Name = DecodeName(n.Name)
	return nil
}

// MarshalJSON writes a node with its name HTML-entity-encoded and children
// always present.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (n Node) MarshalJSON() ([]byte, error) {
	a := nodeAlias(n)
	a.Name = EncodeName(n.Name)
	if a.Children == nil {
		a.Children = []*Node{}
	}
	return record.EncodeObject(a, n.Extra)
}

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

// Taxonomy is a permissioned (or global) taxonomy: its permissions, vendor
// and tree, and the fields the platform adds. Shape per specification
// §2.11 and the Audience Segments API reference.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Taxonomy struct {
	// TaxonomyID identifies the taxonomy (set by the platform).
	TaxonomyID int64 `json:"taxonomy_id,omitempty"`
	// VendorID is the provider's data vendor id; required on create.
	VendorID int64 `json:"vendor_id,omitempty"`
	// AudienceVendorID is the taxonomy object's vendor id; required on
	// update.
	AudienceVendorID int64 `json:"audience_vendor_id,omitempty"`
	// Permissions lists who may use the taxonomy; required on create.
	Permissions *Permissions `json:"permissions,omitempty"`
	// UseHash must be true when a segment code is not a 32-bit integer.
	UseHash *bool `json:"use_hash,omitempty"`
	// Taxonomy is the tree; its root's name is the taxonomy's name.
	Taxonomy *Node `json:"taxonomy,omitempty"`
	// RevenueSharePct is the provider's revenue share (set by the
	// platform).
	RevenueSharePct *adama.Decimal `json:"revenue_share_pct,omitempty"`
	// Visibility is GLOBAL for public taxonomies; permissioned ones leave
	// it out (see Restricted).
	Visibility Visibility `json:"visibility,omitempty"`
	// Name and IsClearingHouse come in update answers.
	Name            string `json:"name,omitempty"`
	IsClearingHouse *bool  `json:"is_clearing_house,omitempty"`
	// CreatedBy and UpdatedBy are user ids; CreatedOn and UpdatedOn
	// times (all set by the platform).
	CreatedBy *int64      `json:"created_by,omitempty"`
	UpdatedBy *int64      `json:"updated_by,omitempty"`
	CreatedOn *adama.Time `json:"created_on,omitempty"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty"`
	// Extra keeps every property the SDK does not model; it is posted
	// back on update.
	Extra map[string]json.RawMessage `json:"-"`
}

type taxonomyAlias Taxonomy

var taxonomyIdx = record.IndexOf(reflect.TypeFor[taxonomyAlias]())

// UnmarshalJSON reads a taxonomy leniently, keeping unknown properties.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (t *Taxonomy) UnmarshalJSON(b []byte) error {
	return record.DecodeInto(b, (*taxonomyAlias)(t), taxonomyIdx, &t.Extra)
}

// MarshalJSON writes the taxonomy and its unknown properties.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (t Taxonomy) MarshalJSON() ([]byte, error) {
	return record.EncodeObject(taxonomyAlias(t), t.Extra)
}

// Restricted reports a permissioned taxonomy (visibility RESTRICTED or
// omitted).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func (t *Taxonomy) Restricted() bool { return t.Visibility != Global }

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

// Grant is an entity a provider may share taxonomies with.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Grant struct {
	// ID is the entity's id.
	ID int64 `json:"id"`
	// Name is its name.
	Name string `json:"name"`
}

// Grants lists the entities a provider may share taxonomies with.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Grants struct {
	// Organizations are the organizations the provider may grant to.
	Organizations []Grant `json:"organizations"`
	// Agencies are the agencies.
	Agencies []Grant `json:"agencies"`
	// Advertisers are the advertisers.
	Advertisers []Grant `json:"advertisers"`
}
