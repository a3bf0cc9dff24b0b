package byoa

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
)

// Client holds one service per resource of group H.
type Client struct {
	// CampaignSettings reads and changes campaign-level settings.
	CampaignSettings *CampaignSettingsService
	// StrategySettings reads and changes strategy-level settings.
	StrategySettings *StrategySettingsService
	// BidRouter reads the custom bid router's configuration and sets an
	// executor's sample rate.
	BidRouter *BidRouterService
	// Models uploads, reads, decodes and deletes model data.
	Models *ModelsService
}

// Option configures New.
type Option func(*options)

type options struct {
	executors []int64
}

// WithExecutorIDs replaces the executor ids settings may name (by default
// only CurrentExecutorID, the value the reference requires). Use it only
// when the platform has announced a new executor version.
func WithExecutorIDs(ids ...int64) Option {
	return func(o *options) { o.executors = append([]int64(nil), ids...) }
}

// New returns the group H services on c. Requests go to {byoa_url}
// (adama.WithBYOAURL).
func New(c *adama.Client, opts ...Option) *Client {
	o := options{executors: []int64{CurrentExecutorID}}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	g := &call.Group{Client: c, Host: adama.HostBYOA, Auth: adama.AuthSessionHeaders, Envelope: call.DataMeta}
	return &Client{
		CampaignSettings: &CampaignSettingsService{g: g, executors: o.executors},
		StrategySettings: &StrategySettingsService{g: g, executors: o.executors},
		BidRouter:        &BidRouterService{g: g},
		Models:           &ModelsService{g: g},
	}
}

// seg escapes one path segment.
func seg(s string) string { return url.PathEscape(s) }

// id formats an integer path segment.
func id(n int64) string { return strconv.FormatInt(n, 10) }

// encodeObject marshals rec (a method-less alias of a record) and adds the
// members of extra it does not already hold.
func encodeObject(rec any, extra map[string]json.RawMessage) ([]byte, error) {
	return record.EncodeObject(rec, extra)
}

// errorf builds an error of the package's decoders.
func errorf(format string, args ...any) error { return fmt.Errorf("byoa: "+format, args...) }

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }
