package entity

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Actions real clients of the platform send under a campaign or a site
// list in the v2.0 form (issue #20): a campaign's custom brain selections
// one at a time or in bulk, answered as selection records, and deleted one
// at a time; a campaign's daily margins; domains added to a site list.
// No reference documents these paths; the description marks them
// x-adama-observed-only.

// AddCampaignCustomBrainSelection adds one custom brain selection to a
// campaign in the v2.0 form: POST /campaigns/{id}/custom_brain_selections
// with selection_id and selection_type. It returns the selection record
// the platform answers (its own id and version). Unlike
// SetCampaignCustomBrainSelections (v3.0, the whole list replaced,
// answered as the campaign), it leaves the campaign's other selections
// alone.
func (ec *Client) AddCampaignCustomBrainSelection(ctx context.Context, campaignID int64, sel BrainSelection, ropt ...adama.RequestOption) (*CustomBrainSelection, error) {
	var v valid.Validator
	v.Check(campaignID > 0, "campaign_id", "must be a positive id", campaignID)
	checkBrainSelections(&v, []BrainSelection{sel})
	if err := v.Err(); err != nil {
		return nil, err
	}
	form := url.Values{"selection_id": {strconv.FormatInt(sel.SelectionID, 10)}, "selection_type": {string(sel.SelectionType)}}
	return call.One[CustomBrainSelection](ctx, ec.g, &call.Call{Method: http.MethodPost, Path: brainSelectionsPath(campaignID), Form: form}, ropt...)
}

// BulkAddCampaignCustomBrainSelections adds several custom brain
// selections to a campaign in one v2.0 call: POST
// /campaigns/{id}/custom_brain_selections/bulk with
// custom_brain_selections.<n>.selection_id and .selection_type (n from 1).
// It returns the selection records the platform answers.
func (ec *Client) BulkAddCampaignCustomBrainSelections(ctx context.Context, campaignID int64, sels []BrainSelection, ropt ...adama.RequestOption) ([]*CustomBrainSelection, error) {
	var v valid.Validator
	v.Check(campaignID > 0, "campaign_id", "must be a positive id", campaignID)
	v.Check(len(sels) > 0, "custom_brain_selections", valid.RuleRequired, nil)
	checkBrainSelections(&v, sels)
	if err := v.Err(); err != nil {
		return nil, err
	}
	form := url.Values{}
	for i, s := range sels {
		p := "custom_brain_selections." + strconv.Itoa(i+1) + "."
		form.Set(p+"selection_id", strconv.FormatInt(s.SelectionID, 10))
		form.Set(p+"selection_type", string(s.SelectionType))
	}
	p, err := call.List[*CustomBrainSelection](ctx, ec.g, &call.Call{Method: http.MethodPost, Path: brainSelectionsPath(campaignID) + "/bulk", Form: form}, ropt...)
	if err != nil {
		return nil, err
	}
	return dropNil(p.Items), nil
}

// DeleteCampaignCustomBrainSelection deletes one custom brain selection
// of a campaign in the v2.0 form: POST
// /campaigns/{campaign_id}/custom_brain_selections/{id}/delete with the
// selection's version. id is the selection record's own id
// (CustomBrainSelection.ID), not its selection_id. With opts.Version nil
// the version is read first from the campaign's selections
// (CampaignCustomBrainSelections). A stale version is an error matching
// adama.ErrConflict; it is not retried.
func (ec *Client) DeleteCampaignCustomBrainSelection(ctx context.Context, campaignID, id int64, opts *DeleteOptions, ropt ...adama.RequestOption) error {
	var v valid.Validator
	v.Check(campaignID > 0, "campaign_id", "must be a positive id", campaignID)
	v.Check(id > 0, "id", "must be a positive id", id)
	checkDeleteOptions(&v, opts)
	if err := v.Err(); err != nil {
		return err
	}
	var version int
	if opts != nil && opts.Version != nil {
		version = *opts.Version
	} else {
		camp, err := ec.CampaignCustomBrainSelections(ctx, campaignID, ropt...)
		if err != nil {
			return err
		}
		found := false
		for _, s := range camp.CustomBrainSelections {
			if s.ID == id {
				version, found = s.Version, true
				break
			}
		}
		if !found {
			return &adama.Error{StatusCode: http.StatusNotFound, Code: "not_found", Message: "campaign " + strconv.FormatInt(campaignID, 10) + " has no custom brain selection " + strconv.FormatInt(id, 10)}
		}
	}
	return sendDelete[CustomBrainSelection](ctx, ec.g, brainSelectionsPath(campaignID)+"/"+strconv.FormatInt(id, 10)+"/delete", version, ropt)
}

func brainSelectionsPath(campaignID int64) string {
	return "/campaigns/" + strconv.FormatInt(campaignID, 10) + "/custom_brain_selections"
}

// CampaignMargin is a campaign's margin on one day.
type CampaignMargin struct {
	// Date is the day (sent as YYYY-MM-DD, in the time's own zone).
	Date adama.Time
	// MarginPct is the margin percentage, 0 to 100.
	MarginPct adama.Decimal
}

// SetCampaignMargins sets a campaign's daily margins: POST
// /campaigns/{id}/margins with margins.<n>.date and margins.<n>.margin_pct
// (n from 1). The platform answers with an acknowledgement only; read the
// campaign again for what it holds.
func (ec *Client) SetCampaignMargins(ctx context.Context, campaignID int64, margins []CampaignMargin, ropt ...adama.RequestOption) error {
	var v valid.Validator
	v.Check(campaignID > 0, "campaign_id", "must be a positive id", campaignID)
	v.Check(len(margins) > 0, "margins", valid.RuleRequired, nil)
	hundred := adama.MustDecimal("100")
	seen := map[string]bool{}
	form := url.Values{}
	for i, m := range margins {
		p := "margins." + strconv.Itoa(i+1) + "."
		day := ""
		if !m.Date.IsZero() {
			day = m.Date.Format("2006-01-02")
		}
		v.Check(day != "", p+"date", valid.RuleRequired, nil)
		v.Check(!seen[day] || day == "", p+"date", "listed twice", day)
		seen[day] = true
		v.Check(m.MarginPct.Cmp(adama.Decimal{}) >= 0 && m.MarginPct.Cmp(hundred) <= 0, p+"margin_pct", "must be between 0 and 100", m.MarginPct.String())
		form.Set(p+"date", day)
		form.Set(p+"margin_pct", m.MarginPct.String())
	}
	if err := v.Err(); err != nil {
		return err
	}
	return acknowledged(ctx, ec.g, &call.Call{Method: http.MethodPost, Path: "/campaigns/" + strconv.FormatInt(campaignID, 10) + "/margins", Form: form}, ropt)
}

// MaxSiteListDomains is the most domains AddSiteListDomains sends in one
// call; a longer list is refused before sending (upload a file instead).
const MaxSiteListDomains = 10000

// AddSiteListDomains adds domains to a site list without replacing its
// uploaded file: POST /site_lists/{id}/domains with domains.<n>.domain (n
// from 1). The platform answers with an acknowledgement only.
func (ec *Client) AddSiteListDomains(ctx context.Context, siteListID int64, domains []string, ropt ...adama.RequestOption) error {
	var v valid.Validator
	v.Check(siteListID > 0, "site_list_id", "must be a positive id", siteListID)
	v.Check(len(domains) > 0, "domains", valid.RuleRequired, nil)
	v.Check(len(domains) <= MaxSiteListDomains, "domains", "at most "+strconv.Itoa(MaxSiteListDomains), len(domains))
	form := url.Values{}
	for i, d := range domains {
		p := "domains." + strconv.Itoa(i+1) + ".domain"
		v.Check(strings.TrimSpace(d) != "" && !strings.ContainsAny(d, " \t\r\n,/") && len(d) <= math.MaxUint8, p, "must be a domain name", d)
		form.Set(p, d)
	}
	if err := v.Err(); err != nil {
		return err
	}
	return acknowledged(ctx, ec.g, &call.Call{Method: http.MethodPost, Path: "/site_lists/" + strconv.FormatInt(siteListID, 10) + "/domains", Form: form}, ropt)
}

// acknowledged sends c and reads the platform's acknowledgement (an
// envelope without data), so that an error status written into a 200
// answer is reported.
func acknowledged(ctx context.Context, g *call.Group, c *call.Call, ropt []adama.RequestOption) error {
	var data json.RawMessage
	_, err := g.Into(ctx, c, &data, ropt...)
	if errors.Is(err, call.ErrNoData) {
		return nil
	}
	return err
}
