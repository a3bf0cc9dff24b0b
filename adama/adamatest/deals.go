package adamatest

import (
	"github.com/adamasdk/adama-go/deals"
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
// Its Records are the deals, keyed by id; Groups and Publishers hold the
// deal groups and publishers.
type DealsHandle struct {
	*Records[int64, deals.Deal]
	groups     *Records[int64, deals.DealGroup]
	publishers *Records[int64, deals.Publisher]
	st         *dealsfake.Store
}

// Deals returns the handle of group E's state.
func (s *Server) Deals() *DealsHandle {
	st := storeOf[*dealsfake.Store](s, "deals")
	if st == nil {
		return &DealsHandle{Records: &Records[int64, deals.Deal]{}, groups: &Records[int64, deals.DealGroup]{},
			publishers: &Records[int64, deals.Publisher]{}}
	}
	return &DealsHandle{
		Records:    docRecords(st.Deals(), "id", func(d *deals.Deal) int64 { return d.ID }, st.FillDeal),
		groups:     docRecords(st.Groups(), "id", func(g *deals.DealGroup) int64 { return g.ID }, st.FillGroup),
		publishers: docRecords(st.Publishers(), "id", func(p *deals.Publisher) int64 { return p.ID }, st.FillPublisher),
		st:         st,
	}
}

// Groups returns the deal groups, keyed by id.
func (h *DealsHandle) Groups() *Records[int64, deals.DealGroup] { return h.groups }

// Publishers returns the publishers, keyed by id.
func (h *DealsHandle) Publishers() *Records[int64, deals.Publisher] { return h.publishers }

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
