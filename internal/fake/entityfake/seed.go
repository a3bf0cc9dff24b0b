package entityfake

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

var verticalNames = []string{
	"Automotive", "Business and Finance", "Careers", "Education", "Events and Attractions",
	"Family and Relationships", "Fine Art", "Food and Drink", "Healthy Living", "Hobbies and Interests",
	"Home and Garden", "Medical Health", "Movies", "Music and Audio", "News and Politics",
	"Personal Finance", "Pets", "Pop Culture", "Real Estate", "Religion and Spirituality",
	"Science", "Shopping", "Sports", "Style and Fashion", "Technology and Computing",
	"Television", "Travel", "Video Gaming", "Telecommunications", "Retail",
	"Consumer Packaged Goods", "Pharmaceuticals", "Government", "Non-profit",
}

// seedDefaults loads the realistic starting data: organizations, agencies,
// verticals 1-34, ad servers, contacts, a user, vendors, supply sources,
// a publisher and its site, a target dimension with values, and audience
// segments.
func (s *Store) seedDefaults() {
	ins := func(c string, r Record) { _, _ = s.Insert(c, r) }
	ins("organizations", Record{"name": "Acme Media Holdings", "status": true, "currency_code": "USD", "city": "New York", "country": "US", "org_type": []any{"buyer"}})
	ins("organizations", Record{"name": "Globex Advertising", "status": true, "currency_code": "EUR", "city": "Berlin", "country": "DE", "org_type": []any{"buyer"}})
	ins("organizations", Record{"name": "Initech Digital", "status": false, "currency_code": "GBP", "city": "London", "country": "GB", "org_type": []any{"buyer"}})
	ins("agencies", Record{"name": "Acme Direct", "organization_id": int64(1), "status": true, "dmp_enabled": "inherits", "ads_txt_verified": "AUTHORIZED_ONLY", "allow_x_adv_optimization": false, "allow_x_adv_pixels": false})
	ins("agencies", Record{"name": "Globex Performance", "organization_id": int64(2), "status": true, "dmp_enabled": "enabled", "ads_txt_verified": "ANY", "allow_x_adv_optimization": true, "allow_x_adv_pixels": false})
	for i, n := range verticalNames {
		ins("verticals", Record{"id": int64(i + 1), "name": n})
	}
	for i, n := range []string{"Platform ad server", "Other", "Ad server A", "Ad server B", "Ad server C", "Ad server D", "Ad server E", "Ad server F", "Ad server G", "Ad server H"} {
		ins("ad_servers", Record{"id": int64(i + 1), "name": n})
	}
	ins("contacts", Record{"name": "Billing Desk", "first_name": "Bill", "last_name": "Ing", "email": "billing@example.com"})
	ins("contacts", Record{"name": "Sales Desk", "first_name": "Sal", "last_name": "Es", "email": "sales@example.com"})
	ins("users", Record{"name": "test.user", "username": "test.user", "first_name": "Test", "last_name": "User", "active": true, "role": "ADMIN", "scope": "GLOBAL", "type": "INTERNAL"})
	for i, n := range []string{"Verification vendor", "Data vendor", "Brand safety vendor"} {
		ins("vendors", Record{"id": int64(i + 1), "name": n})
	}
	for i, n := range []string{"Exchange one", "Exchange two", "Exchange three"} {
		ins("supply_sources", Record{"id": int64(i + 1), "name": n, "code": "EX" + strconv.Itoa(i+1), "status": true, "supply_type": "exchange", "rtb_type": "STANDARD", "rtb_enabled": true, "pmp_enabled": true})
	}
	ins("publishers", Record{"name": "Example Publisher", "organization_id": int64(1), "status": true})
	ins("publisher_sites", Record{"name": "news.example", "publisher_id": int64(1), "status": true})
	ins("target_dimensions", Record{"name": "Country", "code": "REGN"})
	for i, n := range []string{"United States", "Germany"} {
		ins("target_values", Record{"name": n, "target_dimension_id": int64(1), "value": int64(i + 1), "code": []string{"US", "DE"}[i], "is_targetable": true})
	}
	for i, n := range []string{"In-market - Autos", "In-market - Travel", "Demographic - 25-34", "Interest - Sports", "Interest - Cooking"} {
		ins("audience_segments", Record{"name": n, "buyable": true, "child_count": int64(0), "audience_vendor_id": int64(2), "full_path": "Data vendor - " + n})
		_ = i
	}
}

// Generate adds n generated records to collection with their required
// fields filled, for benchmarks and paging tests.
func (s *Store) Generate(collection string, n int) {
	c := s.cols[collection]
	if c == nil {
		return
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := 1; i <= n; i++ {
		rec := Record{"name": fmt.Sprintf("%s %05d", c.entityType, i), "status": i%2 == 0}
		for _, f := range required[collection] {
			if _, ok := rec[f]; ok {
				continue
			}
			switch kindOf(f) {
			case kInt:
				switch f {
				case "width":
					rec[f] = int64(300)
				case "height":
					rec[f] = int64(250)
				case "vertical_id":
					rec[f] = int64(i%34 + 1)
				case "start_hour":
					rec[f] = int64(0)
				case "end_hour":
					rec[f] = int64(23)
				default:
					rec[f] = int64(1)
				}
			case kBool:
				rec[f] = false
			case kMoney:
				rec[f] = []any{map[string]any{"currency_code": "USD", "value": json.Number(fmt.Sprintf("%d.50", 1000+i))}}
			case kTime:
				d := start.AddDate(0, 0, i%300)
				if f == "end_date" {
					d = d.AddDate(0, 1, 0)
				}
				rec[f] = d.Format("2006-01-02T15:04:05-0700")
			default:
				if v, ok := generatedEnum[collection+"."+f]; ok {
					rec[f] = v
					continue
				}
				rec[f] = fmt.Sprintf("%s-%d", f, i)
			}
		}
		if collection == "advertisers" {
			rec["domain"] = fmt.Sprintf("https://brand%d.example.com", i)
		}
		for k, v := range defaults[collection] {
			if _, ok := rec[k]; !ok {
				rec[k] = v
			}
		}
		_, _ = s.insertLocked(collection, rec)
	}
}

// generatedEnum gives generated records a valid value for required enum
// fields.
var generatedEnum = map[string]string{
	"campaigns.goal_type": "spend", "campaigns.service_type": "SELF",
	"strategies.goal_type": "spend", "strategies.type": "GBO",
	"users.role": "REPORTER", "users.scope": "SELECT", "users.type": "AGENCY",
}
