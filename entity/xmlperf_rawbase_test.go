package entity_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// rawHandDecodeStrategies is a stricter baseline than handDecodeStrategies:
// hand-written on encoding/xml's raw tokens straight into the typed
// records, with no intermediate tree and no reflection (what a programmer
// chasing speed with the standard library would write for this page).
func rawHandDecodeStrategies(raw []byte) ([]*plainStrategy, error) {
	d := xml.NewDecoder(bytes.NewReader(raw))
	var (
		out   []*plainStrategy
		s     *plainStrategy
		prop  string
		money *adama.Money
	)
	attr := func(t xml.StartElement, name string) string {
		for _, a := range t.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch t.Name.Local {
		case "entity":
			s = &plainStrategy{}
			out = append(out, s)
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "id":
					if s.ID, err = strconv.ParseInt(a.Value, 10, 64); err != nil {
						return nil, err
					}
				case "version":
					if s.Version, err = strconv.Atoi(a.Value); err != nil {
						return nil, err
					}
				case "name":
					s.Name = a.Value
				case "type":
					s.EntityType = a.Value
				}
			}
		case "amount":
			v, err := adama.ParseDecimal(attr(t, "value"))
			if err != nil {
				return nil, err
			}
			*money = append(*money, adama.Amount{CurrencyCode: attr(t, "currency_code"), Value: v})
		case "prop":
			prop = attr(t, "name")
			v := attr(t, "value")
			switch prop {
			case "bid_aggressiveness":
				n, err := strconv.Atoi(v)
				if err != nil {
					return nil, err
				}
				s.BidAggressiveness = &n
			case "campaign_id":
				if s.CampaignID, err = strconv.ParseInt(v, 10, 64); err != nil {
					return nil, err
				}
			case "bid_price_is_media_only", "status", "use_optimization":
				x, err := wirefmt.ParseBool(v)
				if err != nil {
					return nil, err
				}
				bv := adama.Bool(x)
				switch prop {
				case "status":
					s.Status = &bv
				case "use_optimization":
					s.UseOptimization = &bv
				default:
					s.BidPriceIsMediaOnly = &bv
				}
			case "created_on", "updated_on":
				tm, err := wirefmt.ParseTime(v)
				if err != nil {
					return nil, err
				}
				if prop == "created_on" {
					s.CreatedOn = adama.TimePtr(tm)
				} else {
					s.UpdatedOn = adama.TimePtr(tm)
				}
			case "impression_pacing_interval":
				s.ImpressionPacingInterval = entity.PacingInterval(v)
			case "type":
				s.Type = entity.StrategyType(v)
			case "goal_type":
				s.GoalType = entity.GoalType(v)
			case "goal_value":
				s.GoalValue, money = adama.Money{}, &s.GoalValue
			case "budget":
				s.Budget, money = adama.Money{}, &s.Budget
			case "max_bid":
				s.MaxBid, money = adama.Money{}, &s.MaxBid
			case "pacing_amount":
				s.PacingAmount, money = adama.Money{}, &s.PacingAmount
			}
		}
	}
}

// BenchmarkDecodePageXMLRawPaired is DecodePageXML against the raw-token
// hand-written decoder in every round: the ratio against the fastest
// standard-library decoder of this page, for reference beside the paired
// benchmark of bench_test.go.
func BenchmarkDecodePageXMLRawPaired(b *testing.B) {
	raw := pageBytes(b, "application/xml")
	benchpair.Run(b, len(raw), func() {
		if p, err := entity.DecodeXMLPage[entity.Strategy](bytes.NewReader(raw)); err != nil || len(p.Items) != 100 {
			b.Fatal(err)
		}
	}, func() {
		if items, err := rawHandDecodeStrategies(raw); err != nil || len(items) != 100 {
			b.Fatal(err)
		}
	})
}
