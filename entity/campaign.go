package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (c *Campaign) check(v *valid.Validator, create bool) {
	if create {
		// Required by the reference schema campaign (its use_mm_freq is
		// use_svc_freq here), and name.
		v.Require("name", c.Name != "")
		v.Require("advertiser_id", c.AdvertiserID != 0)
		v.Require("ad_server_id", c.AdServerID != nil)
		v.Require("start_date", c.StartDate != nil && !c.StartDate.IsZero())
		v.Require("end_date", c.EndDate != nil && !c.EndDate.IsZero())
		v.Require("goal_type", c.GoalType != "")
		v.Require("goal_value", len(c.GoalValue) > 0)
		v.Require("service_type", c.ServiceType != "")
		v.Require("total_budget", len(c.TotalBudget) > 0)
		v.Require("use_svc_freq", c.UseSvcFreq != nil)
	}
	if c.ConversionVariableMinutes != nil {
		v.Check(*c.ConversionVariableMinutes >= 0, "conversion_variable_minutes", "must be >= 0", *c.ConversionVariableMinutes)
	}
	checkUnsentBrainSelections(v, c.CustomBrainSelections)
	checkCurrency(v, "currency_code", c.CurrencyCode)
	v.MaxLen("zone_name", c.ZoneName, MaxZoneNameLen)
	checkEnum(v, "goal_category", c.GoalCategory)
	checkEnum(v, "service_type", c.ServiceType)
	checkEnum(v, "conversion_type", c.ConversionType)
	checkFrequency(v, c.FrequencyType, c.FrequencyInterval, c.FrequencyAmount)
	if c.StartDate != nil && c.EndDate != nil && !c.StartDate.IsZero() && !c.EndDate.IsZero() {
		v.Check(!c.EndDate.Before(c.StartDate.Time), "end_date", "must not be before start_date", c.EndDate.String())
	}
}
