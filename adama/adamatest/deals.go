package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/dealsfake"
)

// registerDeals plugs in group E (marketplaces v1.0, /deals/v1.0): deals,
// deal groups, publishers, channels, bulk deal calls, deal analytics and
// strategy links, behind session authentication.
func registerDeals(r fake.Registrar) {
	st := dealsfake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore("deals", st)
	}
}

// DealsHandle seeds and inspects group E's state on a running Server.
type DealsHandle struct{ st *dealsfake.Store }

// Deals returns the handle of group E's state.
func (s *Server) Deals() *DealsHandle {
	return &DealsHandle{st: storeOf[*dealsfake.Store](s, "deals")}
}

// AddDeal stores a deal given as its JSON object (server fields filled
// in, the group's rules not applied) and returns its id.
func (h *DealsHandle) AddDeal(rec map[string]any) int64 {
	if h.st == nil {
		return 0
	}
	return h.st.AddDeal(rec)
}

// Deal returns a copy of a stored deal as its JSON object (nil when
// absent).
func (h *DealsHandle) Deal(id int64) map[string]any {
	if h.st == nil {
		return nil
	}
	return h.st.Deal(id)
}

// DealCount returns how many deals are stored.
func (h *DealsHandle) DealCount() int {
	if h.st == nil {
		return 0
	}
	return h.st.DealCount()
}

// SetDealField changes one property of a stored deal as another user
// would, bumping its version (to provoke version conflicts). It reports
// whether the deal exists.
func (h *DealsHandle) SetDealField(id int64, field string, value any) bool {
	return h.st != nil && h.st.SetDealField(id, field, value)
}

// DealGroup returns a copy of a stored deal group (nil when absent).
func (h *DealsHandle) DealGroup(id int64) map[string]any {
	if h.st == nil {
		return nil
	}
	return h.st.Group(id)
}

// AddPublisher stores a publisher of organization org and returns its id.
func (h *DealsHandle) AddPublisher(org int64, name string) int64 {
	if h.st == nil {
		return 0
	}
	return h.st.AddPublisher(org, name)
}

// Publisher returns a copy of a stored publisher (nil when absent).
func (h *DealsHandle) Publisher(id int64) map[string]any {
	if h.st == nil {
		return nil
	}
	return h.st.Publisher(id)
}

// LinkStrategy records that a strategy targets a deal.
func (h *DealsHandle) LinkStrategy(deal, strategy int64) {
	if h.st != nil {
		h.st.LinkStrategy(deal, strategy)
	}
}

// LinkGroupStrategy records that a strategy targets a deal group.
func (h *DealsHandle) LinkGroupStrategy(group, strategy int64) {
	if h.st != nil {
		h.st.LinkGroupStrategy(group, strategy)
	}
}
