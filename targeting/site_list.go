package targeting

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/upload"
	"github.com/adamasdk/adama-go/internal/valid"
)

// The fields site lists and their assignments are sorted and queried by,
// as the Campaigns API reference lists them.
var (
	siteListFields           = []string{"id", "version", "status", "organization_id", "name", "restriction", "filename", "content_updated_on", "sites_count", "created_on", "updated_on"}
	siteListAssignmentFields = []string{"id", "site_list_id", "entity_id", "associated_campaign_id", "collection", "name"}
)

// validate checks the options: ListOptions' rules over the fields a site
// list is sorted and queried by.
func (o *SiteListListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, siteListFields)
	return v.Err()
}

// validate checks the options: ListOptions' rules over the fields an
// assignment is sorted and queried by.
func (o *SiteListAssignmentListOptions) validate() error {
	var v valid.Validator
	o.ListOptions.check(&v, siteListAssignmentFields)
	return v.Err()
}

const siteListsPath = "/site_lists"

// MaxSiteListNameLen is the longest name of a site list.
const MaxSiteListNameLen = 64

// SiteListService calls the site list endpoints of group B
// (/site_lists). List, All, Get, Assignments and AllAssignments are
// generated (services_gen.go); Upload, Reupload and Download are written
// here.
type SiteListService struct {
	g *call.Group
}

// SiteListUpload is a site list's file and the properties sent with it
// (the multipart fields file, organization_id, name, restriction,
// status and, for Reupload, version).
type SiteListUpload struct {
	// OrganizationID and Name are required by Upload; Reupload changes
	// them when set.
	OrganizationID int64
	Name           string
	// Restriction is INCLUDE (the platform's default for a new list) or
	// EXCLUDE.
	Restriction Restriction
	// Status, when set, activates or deactivates the list.
	Status *bool
	// Version is the version read, which Reupload sends (required there,
	// refused by Upload).
	Version int64
	// FileName is the uploaded file's name ("sites.csv" when empty).
	FileName string
	// File is the list's content, Size bytes of it: domains, apps or
	// seller ids, one a line or comma-separated. It is streamed, never
	// held in memory whole; a failed attempt is sent again from the start
	// when File is an io.Seeker, and sent once otherwise.
	File io.Reader
	Size int64
	// Progress, when set, is called as the file is sent with the bytes
	// sent so far and Size. A retry starts again from zero. It runs on the
	// goroutine that sends the body and must return quickly.
	Progress func(sent, total int64)
}

func (u *SiteListUpload) check(v *valid.Validator, create bool) {
	if create {
		checkID(v, "organization_id", u.OrganizationID)
		v.Require("name", u.Name != "")
		v.Check(u.Version == 0, "version", "not sent by Upload (Reupload sends it)", u.Version)
	} else {
		v.Check(u.OrganizationID >= 0, "organization_id", "must be a positive id", u.OrganizationID)
		checkInt32(v, "version", u.Version, 0)
	}
	v.MaxLen("name", u.Name, MaxSiteListNameLen)
	if u.Restriction != "" {
		valid.Enum(v, "restriction", u.Restriction)
	}
	v.Check(u.File != nil, "file", "required", nil)
	v.Check(u.Size >= 0, "size", "at least 0", u.Size)
}

// multipart is the upload's form: the fields set, then the file, read
// from a fresh reader per attempt.
func (u *SiteListUpload) multipart(withVersion bool) (*call.Multipart, *upload.Body) {
	m := &call.Multipart{}
	add := func(k, v string) { m.Fields = append(m.Fields, call.Field{Name: k, Value: v}) }
	if u.OrganizationID > 0 {
		add("organization_id", strconv.FormatInt(u.OrganizationID, 10))
	}
	if u.Name != "" {
		add("name", u.Name)
	}
	if u.Restriction != "" {
		add("restriction", string(u.Restriction))
	}
	if u.Status != nil {
		add("status", strconv.FormatBool(*u.Status))
	}
	if withVersion {
		add("version", strconv.FormatInt(u.Version, 10))
	}
	name := u.FileName
	if name == "" {
		name = "sites.csv"
	}
	body := upload.New(u.File, u.Size, u.Progress)
	m.Files = []call.File{{Field: "file", FileName: name, ContentType: "text/csv", Open: body.Open, Size: u.Size}}
	return m, body
}

func (s *SiteListService) upload(ctx context.Context, path string, u *SiteListUpload, create bool, ro []adama.RequestOption) (*SiteList, error) {
	m, body := u.multipart(!create)
	return call.One[SiteList](ctx, s.g, &call.Call{Method: http.MethodPost, Path: path, Multipart: m}, body.Options(ro)...)
}

// Upload makes a site list from a file (POST /site_lists/upload, a
// multipart form) and returns it with its id and sites count.
func (s *SiteListService) Upload(ctx context.Context, u *SiteListUpload, ro ...adama.RequestOption) (*SiteList, error) {
	var v valid.Validator
	if u == nil {
		v.Add("upload", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	u.check(&v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.upload(ctx, siteListsPath+"/upload", u, true, ro)
}

// Reupload replaces the sites of site list siteListID with a new file
// (POST /site_lists/{site_list_id}/upload, with u.Version, the version
// read); the other fields of u that are set change too. A stale version
// matches adama.ErrConflict.
func (s *SiteListService) Reupload(ctx context.Context, siteListID int64, u *SiteListUpload, ro ...adama.RequestOption) (*SiteList, error) {
	var v valid.Validator
	checkID(&v, "site_list_id", siteListID)
	if u == nil {
		v.Add("upload", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	u.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.upload(ctx, idPath(siteListsPath, siteListID)+"/upload", u, false, ro)
}

// SiteListDownloadOptions are the parameters of GET
// /site_lists/{site_list_id}/download.csv. A nil
// *SiteListDownloadOptions downloads every site.
type SiteListDownloadOptions struct {
	// TargetType (target_type), when set, keeps the sites of one target
	// type.
	TargetType string
}

// Download streams the CSV of the sites of site list siteListID (GET
// /site_lists/{site_list_id}/download.csv). The caller reads the body as
// it arrives and must close it; it is never read whole into memory.
func (s *SiteListService) Download(ctx context.Context, siteListID int64, opts *SiteListDownloadOptions, ro ...adama.RequestOption) (io.ReadCloser, error) {
	var v valid.Validator
	checkID(&v, "site_list_id", siteListID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	q := url.Values{}
	if opts != nil && opts.TargetType != "" {
		q.Set("target_type", opts.TargetType)
	}
	resp, err := s.g.Send(ctx, &call.Call{Path: idPath(siteListsPath, siteListID) + "/download.csv", Query: q, Accept: "text/csv", Stream: true}, ro...)
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}
