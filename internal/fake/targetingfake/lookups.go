package targetingfake

import (
	"net/http"
	"net/url"

	"github.com/adamasdk/adama-go/internal/wire"
)

// Collections of the read-only lists, seeded when the store is made.
const (
	Verticals       = "verticals"
	AdServers       = "ad_servers"
	CurrencyRates   = "currency_rates"
	Timezones       = "timezones"
	Vendors         = "vendors"
	SupplySources   = "supply_sources"
	PixelProviders  = "pixel_providers"
	VendorContracts = "vendor_contracts"
)

// lookupSeeds are the records each read-only list starts with (the
// platform's own lists, in neutral names).
var lookupSeeds = map[string][]map[string]any{
	Verticals: {{"name": "Automotive"}, {"name": "Retail"}, {"name": "Travel"}},
	AdServers: {{"name": "adama"}, {"name": "cloud1"}},
	CurrencyRates: {
		{"name": "USD", "currency_code": "USD", "rate": 1, "date": "2026-01-01T00:00:00+0000"},
		{"name": "EUR", "currency_code": "EUR", "rate": 0.92, "date": "2026-01-01T00:00:00+0000"},
	},
	Timezones: {
		{"name": "UTC", "zone_name": "UTC", "display_name": "UTC", "description": nil},
		{"name": "America/New_York", "zone_name": "America/New_York", "display_name": "Eastern Time", "description": "US Eastern"},
	},
	Vendors: {
		{"name": "cloud1 data", "vendor_type": "DATA", "rate_card_type": "CPM", "rate_card_price": 0.5, "is_eligible": true,
			"mm_contract_available": true, "adx_approved": true, "code": "C1D"},
		{"name": "cloud2 verification", "vendor_type": "AD_VERIFICATION", "rate_card_type": "FIXED", "rate_card_price": 100,
			"is_eligible": true, "mm_contract_available": false, "adx_approved": false, "code": "C2V"},
	},
	SupplySources: {
		{"name": "p1 exchange", "supply_type": "exchange", "rtb_enabled": true, "code": "P1X", "has_display": true, "has_video": true,
			"mkt_sell_price": nil, "mkt_sell_price_currency_code": nil},
		{"name": "cloud2 exchange", "supply_type": "exchange", "rtb_enabled": true, "code": "C2X", "has_display": true, "has_video": false,
			"mkt_sell_price": 1.5, "mkt_sell_price_currency_code": "USD"},
	},
	PixelProviders:  {{"name": "cloud1 pixels", "execution_by": "SVC", "vendor_id": 1, "agency_id": 1, "provider_tax": 0}},
	VendorContracts: {{"vendor_id": 1, "use_mm_contract": true, "price": 0.5, "rate_card_type": "CPM"}},
	CreativeTags: {{"atomic_creative_id": 1, "tag": "<script src=\"https://ads.example/1.js\"></script>", "tag_type": "SCRIPT",
		"inner_tag": ""}},
}

// seedLookups fills the read-only lists.
func seedLookups(st *Store) {
	for coll, recs := range lookupSeeds {
		for _, r := range recs {
			st.Add(coll, r)
		}
	}
}

// lookup is a read-only list: short (id, name and entity_type unless
// full=* asks for every property) when short is set.
func lookup(st *Store, coll string, short []string) *resource {
	return &resource{st: st, coll: coll, project: func(rec map[string]any, q url.Values, single bool) (map[string]any, []wire.ErrorItem) {
		if errs := fullOnly(q); errs != nil {
			return nil, errs
		}
		if d := q.Get("detect_domains"); coll == Vendors && d != "" && d != "1" && d != "true" {
			return nil, []wire.ErrorItem{invalid("detect_domains", "must be 1 or true")}
		}
		if single || short == nil || q.Get("full") == "*" {
			return rec, nil
		}
		out := make(map[string]any, len(short))
		for _, k := range short {
			out[k] = rec[k]
		}
		return out, nil
	}}
}

// lookups serves the read-only lists.
type lookups struct {
	vert, ads, rates, tz, vend, supply, pix, contracts *resource
}

func newLookups(st *Store) *lookups {
	seedLookups(st)
	idName := []string{"id", "name"}
	idNameType := []string{"id", "name", "entity_type"}
	return &lookups{
		vert: lookup(st, Verticals, idNameType), ads: lookup(st, AdServers, idNameType), rates: lookup(st, CurrencyRates, idNameType),
		tz: lookup(st, Timezones, idNameType), vend: lookup(st, Vendors, idName), supply: lookup(st, SupplySources, idName),
		pix: lookup(st, PixelProviders, nil), contracts: lookup(st, VendorContracts, nil),
	}
}

func (h *handler) listVerticals(w http.ResponseWriter, r *http.Request) { h.orgs.lk.vert.list(w, r) }

func (h *handler) listAdServers(w http.ResponseWriter, r *http.Request) { h.orgs.lk.ads.list(w, r) }

func (h *handler) listCurrencyRates(w http.ResponseWriter, r *http.Request) {
	h.orgs.lk.rates.list(w, r)
}

func (h *handler) listTimezones(w http.ResponseWriter, r *http.Request) { h.orgs.lk.tz.list(w, r) }

func (h *handler) listVendors(w http.ResponseWriter, r *http.Request) { h.orgs.lk.vend.list(w, r) }

func (h *handler) getVendor(w http.ResponseWriter, r *http.Request) {
	h.orgs.lk.vend.get(w, withID(r, "vendor_id"))
}

func (h *handler) listSupplySources(w http.ResponseWriter, r *http.Request) {
	h.orgs.lk.supply.list(w, r)
}

func (h *handler) getSupplySource(w http.ResponseWriter, r *http.Request) {
	h.orgs.lk.supply.get(w, withID(r, "supply_source_id"))
}

func (h *handler) listPixelProviders(w http.ResponseWriter, r *http.Request) {
	h.orgs.lk.pix.list(w, r)
}

func (h *handler) listVendorContracts(w http.ResponseWriter, r *http.Request) {
	h.orgs.lk.contracts.list(w, r)
}
