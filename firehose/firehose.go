package firehose

import (
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// defaultPrefix is group G's path prefix on {base_url}.
const defaultPrefix = "/opportunity-firehose/v2.0"

// authMode is the credentials group G sends: the client-credentials
// grant's bearer token only, so one client can hold both grants.
const authMode = adama.AuthClientCredentials

// Client holds one service per resource of group G.
type Client struct {
	// Consumers reads the consumer names and reads or saves a whole
	// consumer configuration.
	Consumers *ConsumerService
	// Filters reads a consumer's active filters and reads or saves the
	// values of one filter key.
	Filters *FilterService
	// Permissions reads what the caller may change without support.
	Permissions *PermissionService
	// SampleSettings reads and saves a consumer's sampling.
	SampleSettings *SampleService
	// WebSettings reads and saves a consumer's web endpoints.
	WebSettings *WebService
	// Cloud1Settings reads and saves a consumer's first object-storage
	// delivery.
	Cloud1Settings *Cloud1Service
	// Cloud2Settings reads and saves a consumer's second object-storage
	// delivery.
	Cloud2Settings *Cloud2Service
}

// Option configures New.
type Option func(*options)

type options struct{ prefix string }

// WithPrefix replaces the path prefix (/opportunity-firehose/v2.0), for a
// deployment that serves group G elsewhere.
func WithPrefix(p string) Option { return func(o *options) { o.prefix = p } }

// New returns the group G client built on c. c must hold the
// client-credentials grant (adama.WithClientCredentials).
func New(c *adama.Client, opts ...Option) *Client {
	o := options{prefix: defaultPrefix}
	for _, f := range opts {
		f(&o)
	}
	g := &call.Group{Client: c, Host: adama.HostBase, Prefix: o.prefix, Auth: authMode, Envelope: call.Bare}
	return &Client{
		Consumers:      &ConsumerService{g: g},
		Filters:        &FilterService{g: g},
		Permissions:    &PermissionService{g: g},
		SampleSettings: &SampleService{g: g},
		WebSettings:    &WebService{g: g},
		Cloud1Settings: &Cloud1Service{g: g},
		Cloud2Settings: &Cloud2Service{g: g},
	}
}

// ConsumerName is a consumer's name: the platform identifies a consumer,
// and the settings and filters under it, by its name, not by a number.
type ConsumerName string

// consumerPath returns /consumers/{name}{rest}.
func consumerPath(name ConsumerName, rest string) string {
	return "/consumers/" + url.PathEscape(string(name)) + rest
}

// checkName refuses an empty consumer name before sending.
func checkName(name ConsumerName) error {
	var v valid.Validator
	v.Require("name", name != "")
	return v.Err()
}
