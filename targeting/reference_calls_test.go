package targeting_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// idsOf reads the ids of the records of a reference body's data, so that a
// bulk call sends the records its answer names.
func idsOf(t *testing.T, op string) []int64 {
	t.Helper()
	var env struct {
		Data []struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	require.NoError(t, json.Unmarshal(readTestdata(t, filepath.Join("v3", "reference", op+".json")), &env))
	var ids []int64
	for _, d := range env.Data {
		ids = append(ids, d.ID)
	}
	return ids
}

// referenceCalls maps every described operation answering JSON to its
// public call. A new operation needs a line here.
func referenceCalls(t *testing.T) map[string]refCall {
	t.Helper()
	var plan targeting.CampaignPlan
	require.NoError(t, json.Unmarshal(refExample(t, "createCampaignPlan.request.Example.json"), &plan))
	var edit map[string]any
	require.NoError(t, json.Unmarshal(refExample(t, "updateCampaignPlan.request.Example.json"), &edit))
	edit["id"], edit["version"] = 1, 1
	b, err := json.Marshal(edit)
	require.NoError(t, err)
	var planEdit targeting.CampaignPlan
	require.NoError(t, json.Unmarshal(b, &planEdit))
	newPlan, forecastPlan := newPlanFromExample(t), newPlanFromExample(t)
	var planUpdate targeting.NewStrategyPlan
	require.NoError(t, json.Unmarshal(withMembers(readNewPlanBody(t, "create.json"), `{"id":1,"version":1}`), &planUpdate))
	template := func() *targeting.StrategyTemplate {
		tpl := &targeting.StrategyTemplate{OrganizationID: adama.Ptr(int64(1)), Name: "Prospecting", Description: "Prospecting defaults"}
		tpl.SetTemplateText("goal_type: cpa")
		return tpl
	}
	campaignBulk, conceptBulk, strategyBulk, creativeBulk, flightBulk, dbaBulk := []*targeting.Campaign{}, []*targeting.Concept{}, []*targeting.Strategy{}, []*targeting.AtomicCreative{}, []*targeting.BudgetFlight{}, []*targeting.CampaignDBA{}
	for _, id := range idsOf(t, "bulkUpdateCampaigns") {
		c := newCampaign()
		c.ID, c.Version = id, 1
		campaignBulk = append(campaignBulk, c)
	}
	for _, id := range idsOf(t, "bulkUpdateConcepts") {
		conceptBulk = append(conceptBulk, &targeting.Concept{ID: id, Version: 1, Name: "Autumn"})
	}
	for _, id := range idsOf(t, "bulkUpdateStrategies") {
		s := newStrategy()
		s.ID, s.Version = id, 1
		strategyBulk = append(strategyBulk, s)
	}
	for _, id := range idsOf(t, "bulkUpdateAtomicCreatives") {
		creativeBulk = append(creativeBulk, &targeting.AtomicCreative{ID: id, Version: 1, AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250})
	}
	for _, id := range idsOf(t, "bulkUpdateBudgetFlights") {
		flightBulk = append(flightBulk, &targeting.BudgetFlight{ID: id, TotalBudget: dec("1")})
	}
	for _, id := range idsOf(t, "updateCampaignDBA") {
		dbaBulk = append(dbaBulk, &targeting.CampaignDBA{ID: id, DynamicBudgetAllocationAvailable: at(3, 3)})
	}
	oneStrategyTargeting := newStrategyTargeting()
	oneStrategyTargeting.StrategyIDs = []int64{1} // the strategy the answer's rows name
	upload := func() *targeting.SiteListUpload {
		return &targeting.SiteListUpload{OrganizationID: 16, Name: "Blocked", Restriction: targeting.RestrictionExclude,
			File: strings.NewReader("a.example\n"), Size: 10, FileName: "blocked.csv"}
	}
	perms := func(level targeting.PermissionLevel) refCall {
		return func(ctx context.Context, c *targeting.Client) (any, error) {
			return items(c.Permissions.ForUser(ctx, 5, level, nil))
		}
	}
	entityPerms := func(level targeting.PermissionLevel) refCall {
		return func(ctx context.Context, c *targeting.Client) (any, error) {
			return items(c.Permissions.ForEntity(ctx, level, 10, nil))
		}
	}
	type C = context.Context
	type T = *targeting.Client
	return map[string]refCall{
		// Targeting attachments, targets, target paths.
		"listAttachments": func(ctx C, c T) (any, error) { return items(c.Attachments.List(ctx, nil)) },
		"createAttachment": func(ctx C, c T) (any, error) {
			return c.Attachments.Create(ctx, &targeting.Attachment{TargetID: 1, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr})
		},
		"getAttachment": func(ctx C, c T) (any, error) { return c.Attachments.Get(ctx, 1) },
		"updateAttachment": func(ctx C, c T) (any, error) {
			return c.Attachments.Update(ctx, &targeting.Attachment{ID: 1, Version: 1, TargetID: 1, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr})
		},
		"deleteAttachment":      func(ctx C, c T) (any, error) { return answered(c.Attachments.Delete(ctx, 1)) },
		"listAttachmentsLegacy": func(ctx C, c T) (any, error) { return items(c.Attachments.ListV3(ctx, nil)) },
		"createAttachmentLegacy": func(ctx C, c T) (any, error) {
			return c.Attachments.CreateV3(ctx, &targeting.Attachment{TargetID: 1, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr})
		},
		"getAttachmentLegacy": func(ctx C, c T) (any, error) { return c.Attachments.GetV3(ctx, 1) },
		"updateAttachmentLegacy": func(ctx C, c T) (any, error) {
			return c.Attachments.UpdateV3(ctx, &targeting.Attachment{ID: 1, Version: 1, TargetID: 1, StrategyID: 332, Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr})
		},
		"deleteAttachmentLegacy": func(ctx C, c T) (any, error) { return answered(c.Attachments.DeleteV3(ctx, 1)) },
		"listTargets":            func(ctx C, c T) (any, error) { return items(c.Targets.List(ctx, nil)) },
		"createTarget": func(ctx C, c T) (any, error) {
			return c.Targets.Create(ctx, &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
		},
		"getTarget": func(ctx C, c T) (any, error) { return c.Targets.Get(ctx, 1) },
		"updateTarget": func(ctx C, c T) (any, error) {
			return c.Targets.Update(ctx, &targeting.Target{ID: 1, Version: 1, Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
		},
		"deleteTarget":      func(ctx C, c T) (any, error) { return answered(c.Targets.Delete(ctx, 1)) },
		"listTargetsLegacy": func(ctx C, c T) (any, error) { return items(c.Targets.ListV3(ctx, nil)) },
		"createTargetLegacy": func(ctx C, c T) (any, error) {
			return c.Targets.CreateV3(ctx, &targeting.Target{Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
		},
		"getTargetLegacy": func(ctx C, c T) (any, error) { return c.Targets.GetV3(ctx, 1) },
		"updateTargetLegacy": func(ctx C, c T) (any, error) {
			return c.Targets.UpdateV3Post(ctx, &targeting.Target{ID: 1, Version: 1, Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
		},
		"putTargetLegacy": func(ctx C, c T) (any, error) {
			return c.Targets.UpdateV3(ctx, &targeting.Target{ID: 1, Version: 1, Name: "Bavaria", DimensionCode: targeting.DimensionRegion})
		},
		"deleteTargetLegacy": func(ctx C, c T) (any, error) { return answered(c.Targets.DeleteV3(ctx, 1)) },
		"listTargetPaths":    func(ctx C, c T) (any, error) { return items(c.TargetPaths.List(ctx, nil)) },
		"addStrategyTargeting": func(ctx C, c T) (any, error) {
			return targetingRows(c.StrategyTargeting.Add(ctx, oneStrategyTargeting))
		},

		// Advertisers, agencies, organizations, users.
		"listAdvertisers":  func(ctx C, c T) (any, error) { return items(c.Advertisers.List(ctx, nil)) },
		"createAdvertiser": func(ctx C, c T) (any, error) { return c.Advertisers.Create(ctx, newAdvertiser()) },
		"getAdvertiser":    func(ctx C, c T) (any, error) { return c.Advertisers.GetExtended(ctx, 1) },
		"updateAdvertiser": func(ctx C, c T) (any, error) {
			a := newAdvertiser()
			a.ID, a.Version = 1, 1
			return c.Advertisers.Update(ctx, a)
		},
		"getAdvertiserHistory":          func(ctx C, c T) (any, error) { return items(c.Advertisers.History(ctx, 1, nil)) },
		"auditLogAdvertisers":           func(ctx C, c T) (any, error) { return items(c.Advertisers.AuditLog(ctx, []int64{1}, nil)) },
		"listPixelTargetingAdvertisers": func(ctx C, c T) (any, error) { return items(c.Advertisers.ListPixelTargeting(ctx, 1, nil)) },
		"listAgencies":                  func(ctx C, c T) (any, error) { return items(c.Agencies.List(ctx, nil)) },
		"createAgency": func(ctx C, c T) (any, error) {
			return c.Agencies.Create(ctx, &targeting.Agency{Name: "Agency", OrganizationID: 1})
		},
		"getAgency": func(ctx C, c T) (any, error) { return c.Agencies.GetExtended(ctx, 1) },
		"updateAgency": func(ctx C, c T) (any, error) {
			return c.Agencies.Update(ctx, &targeting.Agency{ID: 1, Version: 1, Name: "Agency", OrganizationID: 1})
		},
		"getAgencyHistory":   func(ctx C, c T) (any, error) { return items(c.Agencies.History(ctx, 1, nil)) },
		"auditLogAgencies":   func(ctx C, c T) (any, error) { return items(c.Agencies.AuditLog(ctx, []int64{1}, nil)) },
		"listOrganizations":  func(ctx C, c T) (any, error) { return items(c.Organizations.List(ctx, nil)) },
		"createOrganization": func(ctx C, c T) (any, error) { return c.Organizations.Create(ctx, newOrganization()) },
		"getOrganization":    func(ctx C, c T) (any, error) { return c.Organizations.Get(ctx, 1) },
		"updateOrganization": func(ctx C, c T) (any, error) {
			o := newOrganization()
			o.ID, o.Version = 1, 1
			return c.Organizations.Update(ctx, o)
		},
		"getOrganizationHistory":  func(ctx C, c T) (any, error) { return items(c.Organizations.History(ctx, 1, nil)) },
		"auditLogOrganizations":   func(ctx C, c T) (any, error) { return items(c.Organizations.AuditLog(ctx, []int64{1}, nil)) },
		"getOrganizationSettings": func(ctx C, c T) (any, error) { return c.Organizations.Settings(ctx, 1) },
		"updateOrganizationSettings": func(ctx C, c T) (any, error) {
			return c.Organizations.UpdateSettings(ctx, 1, []targeting.OrganizationSetting{{Key: "a", Value: adama.Ptr("1")}})
		},
		"listUsers":       func(ctx C, c T) (any, error) { return items(c.Users.List(ctx, nil)) },
		"createUser":      func(ctx C, c T) (any, error) { return c.Users.Create(ctx, newUser()) },
		"getUser":         func(ctx C, c T) (any, error) { return c.Users.GetExtended(ctx, 1) },
		"updateUser":      func(ctx C, c T) (any, error) { u := newUser(); u.ID, u.Version = 1, 1; return c.Users.Update(ctx, u) },
		"getUserHistory":  func(ctx C, c T) (any, error) { return items(c.Users.History(ctx, 1, nil)) },
		"getUserSettings": func(ctx C, c T) (any, error) { return c.Users.Settings(ctx, 1) },
		"updateUserSettings": func(ctx C, c T) (any, error) {
			return c.Users.UpdateSettings(ctx, 1, []targeting.UserSetting{{Name: "a", Value: adama.Ptr("1")}})
		},

		// Permissions.
		"updateUserPermissions": func(ctx C, c T) (any, error) {
			return c.Permissions.Update(ctx, &targeting.UserPermissions{ID: 5, Permissions: &targeting.Grants{Organizations: []targeting.Grant{{ID: 10}}}})
		},
		"getUserPermissions": func(ctx C, c T) (any, error) { return c.Permissions.Get(ctx, 5, nil) },
		"checkUserPermissions": func(ctx C, c T) (any, error) {
			return c.Permissions.Check(ctx, 5, &targeting.PermissionCheck{Agencies: []int64{12}})
		},
		"getUserPermissionsV2": func(ctx C, c T) (any, error) { return c.Permissions.GetV2(ctx, 5) },
		"checkUserPermissionsV2": func(ctx C, c T) (any, error) {
			return c.Permissions.CheckV2(ctx, 5, &targeting.PermissionV2Check{Organizations: []int64{10}})
		},
		"listUserPermissionsOrganizations": perms(targeting.PermissionLevelOrganizations),
		"listUserPermissionsAgencies":      perms(targeting.PermissionLevelAgencies),
		"listUserPermissionsAdvertisers":   perms(targeting.PermissionLevelAdvertisers),
		"listUserPermissionsCampaigns":     perms(targeting.PermissionLevelCampaigns),
		"listUserPermissionsStrategies":    perms(targeting.PermissionLevelStrategies),
		"listOrganizationPermissions":      entityPerms(targeting.PermissionLevelOrganizations),
		"listAgencyPermissions":            entityPerms(targeting.PermissionLevelAgencies),
		"listAdvertiserPermissions":        entityPerms(targeting.PermissionLevelAdvertisers),
		"listCampaignUsers":                func(ctx C, c T) (any, error) { return items(c.Permissions.CampaignUsers(ctx, 71, nil)) },
		"listStrategyUsers":                func(ctx C, c T) (any, error) { return items(c.Permissions.StrategyUsers(ctx, 17, nil)) },

		// Campaigns, budget flights, concepts, contracts.
		"listCampaigns":  func(ctx C, c T) (any, error) { return items(c.Campaigns.List(ctx, nil)) },
		"createCampaign": func(ctx C, c T) (any, error) { return c.Campaigns.Create(ctx, newCampaign()) },
		"getCampaign":    func(ctx C, c T) (any, error) { return c.Campaigns.GetExtended(ctx, 1) },
		"updateCampaign": func(ctx C, c T) (any, error) {
			x := newCampaign()
			x.ID, x.Version = 1, 1
			return c.Campaigns.Update(ctx, x)
		},
		"getCampaignHistory": func(ctx C, c T) (any, error) { return items(c.Campaigns.History(ctx, 1, nil)) },
		"auditLogCampaigns":  func(ctx C, c T) (any, error) { return items(c.Campaigns.AuditLog(ctx, []int64{1}, nil)) },
		"copyCampaign": func(ctx C, c T) (any, error) {
			return c.Campaigns.Copy(ctx, 1, &targeting.CampaignCopy{Name: "Copy", Status: true})
		},
		"bulkUpdateCampaigns": func(ctx C, c T) (any, error) { return bulkRecords(c.Campaigns.BulkUpdate(ctx, campaignBulk)) },
		"updateCampaignDBA": func(ctx C, c T) (any, error) {
			return bulkRecords(c.Campaigns.UpdateDynamicBudgetAllocations(ctx, dbaBulk))
		},
		"updateCampaignDBALegacy": func(ctx C, c T) (any, error) {
			return c.Campaigns.UpdateDynamicBudgetAllocation(ctx, 1, &targeting.CampaignDBA{DynamicBudgetAllocationApplied: at(3, 2)}, true)
		}, //nolint:staticcheck // the legacy call is still served
		"listBudgetFlights":       func(ctx C, c T) (any, error) { return items(c.BudgetFlights.List(ctx, 1, nil)) },
		"getBudgetFlightHistory":  func(ctx C, c T) (any, error) { return items(c.BudgetFlights.History(ctx, 1, nil)) },
		"bulkUpdateBudgetFlights": func(ctx C, c T) (any, error) { return bulkRecords(c.BudgetFlights.BulkUpdate(ctx, flightBulk)) },
		"listConcepts":            func(ctx C, c T) (any, error) { return items(c.Concepts.List(ctx, nil)) },
		"createConcept": func(ctx C, c T) (any, error) {
			return c.Concepts.Create(ctx, &targeting.Concept{Name: "Autumn", AdvertiserID: 76})
		},
		"getConcept": func(ctx C, c T) (any, error) { return c.Concepts.Get(ctx, 1) },
		"updateConcept": func(ctx C, c T) (any, error) {
			return c.Concepts.Update(ctx, &targeting.Concept{ID: 1, Version: 1, Name: "Autumn", AdvertiserID: 76})
		},
		"getConceptHistory":  func(ctx C, c T) (any, error) { return items(c.Concepts.History(ctx, 1, nil)) },
		"bulkUpdateConcepts": func(ctx C, c T) (any, error) { return bulkRecords(c.Concepts.BulkUpdate(ctx, conceptBulk)) },
		"listContracts":      func(ctx C, c T) (any, error) { return items(c.Contracts.List(ctx, nil)) },
		"createContract":     func(ctx C, c T) (any, error) { return c.Contracts.Create(ctx, newContract()) },
		"getContract":        func(ctx C, c T) (any, error) { return c.Contracts.Get(ctx, 1) },
		"updateContract": func(ctx C, c T) (any, error) {
			x := newContract()
			x.ID, x.Version = 1, 1
			return c.Contracts.Update(ctx, x)
		},
		"getContractHistory": func(ctx C, c T) (any, error) { return items(c.Contracts.History(ctx, 1, nil)) },

		// Strategies and their parameters.
		"listStrategies": func(ctx C, c T) (any, error) { return items(c.Strategies.List(ctx, nil)) },
		"createStrategy": func(ctx C, c T) (any, error) { return c.Strategies.Create(ctx, newStrategy()) },
		"getStrategy":    func(ctx C, c T) (any, error) { return c.Strategies.GetExtended(ctx, 1) },
		"updateStrategy": func(ctx C, c T) (any, error) {
			s := newStrategy()
			s.ID, s.Version = 1, 1
			return c.Strategies.Update(ctx, s)
		},
		"copyStrategy":                   func(ctx C, c T) (any, error) { return c.Strategies.Copy(ctx, 1, &targeting.StrategyCopy{Name: "Copy"}) },
		"getStrategyHealthcheck":         func(ctx C, c T) (any, error) { return c.Strategies.Healthcheck(ctx, 1) },
		"getStrategyFriendlyNames":       func(ctx C, c T) (any, error) { return c.Strategies.FriendlyNames(ctx, 1) },
		"getStrategyForecastQuery":       func(ctx C, c T) (any, error) { return c.Strategies.ForecastQuery(ctx, 1) },
		"getStrategyTargetingExpression": func(ctx C, c T) (any, error) { return c.Strategies.TargetingExpression(ctx, 1, true) },
		"getStrategyHistory":             func(ctx C, c T) (any, error) { return items(c.Strategies.History(ctx, 1, nil)) },
		"listStrategiesHistory":          func(ctx C, c T) (any, error) { return items(c.Strategies.AuditLog(ctx, []int64{1}, nil)) },
		"bulkUpdateStrategies":           func(ctx C, c T) (any, error) { return strategyRecords(c.Strategies.BulkUpdate(ctx, strategyBulk)) },
		"listStrategyDeals":              func(ctx C, c T) (any, error) { return items(c.StrategyDeals.List(ctx, nil)) },
		"listStrategyDayParts":           func(ctx C, c T) (any, error) { return items(c.StrategyDayParts.List(ctx, nil)) },
		"listStrategyGroups":             func(ctx C, c T) (any, error) { return items(c.StrategyGroups.List(ctx, nil)) },
		"listStrategyIPAddresses":        func(ctx C, c T) (any, error) { return items(c.StrategyIPAddresses.List(ctx, nil)) },
		"listStrategyConcepts":           func(ctx C, c T) (any, error) { return items(c.StrategyConcepts.List(ctx, nil)) },
		"listStrategyTargetValues":       func(ctx C, c T) (any, error) { return items(c.StrategyTargetValues.List(ctx, nil)) },
		"listStrategyPostalCodes":        func(ctx C, c T) (any, error) { return items(c.StrategyPostalCodes.List(ctx, nil)) },
		"listStrategyTemplates":          func(ctx C, c T) (any, error) { return items(c.StrategyTemplates.List(ctx, nil)) },
		"createStrategyTemplate":         func(ctx C, c T) (any, error) { return c.StrategyTemplates.Create(ctx, template()) },
		"getStrategyTemplate":            func(ctx C, c T) (any, error) { return c.StrategyTemplates.Get(ctx, 1) },
		"updateStrategyTemplate":         func(ctx C, c T) (any, error) { x := template(); x.ID = 1; return c.StrategyTemplates.Update(ctx, x) },
		"deleteStrategyTemplate":         func(ctx C, c T) (any, error) { return answered(c.StrategyTemplates.Delete(ctx, 1)) },
		"listNewStrategyGroups": func(ctx C, c T) (any, error) {
			return items(c.NewStrategyGroups.List(ctx, &targeting.NewStrategyGroupListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("campaign_id", qlang.Eq, 100)}}))
		},
		"createNewStrategyGroup": func(ctx C, c T) (any, error) {
			return c.NewStrategyGroups.Create(ctx, &targeting.NewStrategyGroup{CampaignID: 100, Name: "Prospecting", SpendCapType: targeting.NewStrategyGroupCapTypeNoLimit})
		},
		"getNewStrategyGroup": func(ctx C, c T) (any, error) { return c.NewStrategyGroups.GetWithStrategies(ctx, 1) },
		"updateNewStrategyGroup": func(ctx C, c T) (any, error) {
			return c.NewStrategyGroups.Update(ctx, &targeting.NewStrategyGroup{ID: 1, Version: 1, CampaignID: 100, Name: "Prospecting", SpendCapType: targeting.NewStrategyGroupCapTypeNoLimit})
		},
		"deleteNewStrategyGroup":          func(ctx C, c T) (any, error) { return answered(c.NewStrategyGroups.Delete(ctx, 1)) },
		"getNewStrategyGroupHistory":      func(ctx C, c T) (any, error) { return items(c.NewStrategyGroups.History(ctx, 1, nil)) },
		"listNewStrategyPlans":            func(ctx C, c T) (any, error) { return items(c.NewStrategyPlans.List(ctx, nil)) },
		"createNewStrategyPlan":           func(ctx C, c T) (any, error) { return c.NewStrategyPlans.Create(ctx, newPlan) },
		"forecastNewStrategyPlan":         func(ctx C, c T) (any, error) { return c.NewStrategyPlans.Forecast(ctx, forecastPlan) },
		"getNewStrategyPlan":              func(ctx C, c T) (any, error) { return c.NewStrategyPlans.GetExtended(ctx, 1) },
		"updateNewStrategyPlan":           func(ctx C, c T) (any, error) { return c.NewStrategyPlans.Update(ctx, &planUpdate) },
		"deleteNewStrategyPlan":           func(ctx C, c T) (any, error) { return answered(c.NewStrategyPlans.Delete(ctx, 1)) },
		"runNewStrategyPlanForecast":      func(ctx C, c T) (any, error) { return c.NewStrategyPlans.RunForecast(ctx, 1) },
		"listNewStrategyPlanTargetValues": func(ctx C, c T) (any, error) { return items(c.NewStrategyPlanTargetValues.List(ctx, nil)) },
		"listCampaignPlans":               func(ctx C, c T) (any, error) { return items(c.CampaignPlans.List(ctx, nil)) },
		"createCampaignPlan":              func(ctx C, c T) (any, error) { p := plan; return c.CampaignPlans.Create(ctx, &p) },
		"getCampaignPlan":                 func(ctx C, c T) (any, error) { return c.CampaignPlans.Get(ctx, 1) },
		"updateCampaignPlan":              func(ctx C, c T) (any, error) { p := planEdit; return c.CampaignPlans.Update(ctx, &p) },

		// Audiences and contextual segments.
		"listSegmentGroups":           func(ctx C, c T) (any, error) { return items(c.SegmentGroups.List(ctx, nil)) },
		"createSegmentGroup":          func(ctx C, c T) (any, error) { return c.SegmentGroups.Create(ctx, newSegmentGroup()) },
		"getSegmentGroup":             func(ctx C, c T) (any, error) { return c.SegmentGroups.Get(ctx, 1, nil) },
		"updateSegmentGroup":          func(ctx C, c T) (any, error) { g := newSegmentGroup(); g.ID = 1; return c.SegmentGroups.Update(ctx, g) },
		"getSegmentGroupHistory":      func(ctx C, c T) (any, error) { return items(c.SegmentGroups.History(ctx, 1, nil)) },
		"listSegmentGroupAssignments": func(ctx C, c T) (any, error) { return items(c.SegmentGroups.Assignments(ctx, 1, nil)) },
		"listAudienceVendors":         func(ctx C, c T) (any, error) { return items(c.AudienceVendors.List(ctx, nil)) },
		"createAudienceVendor": func(ctx C, c T) (any, error) {
			return c.AudienceVendors.Create(ctx, &targeting.AudienceVendor{Name: "Data Co", NamespaceCode: "dataco", BidderCode: "dc", VendorID: 24})
		},
		"getAudienceVendor": func(ctx C, c T) (any, error) { return c.AudienceVendors.Get(ctx, 1) },
		"updateAudienceVendor": func(ctx C, c T) (any, error) {
			return c.AudienceVendors.Update(ctx, &targeting.AudienceVendor{ID: 1, Version: 1, Name: "Data Co", NamespaceCode: "dataco", BidderCode: "dc", VendorID: 24})
		},
		"listPathAudienceSegments": func(ctx C, c T) (any, error) {
			return items(c.AudienceSegments.List(ctx, &targeting.AudienceSegmentListOptions{ListOptions: targeting.ListOptions{Q: qlang.Where("name", qlang.Like, "N*")}}))
		},
		"listFrequentlyUsedAudienceSegments": func(ctx C, c T) (any, error) {
			return items(c.AudienceSegments.FrequentlyUsed(ctx, &targeting.AudienceFrequentlyUsedOptions{AdvertiserID: 5}))
		},
		"estimateAudienceSegmentsCPM": func(ctx C, c T) (any, error) {
			return c.AudienceSegments.EstimateCPM(ctx, &targeting.AudienceCPMRequest{CurrencyCode: "USD", Include: []targeting.AudienceSegmentsGroup{{Operator: targeting.SegmentOperatorAnd, Segments: []targeting.AudienceSegmentPrice{{AudienceSegmentID: 11}}}}})
		},
		"listContextualSegments": func(ctx C, c T) (any, error) { return items(c.ContextualSegments.List(ctx, nil)) },
		"listFrequentlyUsedTargetingSegments": func(ctx C, c T) (any, error) {
			return items(c.ContextualSegments.FrequentlyUsed(ctx, &targeting.ContextualFrequentlyUsedOptions{AdvertiserID: 5}))
		},
		"estimateContextualSegmentsCPM": func(ctx C, c T) (any, error) {
			return c.ContextualSegments.EstimateCPM(ctx, &targeting.ContextualCPMRequest{CurrencyCode: "USD", Include: []targeting.ContextualSegmentsGroup{{Code: "c1", Operator: targeting.SegmentOperatorOr, Segments: []targeting.ContextualSegmentPrice{{TargetingSegmentID: 5678}}}}})
		},
		"listTargetingSegments":          func(ctx C, c T) (any, error) { return items(c.TargetingSegments.List(ctx, nil)) },
		"listTargetingSegmentObjectives": func(ctx C, c T) (any, error) { return items(c.TargetingSegmentObjectives.List(ctx, nil)) },
		"getTargetingSegmentObjective":   func(ctx C, c T) (any, error) { return c.TargetingSegmentObjectives.Get(ctx, 1) },
		"listTechnologyTargetValues": func(ctx C, c T) (any, error) {
			return items(c.TechnologyTargetValues.List(ctx, &targeting.TechnologyTargetValueListOptions{Dimensions: []targeting.Dimension{targeting.DimensionBrowser}}))
		},
		"listEntityGroups": func(ctx C, c T) (any, error) { return items(c.EntityGroups.List(ctx, nil)) },
		"getEntityGroup":   func(ctx C, c T) (any, error) { return c.EntityGroups.Get(ctx, 1) },
		"listEntityGroupControls": func(ctx C, c T) (any, error) {
			return items(c.EntityGroups.Controls(ctx, 1, targeting.ControlEntityTypeCampaigns, nil))
		},
		"getEntityGroupHistory": func(ctx C, c T) (any, error) { return items(c.EntityGroups.History(ctx, 1, nil)) },

		// Creatives, pixel bundles, marketplaces, site lists.
		"listAtomicCreatives": func(ctx C, c T) (any, error) { return items(c.AtomicCreatives.List(ctx, nil)) },
		"createAtomicCreative": func(ctx C, c T) (any, error) {
			return c.AtomicCreatives.Create(ctx, &targeting.AtomicCreative{AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250})
		},
		"getAtomicCreative": func(ctx C, c T) (any, error) { return c.AtomicCreatives.GetExtended(ctx, 1) },
		"updateAtomicCreative": func(ctx C, c T) (any, error) {
			return c.AtomicCreatives.Update(ctx, &targeting.AtomicCreative{ID: 1, Version: 1, AdvertiserID: 125, Name: "Banner", Width: 300, Height: 250})
		},
		"getAtomicCreativeHistory":   func(ctx C, c T) (any, error) { return items(c.AtomicCreatives.History(ctx, 1, nil)) },
		"bulkUpdateAtomicCreatives":  func(ctx C, c T) (any, error) { return creativeRecords(c.AtomicCreatives.BulkUpdate(ctx, creativeBulk)) },
		"atomicCreativesHealthcheck": func(ctx C, c T) (any, error) { return c.AtomicCreatives.Healthcheck(ctx, []int64{1}) },
		"previewCreativeAssets":      func(ctx C, c T) (any, error) { return c.AtomicCreatives.Draft(ctx, creativeUpload(1)) },
		"uploadCreativeAssets":       func(ctx C, c T) (any, error) { return c.AtomicCreatives.Upload(ctx, creativeUpload(1)) },
		"listPixelBundles":           func(ctx C, c T) (any, error) { return items(c.PixelBundles.List(ctx, nil)) },
		"createPixelBundle": func(ctx C, c T) (any, error) {
			return c.PixelBundles.Create(ctx, &targeting.PixelBundle{Name: "Checkout", PixelType: targeting.PixelBundlePixelTypeEvent, TagType: targeting.PixelBundleTagTypeJS, AdvertiserID: adama.Ptr(int64(125))})
		},
		"getPixelBundle": func(ctx C, c T) (any, error) { return c.PixelBundles.Get(ctx, 1) },
		"updatePixelBundle": func(ctx C, c T) (any, error) {
			return c.PixelBundles.Update(ctx, &targeting.PixelBundle{ID: 1, Version: 1, Name: "Checkout", PixelType: targeting.PixelBundlePixelTypeEvent, TagType: targeting.PixelBundleTagTypeJS, AdvertiserID: adama.Ptr(int64(125))})
		},
		"getPixelBundleHistory": func(ctx C, c T) (any, error) { return items(c.PixelBundles.History(ctx, 1, nil)) },
		"listMarketplaces":      func(ctx C, c T) (any, error) { return items(c.Marketplaces.List(ctx, nil)) },
		"createMarketplace": func(ctx C, c T) (any, error) {
			return c.Marketplaces.Create(ctx, &targeting.Marketplace{Name: "Open exchange", StrategyID: 5, Code: "OX"})
		},
		"getMarketplace": func(ctx C, c T) (any, error) { return c.Marketplaces.Get(ctx, 1) },
		"updateMarketplace": func(ctx C, c T) (any, error) {
			return c.Marketplaces.Update(ctx, &targeting.Marketplace{ID: 1, Version: 1, Name: "Open exchange", StrategyID: 5, Code: "OX"})
		},
		"listSiteLists":  func(ctx C, c T) (any, error) { return items(c.SiteLists.List(ctx, nil)) },
		"getSiteList":    func(ctx C, c T) (any, error) { return c.SiteLists.Get(ctx, 1) },
		"uploadSiteList": func(ctx C, c T) (any, error) { return c.SiteLists.Upload(ctx, upload()) },
		"reuploadSiteList": func(ctx C, c T) (any, error) {
			return c.SiteLists.Reupload(ctx, 1, &targeting.SiteListUpload{Version: 1, File: strings.NewReader("c.example\n"), Size: 10})
		},
		"listSiteListAssignments": func(ctx C, c T) (any, error) { return items(c.SiteLists.Assignments(ctx, 1, nil)) },
		"getCreativeTag":          func(ctx C, c T) (any, error) { return c.CreativeTags.Get(ctx, 1) },

		// Lookups and general.
		"listVerticals":       func(ctx C, c T) (any, error) { return items(c.Verticals.List(ctx, nil)) },
		"listAdServers":       func(ctx C, c T) (any, error) { return items(c.AdServers.List(ctx, nil)) },
		"listCurrencyRates":   func(ctx C, c T) (any, error) { return items(c.CurrencyRates.List(ctx, nil)) },
		"listTimezones":       func(ctx C, c T) (any, error) { return items(c.Timezones.List(ctx, nil)) },
		"listVendors":         func(ctx C, c T) (any, error) { return items(c.Vendors.List(ctx, nil)) },
		"getVendor":           func(ctx C, c T) (any, error) { return c.Vendors.Get(ctx, 1) },
		"listSupplySources":   func(ctx C, c T) (any, error) { return items(c.SupplySources.List(ctx, nil)) },
		"getSupplySource":     func(ctx C, c T) (any, error) { return c.SupplySources.Get(ctx, 1) },
		"listPixelProviders":  func(ctx C, c T) (any, error) { return items(c.PixelProviders.List(ctx, nil)) },
		"listVendorContracts": func(ctx C, c T) (any, error) { return items(c.VendorContracts.List(ctx, nil)) },
		"listRoles":           func(ctx C, c T) (any, error) { return items(c.Roles.List(ctx, nil)) },
		"listTargetValues":    func(ctx C, c T) (any, error) { return items(c.TargetValues.List(ctx, nil)) },
		"searchEntities":      func(ctx C, c T) (any, error) { return c.Search.Entities(ctx, &targeting.SearchOptions{Name: "o"}) },
		"healthcheck":         func(ctx C, c T) (any, error) { return c.Health.Check(ctx) },
	}
}

// targetingRows is the answer a strategy targeting call split among its
// strategies, joined again: every item's location rows, and what the
// answer held beside them.
func targetingRows(r *targeting.BulkResult[targeting.StrategyTargetingView], err error) (any, error) {
	if r == nil {
		return nil, err
	}
	v := &targeting.StrategyTargetingView{}
	for _, it := range r.Items {
		if it.Err != nil {
			return nil, it.Err
		}
		v.Location = append(v.Location, it.Record.Location...)
		v.Extra = it.Record.Extra
	}
	return v, err
}

// strategyRecords is the strategies a bulk update's items carry.
func strategyRecords(r *targeting.StrategyBulkResult, err error) (any, error) {
	if r == nil {
		return nil, err
	}
	out := []*targeting.Strategy{}
	for _, it := range r.Items {
		out = append(out, it.Strategy)
	}
	return out, err
}

// creativeRecords is the creatives a bulk update's items carry.
func creativeRecords(r *targeting.AtomicCreativeBulkResult, err error) (any, error) {
	if r == nil {
		return nil, err
	}
	out := []*targeting.AtomicCreative{}
	for _, it := range r.Items {
		out = append(out, it.AtomicCreative)
	}
	return out, err
}

// requestCalls send a reference example of a request body through the
// public call of its operation.
var requestCalls = map[string]func(ctx context.Context, c *targeting.Client, example []byte) (any, error){
	"createCampaignPlan": func(ctx context.Context, c *targeting.Client, ex []byte) (any, error) {
		var p targeting.CampaignPlan
		if err := json.Unmarshal(ex, &p); err != nil {
			return nil, err
		}
		return c.CampaignPlans.Create(ctx, &p)
	},
	"updateCampaignPlan": func(ctx context.Context, c *targeting.Client, ex []byte) (any, error) {
		var p targeting.CampaignPlan
		if err := json.Unmarshal(withMembers(ex, `{"id":1,"version":1}`), &p); err != nil {
			return nil, err
		}
		return c.CampaignPlans.Update(ctx, &p)
	},
	"createStrategyTemplate": func(ctx context.Context, c *targeting.Client, ex []byte) (any, error) {
		var x targeting.StrategyTemplate
		if err := json.Unmarshal(ex, &x); err != nil {
			return nil, err
		}
		return c.StrategyTemplates.Create(ctx, &x)
	},
	"updateStrategyTemplate": func(ctx context.Context, c *targeting.Client, ex []byte) (any, error) {
		var x targeting.StrategyTemplate
		if err := json.Unmarshal(withMembers(ex, `{"id":1}`), &x); err != nil {
			return nil, err
		}
		return c.StrategyTemplates.Update(ctx, &x)
	},
	"previewCreativeAssets": func(ctx context.Context, c *targeting.Client, ex []byte) (any, error) {
		u, err := uploadOf(ex)
		if err != nil {
			return nil, err
		}
		return c.AtomicCreatives.Draft(ctx, u)
	},
	"uploadCreativeAssets": func(ctx context.Context, c *targeting.Client, ex []byte) (any, error) {
		u, err := uploadOf(ex)
		if err != nil {
			return nil, err
		}
		return c.AtomicCreatives.Upload(ctx, u)
	},
}

// queryCalls send a reference example of a query parameter through the
// public call of its operation, which must send it as it is.
var queryCalls = map[string]func(ctx context.Context, c *targeting.Client, params map[string]string) (any, error){
	"atomicCreativesHealthcheck": func(ctx context.Context, c *targeting.Client, params map[string]string) (any, error) {
		var ids []int64
		for _, d := range regexp.MustCompile(`[0-9]+`).FindAllString(params["q"], -1) {
			id, err := strconv.ParseInt(d, 10, 64)
			if err != nil {
				return nil, err
			}
			ids = append(ids, id)
		}
		return c.AtomicCreatives.Healthcheck(ctx, ids)
	},
}

// withMembers adds the members of the object add to the object b.
func withMembers(b []byte, add string) []byte {
	var m, a map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil || json.Unmarshal([]byte(add), &a) != nil {
		return b
	}
	maps.Copy(m, a)
	out, _ := json.Marshal(m)
	return out
}

// creativeFormExample is a reference example of a creative draft or upload: the
// files' names and the metadata part.
type creativeFormExample struct {
	Filename []string        `json:"filename"`
	Metadata json.RawMessage `json:"metadata"`
}

// uploadOf is the upload a creative form example describes, each file
// holding a few bytes.
func uploadOf(ex []byte) (*targeting.CreativeUpload, error) {
	var f creativeFormExample
	if err := json.Unmarshal(ex, &f); err != nil {
		return nil, err
	}
	u := &targeting.CreativeUpload{}
	if err := json.Unmarshal(f.Metadata, &u.Metadata); err != nil {
		return nil, err
	}
	for _, name := range f.Filename {
		u.Files = append(u.Files, targeting.CreativeFile{Name: name, File: strings.NewReader("DATA"), Size: 4})
	}
	return u, nil
}

// mediaTypeRows are the reference's own examples of request and answer
// bodies (testdata/v3/reference/examples, OPERATION.request.NAME.json and
// OPERATION.STATUS.NAME.json) and parameters
// (OPERATION.query.PARAMETER-NAME.json). A request or parameter is answered with the operation's
// assembled answer; an error answer must come back as an *adama.Error
// holding the platform's message.
func mediaTypeRows(t *testing.T, calls map[string]refCall, status map[string]int) []*refRow {
	t.Helper()
	dir := filepath.Join("testdata", "v3", "reference", "examples")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var rows []*refRow
	for _, e := range entries {
		parts := strings.Split(strings.TrimSuffix(e.Name(), ".json"), ".")
		require.Len(t, parts, 3, e.Name())
		op, kind := parts[0], parts[1]
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		row := &refRow{name: "example/" + strings.Join(parts, "/"), op: op}
		switch kind {
		case "request":
			send, ok := requestCalls[op]
			require.True(t, ok, "%s: a request example of an operation requestCalls does not name", e.Name())
			row.status, row.body, row.sent = status[op], readTestdata(t, filepath.Join("v3", "reference", op+".json")), b
			row.call = func(ctx context.Context, c *targeting.Client) (any, error) { return send(ctx, c, b) }
			row.multipart = op == "previewCreativeAssets" || op == "uploadCreativeAssets"
		case "query":
			send, ok := queryCalls[op]
			require.True(t, ok, "%s: a parameter example of an operation queryCalls does not name", e.Name())
			require.NoError(t, json.Unmarshal(b, &row.params), e.Name())
			row.status, row.body = status[op], readTestdata(t, filepath.Join("v3", "reference", op+".json"))
			row.call = func(ctx context.Context, c *targeting.Client) (any, error) { return send(ctx, c, row.params) }
		default:
			row.body, row.call = b, calls[op]
			_, err := fmt.Sscan(kind, &row.status)
			require.NoError(t, err, e.Name())
			require.NotNil(t, row.call, "%s: an answer example of an operation without a row", e.Name())
		}
		rows = append(rows, row)
	}
	return rows
}
