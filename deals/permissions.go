package deals

import "github.com/adamasdk/adama-go/internal/valid"

// check adds the rules of the permissions (records_gen.go), named under
// field: at most one organization, ids in range, no repeats.
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
