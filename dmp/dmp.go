package dmp

import (
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
)

// defaultPrefix is the group's path prefix under {base_url}.
const defaultPrefix = "/dmp/v2.0"

// Client holds the group's service.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Client struct {
	// Taxonomies creates, lists, reads and updates taxonomies.
	Taxonomies *TaxonomyService
}

// Option configures New.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
type Option func(*config)

type config struct{ prefix string }

// WithPrefix replaces the path prefix (default /dmp/v2.0).
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func WithPrefix(p string) Option {
	return func(c *config) {
		if p != "" {
			c.prefix = "/" + strings.Trim(p, "/")
		}
	}
}

// New returns the group's client on c.
//
// Deprecated: use the v3.0 campaign interface (/api/v3.0).
func New(c *adama.Client, opts ...Option) *Client {
	cfg := config{prefix: defaultPrefix}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	g := &call.Group{Client: c, Host: adama.HostBase, Prefix: cfg.prefix, Auth: adama.AuthSession, Envelope: call.DataMeta}
	return &Client{Taxonomies: &TaxonomyService{g: g}}
}
