package deals

import "github.com/adamasdk/adama-go/internal/valid"

// checkRepeats checks the rule no schema states (x-go-validate-also,
// called by the generated validateAt): an id listed twice in the agencies
// or the advertisers is refused (the organizations hold at most one).
func (p *Permissions) checkRepeats(v *valid.Validator, at string, _ bool) {
	for _, l := range []struct {
		name string
		ids  []int64
	}{{"agency_ids", p.AgencyIDs}, {"advertiser_ids", p.AdvertiserIDs}} {
		seen := map[int64]bool{}
		for _, id := range l.ids {
			v.Check(!seen[id], valid.Path(at, l.name), "duplicate id", id)
			seen[id] = true
		}
	}
}
