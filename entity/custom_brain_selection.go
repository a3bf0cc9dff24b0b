package entity

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	recordcodec "github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// campaignsV3Path is where the v3.0 interface serves a campaign with its
// custom brain selections: GET and POST /api/v3.0/campaigns/{id}
// (the Campaigns API v3.0 reference, operations
// get-campaign and update-campaign). The v2.0 campaign schema
// (the campaign entity schema) has no
// custom_brain_selections, and no reference documents a v2.0 path or form
// key for them, so they are read and written there.
const campaignsV3Path = "/api/v3.0/campaigns"

// MarshalJSON writes the selection with its Extra properties, so a record
// read and written back loses nothing.
func (s CustomBrainSelection) MarshalJSON() ([]byte, error) {
	type plain CustomBrainSelection
	return recordcodec.EncodeObject(plain(s), s.Extra)
}

// checkUnsentBrainSelections refuses a campaign that carries custom brain
// selections on a v2.0 create or update, which cannot send them. The
// violation's value is the selections as JSON, so Update refuses only a change
// the caller made (a list read from the server and left alone breaks the
// rule the same way before and after, and is not the caller's doing).
func checkUnsentBrainSelections(v *valid.Validator, sels []CustomBrainSelection) {
	if len(sels) == 0 {
		return
	}
	sig, err := json.Marshal(sels)
	if err != nil {
		sig = []byte(strconv.Itoa(len(sels)) + " selections")
	}
	v.Add("custom_brain_selections", "not sendable in the v2.0 form: use SetCampaignCustomBrainSelections", string(sig))
}

// BrainSelection is one item of the custom_brain_selections a campaign
// create or update sends. Shape from
// the Campaigns API v3.0 reference, schemas
// campaign_create and campaign_update: selection_id (int32) and
// selection_type (one of the SelectionType values).
type BrainSelection struct {
	SelectionID   int64         `json:"selection_id"`
	SelectionType SelectionType `json:"selection_type,omitempty"`
}

// ValidateBrainSelections checks the selections a campaign update sends:
// each selection_id a positive int32, each selection_type set and one of
// the SelectionType values, and no selection listed twice.
func ValidateBrainSelections(sels []BrainSelection) error {
	var v valid.Validator
	checkBrainSelections(&v, sels)
	return v.Err()
}

func checkBrainSelections(v *valid.Validator, sels []BrainSelection) {
	seen := map[BrainSelection]bool{}
	for i, s := range sels {
		p := "custom_brain_selections[" + itoa(i) + "]"
		v.Range(p+".selection_id", s.SelectionID, 1, math.MaxInt32)
		v.Require(p+".selection_type", s.SelectionType != "")
		checkEnum(v, p+".selection_type", s.SelectionType)
		v.Check(!seen[s], p, "listed twice", nil)
		seen[s] = true
	}
}

// Selections returns the selections of c as the items an update sends
// (selection_id and selection_type), for a read-change-write.
func (c *CampaignV3) Selections() []BrainSelection {
	out := make([]BrainSelection, 0, len(c.CustomBrainSelections))
	for _, s := range c.CustomBrainSelections {
		out = append(out, BrainSelection{SelectionID: s.SelectionID, SelectionType: s.SelectionType})
	}
	return out
}

// v3 returns the group's call settings for the v3.0 campaign path: JSON,
// no prefix (the path carries /api/v3.0).
func (ec *Client) v3() *call.Group {
	g := *ec.g
	g.Prefix, g.XML = "", false
	return &g
}

// CampaignCustomBrainSelections reads a campaign's custom brain selections
// (GET /api/v3.0/campaigns/{id}: the v2.0 campaign schema has none).
//
// Deprecated: use targeting's CampaignService.Get (targeting.Client's
// Campaigns), which reads the whole v3.0 campaign, its
// CustomBrainSelections included.
func (ec *Client) CampaignCustomBrainSelections(ctx context.Context, campaignID int64, ropt ...adama.RequestOption) (*CampaignV3, error) {
	if campaignID <= 0 {
		var v valid.Validator
		v.Add("campaign_id", "must be a positive id", campaignID)
		return nil, v.Err()
	}
	return call.One[CampaignV3](ctx, ec.v3(), &call.Call{Path: campaignsV3Path + "/" + strconv.FormatInt(campaignID, 10)}, ropt...)
}

// SetCampaignCustomBrainSelections replaces a campaign's custom brain
// selections: POST /api/v3.0/campaigns/{id} with the JSON body
// {"version": version, "custom_brain_selections": [{"selection_id",
// "selection_type"}, ...]} (schema campaign_update; an empty list clears
// them). version is the campaign's current version; a stale one is an
// error matching adama.ErrConflict. The selections are checked before
// sending (ValidateBrainSelections). It returns the campaign as the v3.0
// interface answers it.
//
// Deprecated: use targeting's CampaignService.Update (targeting.Client's
// Campaigns), which sends the v3.0 campaign's changes, its
// CustomBrainSelections included.
func (ec *Client) SetCampaignCustomBrainSelections(ctx context.Context, campaignID int64, version int, sels []BrainSelection, ropt ...adama.RequestOption) (*CampaignV3, error) {
	var v valid.Validator
	v.Check(campaignID > 0, "campaign_id", "must be a positive id", campaignID)
	v.Range("version", int64(version), 0, math.MaxInt32)
	checkBrainSelections(&v, sels)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if sels == nil {
		sels = []BrainSelection{}
	}
	body := struct {
		Version               int              `json:"version"`
		CustomBrainSelections []BrainSelection `json:"custom_brain_selections"`
	}{version, sels}
	return call.One[CampaignV3](ctx, ec.v3(), &call.Call{Method: http.MethodPost, Path: campaignsV3Path + "/" + strconv.FormatInt(campaignID, 10), JSON: body}, ropt...)
}

// CampaignCopy is the body of a campaign copy (POST
// /api/v3.0/campaigns/{id}/copy). Shape from
// the Campaigns API v3.0 reference, operation
// copy-campaign: name (1 to 256 characters) and status are required;
// nil fields are not sent. CopyAudienceInBrain copies the source's
// custom_brain_selections; CopyBrainSettings (formerly remember_source)
// sets the copy's source_campaign_id to the source.
type CampaignCopy struct {
	AdvertiserID int64       `json:"advertiser_id,omitempty"`
	Name         string      `json:"name"`
	StartDate    *adama.Time `json:"start_date,omitempty"`
	EndDate      *adama.Time `json:"end_date,omitempty"`
	// MeritPixelID is nullable: adama.Null clears it on the copy.
	MeritPixelID          adama.Optional[int64] `json:"merit_pixel_id,omitzero"`
	Status                *bool                 `json:"status,omitempty"`
	CopyAssignedSiteLists *bool                 `json:"copy_assigned_site_lists,omitempty"`
	CopyVendorContracts   *bool                 `json:"copy_vendor_contracts,omitempty"`
	CopyBrainSettings     *bool                 `json:"copy_brain_settings,omitempty"`
	CopyAudienceInBrain   *bool                 `json:"copy_audience_in_brain,omitempty"`
	CopyViewability       *bool                 `json:"copy_viewability,omitempty"`
	// Flights, when set, are the copy's budget flights (budget.flights).
	Flights []CopyFlight `json:"-"`
}

// CopyFlight is one budget flight of a campaign copy: start_date,
// end_date and total_budget required, total_impression_budget at least 1
// when set.
type CopyFlight struct {
	StartDate             adama.Time     `json:"start_date"`
	EndDate               adama.Time     `json:"end_date"`
	TotalBudget           *adama.Decimal `json:"total_budget"`
	TotalImpressionBudget *int64         `json:"total_impression_budget,omitempty"`
}

// MarshalJSON writes the body, the flights under budget.flights.
func (c CampaignCopy) MarshalJSON() ([]byte, error) {
	type plain CampaignCopy
	type budget struct {
		Flights []CopyFlight `json:"flights"`
	}
	out := struct {
		plain
		Budget *budget `json:"budget,omitempty"`
	}{plain: plain(c)}
	if c.Flights != nil {
		out.Budget = &budget{Flights: c.Flights}
	}
	return json.Marshal(out)
}

// MaxCampaignNameV3 is the longest campaign name the v3.0 interface
// accepts.
const MaxCampaignNameV3 = 256

// Validate checks the copy body against the reference's rules.
func (c *CampaignCopy) Validate() error {
	var v valid.Validator
	if c == nil {
		v.Add("body", "required", nil)
		return v.Err()
	}
	v.Require("name", c.Name != "")
	v.MaxLen("name", c.Name, MaxCampaignNameV3)
	v.Require("status", c.Status != nil)
	if c.AdvertiserID != 0 {
		v.Range("advertiser_id", c.AdvertiserID, 1, math.MaxInt32)
	}
	if id, ok := c.MeritPixelID.Get(); ok {
		v.Range("merit_pixel_id", id, 1, math.MaxInt32)
	}
	if c.StartDate != nil && c.EndDate != nil && !c.StartDate.IsZero() && !c.EndDate.IsZero() {
		v.Check(!c.EndDate.Before(c.StartDate.Time), "end_date", "must not be before start_date", c.EndDate.String())
	}
	for i, f := range c.Flights {
		p := "budget.flights[" + itoa(i) + "]"
		v.Require(p+".start_date", !f.StartDate.IsZero())
		v.Require(p+".end_date", !f.EndDate.IsZero())
		v.Require(p+".total_budget", f.TotalBudget != nil)
		if f.TotalImpressionBudget != nil {
			v.Check(*f.TotalImpressionBudget >= 1, p+".total_impression_budget", "must be >= 1", *f.TotalImpressionBudget)
		}
	}
	return v.Err()
}

// CopyCampaign copies a campaign (POST /api/v3.0/campaigns/{id}/copy,
// answered 201 with the copy as the v3.0 interface answers it). With
// CopyAudienceInBrain the copy carries the source's custom brain
// selections.
//
// Deprecated: use targeting's CampaignService.Copy (targeting.Client's
// Campaigns), which takes a targeting.CampaignCopy and answers the whole
// v3.0 campaign.
func (ec *Client) CopyCampaign(ctx context.Context, campaignID int64, body *CampaignCopy, ropt ...adama.RequestOption) (*CampaignV3, error) {
	var v valid.Validator
	v.Check(campaignID > 0, "campaign_id", "must be a positive id", campaignID)
	v.Merge("", body.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[CampaignV3](ctx, ec.v3(), &call.Call{Method: http.MethodPost, Path: campaignsV3Path + "/" + strconv.FormatInt(campaignID, 10) + "/copy", JSON: body}, ropt...)
}
