package byoa

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
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

// decodeRecord reads the record b into the value w points to (the record
// as its method-less alias W), starting from zero, with the shared reader
// of the one decoding rule (internal/record: a numeric field may come as
// a numeric string, a string field as a number; a value that fits no
// form leaves its field zero and is kept under the field's name, a misfit
// the record's Misfits reports) and puts the members it does not know in
// *extra too, for the record's Extra. null leaves the zero value.
func decodeRecord[W any](b []byte, w *W, extra *map[string]json.RawMessage) error {
	return record.DecodeKeepingInto(b, w, record.IndexOf(reflect.TypeFor[W]()), extra)
}

// misfitsOf lists the misfits of the record rec points to (read through
// its alias W) and of the records it holds (record.Report); every
// record's Misfits calls it.
func misfitsOf[W any](rec any, extra map[string]json.RawMessage) []adama.Misfit {
	return record.Report(rec, record.IndexOf(reflect.TypeFor[W]()), extra)
}

// encodeObject marshals rec (a method-less alias of a record) and adds the
// members of extra it does not already hold.
func encodeObject(rec any, extra map[string]json.RawMessage) ([]byte, error) {
	return record.EncodeObject(rec, extra)
}

// errorf builds an error of the package's decoders.
func errorf(format string, args ...any) error { return fmt.Errorf("byoa: "+format, args...) }

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }
