package creatives

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Default path prefixes of the group's families (spec §4.D).
const (
	// defaultV3Prefix is the prefix of video creatives v3, classification
	// v3 and static data v3.
	defaultV3Prefix = "/v3.0"
	// defaultComponentPrefix is the prefix of component creatives.
	defaultComponentPrefix = "/component_creatives/v1.0"
	// v2Prefix is the prefix of the deprecated video creatives v2.0.
	v2Prefix = "/video/v2.0"
	// classificationV1Prefix is the prefix of the deprecated classification
	// v1.0 paths.
	classificationV1Prefix = "/classification/v1.0"
	// staticDataV1Prefix is the prefix of the deprecated static data v1.0
	// paths.
	staticDataV1Prefix = "/static_data/v1.0"
)

// Option configures a Client.
type Option func(*options)

type options struct {
	v3Prefix, componentPrefix string
	componentV3               bool
}

// WithV3Prefix overrides the v3.0 prefix, /v3.0 (for a deployment that serves the
// video interface under "/video/v3.0", as one reference sample shows).
func WithV3Prefix(p string) Option {
	return func(o *options) { o.v3Prefix = strings.TrimRight(p, "/") }
}

// WithComponentPrefix overrides the component creatives prefix,
// /component_creatives/v1.0.
func WithComponentPrefix(p string) Option {
	return func(o *options) { o.componentPrefix = strings.TrimRight(p, "/") }
}

// componentV3Prefix is the prefix of component creatives v3.0, which the
// reference also documents.
const componentV3Prefix = "/component_creatives/v3.0"

// WithComponentV3 uses component creatives v3.0: prefix /component_creatives/v3.0,
// creative updates sent with PUT, and the v3.0 list filters
// (OrganizationID, Search). The v3.0 interface has no version, asset,
// upload-URL or approval-post paths.
func WithComponentV3() Option {
	return func(o *options) { o.componentPrefix, o.componentV3 = componentV3Prefix, true }
}

// Client holds one service per resource of group D.
type Client struct {
	// Videos is video creatives v3 (and the deprecated v2.0).
	Videos *VideoService
	// Companions is the companion ads of video creatives v3 (and the
	// deprecated v2.0).
	Companions *CompanionService
	// Classifications is classification v3 (and the deprecated v1.0).
	Classifications *ClassificationService
	// StaticData is the IAB static data v3 (and the deprecated v1.0).
	StaticData *StaticDataService
	// ComponentCreatives is component (native) creatives.
	ComponentCreatives *ComponentCreativeService
	// Components is the components of component creatives.
	Components *ComponentService
	// Assets is the assets of component creatives.
	Assets *AssetService
	// Approvals is the approval status of component creatives.
	Approvals *ApprovalService
}

// New returns the group's services on c.
func New(c *adama.Client, opts ...Option) *Client {
	o := options{v3Prefix: defaultV3Prefix, componentPrefix: defaultComponentPrefix}
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	v3 := &call.Group{Client: c, Host: adama.HostBase, Prefix: o.v3Prefix, Auth: adama.AuthBearer, Envelope: call.Bare}
	v2 := &call.Group{Client: c, Host: adama.HostBase, Prefix: v2Prefix, Auth: adama.AuthBearer, Envelope: call.Bare}
	cl1 := &call.Group{Client: c, Host: adama.HostBase, Prefix: classificationV1Prefix, Auth: adama.AuthBearer, Envelope: call.Bare}
	sd1 := &call.Group{Client: c, Host: adama.HostBase, Prefix: staticDataV1Prefix, Auth: adama.AuthBearer, Envelope: call.Bare}
	cc := &call.Group{Client: c, Host: adama.HostBase, Prefix: o.componentPrefix, Auth: adama.AuthSession, Envelope: call.Bare}
	videos := &VideoService{g: v3, g2: v2, c: c}
	saveMethod := http.MethodPost
	if o.componentV3 {
		saveMethod = http.MethodPut
	}
	return &Client{
		Videos:             videos,
		Companions:         &CompanionService{g: v3, g2: v2},
		Classifications:    &ClassificationService{g: v3, v1: cl1},
		StaticData:         &StaticDataService{g: v3, v1: sd1},
		ComponentCreatives: &ComponentCreativeService{g: cc, saveMethod: saveMethod},
		Components:         &ComponentService{g: cc},
		Assets:             &AssetService{g: cc},
		Approvals:          &ApprovalService{g: cc},
	}
}

// one sends c and decodes the answer as a T, with the group's error
// bodies read into the *adama.Error.
func one[T any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (*T, error) {
	v, err := call.One[T](ctx, g, c, opts...)
	return v, enrich(err)
}

// noContent sends c and discards the answer.
func noContent(ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) error {
	return enrich(g.NoContent(ctx, c, opts...))
}

// pathID renders an id path segment.
func pathID(id int64) string { return "/" + strconv.FormatInt(id, 10) }

// checkID refuses an id the platform cannot hold (spec §8: 1 to
// 2147483647).
func checkID(v *valid.Validator, field string, id int64) {
	v.Check(id >= 1 && id <= maxID, field, "between 1 and 2147483647", id)
}

const maxID = 2147483647

// errorInfoList is the video interface's error body (schema
// ErrorInfoList) and the classification interface's (schema UIErrorType).
type errorInfoList struct {
	FieldError []FieldErrorInfo `json:"field_error"`
	Errors     []struct {
		ErrorCode    json.Number `json:"errorCode"`
		ErrorMessage string      `json:"errorMessage"`
		ReasonCode   json.Number `json:"reasonCode"`
		Resource     string      `json:"resource"`
	} `json:"errors"`
}

// enrich reads the group's own error bodies (the video interface's
// field_error list, the classification interface's errorCode list) into
// the *adama.Error's code, message and field errors, which the shared
// parser leaves at the status text for these forms.
func enrich(err error) error {
	var ae *adama.Error
	if !errors.As(err, &ae) || ae.Body == "" || len(ae.Fields) > 0 {
		return err
	}
	var l errorInfoList
	if json.Unmarshal([]byte(ae.Body), &l) != nil {
		return err
	}
	generic := ae.Message == "" || ae.Message == http.StatusText(ae.StatusCode)
	switch {
	case len(l.FieldError) > 0:
		for _, f := range l.FieldError {
			field := f.Field
			if field == "" {
				field = f.Name
			}
			ae.Fields = append(ae.Fields, adama.FieldError{Code: f.Code, Message: f.Error, Field: field})
		}
		if generic {
			ae.Message = l.FieldError[0].Error
		}
		if ae.Code == "" {
			ae.Code = l.FieldError[0].Code
		}
	case len(l.Errors) > 0 && l.Errors[0].ErrorMessage != "":
		if generic {
			ae.Message = l.Errors[0].ErrorMessage
		}
		if ae.Code == "" {
			ae.Code = l.Errors[0].ErrorCode.String()
		}
	}
	return err
}
