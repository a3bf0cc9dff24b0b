package entity

import (
	"time"

	"github.com/adamasdk/adama-go/adama"
)

var (
	day1 = adama.TimePtr(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	day2 = adama.TimePtr(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC))
)

// Test helpers filling the create requirements of the reference schemas
// that a test does not care about; set fields are kept.

func fullCampaign(c *Campaign) *Campaign {
	if c.AdServerID == nil {
		c.AdServerID = adama.Ptr[int64](1)
	}
	if c.StartDate == nil {
		c.StartDate = day1
	}
	if c.EndDate == nil {
		c.EndDate = day2
	}
	if c.GoalType == "" {
		c.GoalType = GoalTypeSpend
	}
	if len(c.GoalValue) == 0 {
		c.GoalValue = adama.MustMoney(c.CurrencyCode, "1")
	}
	if c.ServiceType == "" {
		c.ServiceType = ServiceTypeSelf
	}
	if len(c.TotalBudget) == 0 {
		c.TotalBudget = adama.MustMoney(c.CurrencyCode, "1000")
	}
	if c.UseSvcFreq == nil {
		c.UseSvcFreq = adama.BoolPtr(false)
	}
	return c
}

func fullStrategy(s *Strategy) *Strategy {
	if s.GoalType == "" {
		s.GoalType = GoalTypeSpend
	}
	if len(s.GoalValue) == 0 {
		s.GoalValue = adama.MustMoney("", "1")
	}
	if len(s.Budget) == 0 {
		s.Budget = adama.MustMoney("", "100")
	}
	if len(s.MaxBid) == 0 {
		s.MaxBid = adama.MustMoney("", "5")
	}
	if len(s.PacingAmount) == 0 {
		s.PacingAmount = adama.MustMoney("", "10")
	}
	if s.Type == "" {
		s.Type = StrategyTypeGBO
	}
	return s
}

func fullOrganization(o *Organization) *Organization {
	for _, f := range []struct {
		p *string
		v string
	}{{&o.Address1, "1 Main St"}, {&o.City, "Paris"}, {&o.State, "IDF"}, {&o.Zip, "75001"}, {&o.Phone, "+33 1"}, {&o.ContactName, "Ann"}, {&o.SvcContactName, "Bob"}} {
		if *f.p == "" {
			*f.p = f.v
		}
	}
	return o
}

func fullUser(u *User) *User {
	for _, f := range []struct {
		p *string
		v string
	}{{&u.FirstName, "Ann"}, {&u.LastName, "Lee"}, {&u.Title, "Trader"}} {
		if *f.p == "" {
			*f.p = f.v
		}
	}
	if u.Role == "" {
		u.Role = UserRoleReporter
	}
	if u.Scope == "" {
		u.Scope = UserScopeSelect
	}
	if u.Type == "" {
		u.Type = UserTypeAgency
	}
	return u
}
