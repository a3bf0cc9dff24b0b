package deals

import (
	"encoding/json"
	"reflect"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Permissions lists the entities allowed to target a deal: the owner or
// its sub-entities. Listing a higher-level entity includes everything
// under it, so its sub-entities must not be listed too (the platform
// refuses the overlap). By default every sub-entity of the owner may
// target the deal. Deal groups have no permissions of their own.
type Permissions struct {
	// AllOrganizations opens the deal to every organization (few users
	// may set it). Always sent: the reference requires it.
	AllOrganizations bool `json:"all_organizations"`
	// OrganizationIDs holds at most one organization id.
	OrganizationIDs []int64 `json:"organization_ids"`
	// AgencyIDs lists agencies.
	AgencyIDs []int64 `json:"agency_ids"`
	// AdvertiserIDs lists advertisers.
	AdvertiserIDs []int64 `json:"advertiser_ids"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type permissionsAlias Permissions

var permissionsIdx = record.IndexOf(reflect.TypeFor[permissionsAlias]())

// UnmarshalJSON reads the permissions leniently (ids as numbers or
// strings), keeping unknown properties.
func (p *Permissions) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*permissionsAlias)(p), permissionsIdx, &p.Extra)
}

// Misfits lists the values of the permissions that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (p *Permissions) Misfits() []adama.Misfit {
	if p == nil {
		return nil
	}
	return record.Report(p, permissionsIdx, p.Extra)
}

// MarshalJSON writes the permissions (empty lists as []) and their unknown
// properties.
func (p Permissions) MarshalJSON() ([]byte, error) {
	a := permissionsAlias(p)
	for _, l := range []*[]int64{&a.OrganizationIDs, &a.AgencyIDs, &a.AdvertiserIDs} {
		if *l == nil {
			*l = []int64{}
		}
	}
	return record.EncodeObject(a, p.Extra)
}

func (p *Permissions) check(v *valid.Validator, field string) {
	v.Check(len(p.OrganizationIDs) <= 1, field+".organization_ids", "at most one id", p.OrganizationIDs)
	checkIDs(v, field+".organization_ids", p.OrganizationIDs)
	checkIDs(v, field+".agency_ids", p.AgencyIDs)
	checkIDs(v, field+".advertiser_ids", p.AdvertiserIDs)
	for _, l := range []struct {
		name string
		ids  []int64
	}{{"agency_ids", p.AgencyIDs}, {"advertiser_ids", p.AdvertiserIDs}} {
		seen := map[int64]bool{}
		for _, id := range l.ids {
			v.Check(!seen[id], field+"."+l.name, "duplicate id", id)
			seen[id] = true
		}
	}
}
