package entity

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/targeting"
)

// Site list upload and assignment. Upload, re-upload, download and the
// assignments list are the v3.0 interface's (the Campaigns API v3.0
// reference, tag Site Lists: site_lists/upload, site_lists/{id}/upload,
// site_lists/{id}/download.csv, site_lists/{id}/assignments): the
// deprecated methods here call targeting's SiteListService for them. A
// list is assigned under the group's prefix as real clients do, with
// POST campaigns/{id}/site_lists or strategies/{id}/site_lists carrying
// site_lists.<n>.id and site_lists.<n>.assigned, the {id, assigned}
// items the reference's campaign body carries.

// MaxSiteListUpload bounds the file of a site list upload the SDK sends.
const MaxSiteListUpload = 8 << 20

// SiteListUpload is a site list file and its properties (multipart
// fields file, organization_id, name, restriction, status), sent as
// targeting's SiteListUpload.
type SiteListUpload struct {
	// OrganizationID and Name are required for a new list.
	OrganizationID int64
	Name           string
	// Restriction is INCLUDE (the platform's default) or EXCLUDE.
	Restriction SiteListRestriction
	Status      *adama.Bool
	// FileName is the uploaded file's name ("sites.txt" when empty).
	FileName string
	// Content is the file: domains or apps, one a line or comma-separated.
	Content []byte
}

func (u *SiteListUpload) check(v *valid.Validator, create bool) {
	if create {
		v.Check(u.OrganizationID > 0, "organization_id", "required", u.OrganizationID)
		v.Require("name", u.Name != "")
	} else {
		v.Check(u.OrganizationID >= 0, "organization_id", "must be a positive id", u.OrganizationID)
	}
	v.MaxLen("name", u.Name, MaxNameLen)
	checkEnum(v, "restriction", u.Restriction)
	v.Require("file", len(u.Content) > 0)
	v.Check(len(u.Content) <= MaxSiteListUpload, "file", "at most 8 MiB", len(u.Content))
}

// siteLists is the v3.0 client's site-list service, where the
// deprecated site-list methods below send their requests.
func (ec *Client) siteLists() *targeting.SiteListService { return targeting.New(ec.c).SiteLists }

// v3 returns u as targeting's upload, with version (Reupload's).
func (u *SiteListUpload) v3(version int64) *targeting.SiteListUpload {
	out := &targeting.SiteListUpload{OrganizationID: u.OrganizationID, Name: u.Name, Restriction: targeting.Restriction(u.Restriction),
		Version: version, FileName: u.FileName, File: bytes.NewReader(u.Content), Size: int64(len(u.Content))}
	if out.FileName == "" {
		out.FileName = "sites.txt"
	}
	if u.Status != nil {
		out.Status = adama.Ptr(bool(*u.Status))
	}
	return out
}

// fromV3 returns the v3.0 record r as the group's record T: r's JSON
// read as T, so every property T does not model is kept in its Extra, as
// it would be had T been read from the answer itself.
func fromV3[T any](r any) (*T, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, &adama.Error{Code: adama.CodeUnexpectedContent, Message: "converting the v3.0 record: " + err.Error(), Err: err}
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, &adama.Error{Code: adama.CodeUnexpectedContent, Message: "converting the v3.0 record: " + err.Error(), Err: err}
	}
	return &out, nil
}

// assignmentCollection words the v3.0 interface's collection of an
// assignment (campaigns, strategies) as this group does (campaign,
// strategy); another value is kept as is.
func assignmentCollection(c string) string {
	switch c {
	case "campaigns":
		return "campaign"
	case "strategies":
		return "strategy"
	}
	return c
}

// UploadSiteList creates a site list from a file (POST
// /api/v3.0/site_lists/upload, multipart, through targeting's
// SiteListService.Upload) and returns it with its id, sites count and
// file name.
//
// Deprecated: use targeting's SiteListService.Upload (targeting.Client.SiteLists),
// which this method calls, and which streams the file from an io.Reader
// and returns the v3.0 record. This method is kept for one release.
func (ec *Client) UploadSiteList(ctx context.Context, u *SiteListUpload, ropt ...adama.RequestOption) (*SiteList, error) {
	var v valid.Validator
	if u == nil {
		u = &SiteListUpload{}
	}
	u.check(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	sl, err := ec.siteLists().Upload(ctx, u.v3(0), ropt...)
	if err != nil {
		return nil, err
	}
	return fromV3[SiteList](sl)
}

// ReuploadSiteList replaces the sites of list id with a new file (POST
// /api/v3.0/site_lists/{id}/upload with the list's current version,
// through targeting's SiteListService.Reupload); the fields of u that are
// set change too. A stale version matches adama.ErrConflict.
//
// Deprecated: use targeting's SiteListService.Reupload (targeting.Client.SiteLists),
// which this method calls. This method is kept for one release.
func (ec *Client) ReuploadSiteList(ctx context.Context, id int64, version int, u *SiteListUpload, ropt ...adama.RequestOption) (*SiteList, error) {
	var v valid.Validator
	v.Check(id > 0, "id", "must be a positive id", id)
	v.Check(version >= 0, "version", "must be >= 0", version)
	if u == nil {
		u = &SiteListUpload{}
	}
	u.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	sl, err := ec.siteLists().Reupload(ctx, id, u.v3(int64(version)), ropt...)
	if err != nil {
		return nil, err
	}
	return fromV3[SiteList](sl)
}

// DownloadSiteList returns the CSV of list id's sites (GET
// /api/v3.0/site_lists/{id}/download.csv, through targeting's
// SiteListService.Download); targetType, when set, keeps one target
// type. At most limit bytes are read (MaxSiteListUpload when limit <= 0);
// a longer body is an error.
//
// Deprecated: use targeting's SiteListService.Download (targeting.Client.SiteLists),
// which this method calls, and which streams the CSV instead of reading
// it into memory. This method is kept for one release.
func (ec *Client) DownloadSiteList(ctx context.Context, id int64, targetType string, limit int64, ropt ...adama.RequestOption) ([]byte, error) {
	var v valid.Validator
	v.Check(id > 0, "id", "must be a positive id", id)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = MaxSiteListUpload
	}
	body, err := ec.siteLists().Download(ctx, id, &targeting.SiteListDownloadOptions{TargetType: targetType}, ropt...)
	if err != nil {
		return nil, err
	}
	defer body.Close()
	b, err := io.ReadAll(io.LimitReader(body, limit+1))
	if err != nil {
		return nil, &adama.Error{Code: adama.CodeTransport, Message: "reading the site list: " + err.Error(), Err: err}
	}
	if int64(len(b)) > limit {
		return nil, &adama.Error{Code: adama.CodeBodyTooLarge, Message: "site list larger than " + strconv.FormatInt(limit, 10) + " bytes"}
	}
	return b, nil
}

// SiteListAssignments lists where list id is assigned (GET
// /api/v3.0/site_lists/{id}/assignments, through targeting's
// SiteListService.Assignments); opts pages, sorts and filters as for any
// list, over the fields the v3.0 interface sorts and filters
// assignments by (id, site_list_id, entity_id, associated_campaign_id,
// collection, name). Full and Minimal choose every property (the
// default) or id, name and entity_type; With and Limit are not taken.
// Each assignment's Collection is campaign or strategy, as the v2.0
// interface words it (the v3.0 one answers campaigns or strategies).
//
// Deprecated: use targeting's SiteListService.Assignments or
// AllAssignments (targeting.Client.SiteLists), which this method calls.
// This method is kept for one release.
func (ec *Client) SiteListAssignments(ctx context.Context, id int64, opts *ListOptions, ropt ...adama.RequestOption) (*Page[SiteListAssignment], error) {
	var o ListOptions
	if opts != nil {
		o = *opts
	}
	var v valid.Validator
	v.Check(id > 0, "id", "must be a positive id", id)
	v.Check(o.Limit == nil, "limit", "not taken by assignments", nil)
	v.Check(len(o.With) == 0, "with", "not taken by assignments", o.With)
	v.Merge("", o.validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := ec.siteLists().Assignments(ctx, id, &targeting.SiteListAssignmentListOptions{Full: !o.Minimal,
		ListOptions: targeting.ListOptions{PageLimit: o.PageLimit, PageOffset: o.PageOffset, SortBy: o.SortBy, Q: o.Q}}, ropt...)
	if err != nil {
		return nil, err
	}
	out := &Page[SiteListAssignment]{Count: p.Count, Offset: p.Offset, TotalCount: p.TotalCount, HasTotal: p.HasTotal,
		NextPage: p.NextPage, PrevPage: p.PrevPage, CalledOn: p.CalledOn, Items: make([]*SiteListAssignment, 0, len(p.Items))}
	for _, a := range p.Items {
		if a == nil {
			continue
		}
		x, err := fromV3[SiteListAssignment](a)
		if err != nil {
			return nil, err
		}
		x.Collection = assignmentCollection(x.Collection)
		out.Items = append(out.Items, x)
	}
	return out, nil
}

// SiteListChange assigns (Assigned true) or unassigns one site list.
type SiteListChange struct {
	ID       int64
	Assigned bool
}

func assignForm(v *valid.Validator, changes []SiteListChange) url.Values {
	f := url.Values{}
	seen := map[int64]bool{}
	v.Check(len(changes) > 0, "site_lists", "at least one site list", nil)
	for i, c := range changes {
		p := "site_lists." + strconv.Itoa(i+1) + "."
		v.Check(c.ID > 0, p+"id", "must be a positive id", c.ID)
		v.Check(c.ID <= 0 || !seen[c.ID], p+"id", "listed twice", c.ID)
		seen[c.ID] = true
		f.Set(p+"id", strconv.FormatInt(c.ID, 10))
		a := "0"
		if c.Assigned {
			a = "1"
		}
		f.Set(p+"assigned", a)
	}
	return f
}

// AssignCampaignSiteLists assigns and unassigns site lists on campaign
// campaignID (POST campaigns/{id}/site_lists) and returns the site lists
// the platform answers with: those assigned to the campaign.
func (ec *Client) AssignCampaignSiteLists(ctx context.Context, campaignID int64, changes []SiteListChange, ropt ...adama.RequestOption) (*Page[SiteList], error) {
	return ec.assignSiteLists(ctx, "campaigns", "campaign_id", campaignID, changes, ropt)
}

// AssignStrategySiteLists assigns and unassigns site lists on strategy
// strategyID (POST strategies/{id}/site_lists) and returns the site lists
// the platform answers with: those assigned to the strategy.
func (ec *Client) AssignStrategySiteLists(ctx context.Context, strategyID int64, changes []SiteListChange, ropt ...adama.RequestOption) (*Page[SiteList], error) {
	return ec.assignSiteLists(ctx, "strategies", "strategy_id", strategyID, changes, ropt)
}

func (ec *Client) assignSiteLists(ctx context.Context, coll, idField string, id int64, changes []SiteListChange, ropt []adama.RequestOption) (*Page[SiteList], error) {
	var v valid.Validator
	v.Check(id > 0, idField, "must be a positive id", id)
	f := assignForm(&v, changes)
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := call.List[*SiteList](ctx, ec.g, &call.Call{Method: http.MethodPost, Path: "/" + coll + "/" + strconv.FormatInt(id, 10) + "/site_lists", Form: f}, ropt...)
	if err != nil {
		return nil, err
	}
	p.Items = dropNil(p.Items)
	return p, nil
}
