package deals

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// defaultPrefix is the group's path prefix under {base_url}.
const defaultPrefix = "/deals/v1.0"

// MaxPageLimit is the largest page a list returns.
const MaxPageLimit = 100

// Client holds one service per resource of the group. It is safe for
// concurrent use.
type Client struct {
	// Deals lists, reads, creates and updates deals, one at a time or many
	// at once.
	Deals *DealService
	// DealGroups lists, reads, creates and updates deal groups.
	DealGroups *DealGroupService
	// Publishers lists, reads, creates, updates and deletes publishers.
	Publishers *PublisherService
	// Channels lists the advertising channels.
	Channels *ChannelService
	// Analytics lists deals with their reporting data.
	Analytics *AnalyticsService
}

// Option configures New.
type Option func(*config)

type config struct{ prefix string }

// WithPrefix replaces the path prefix (default /deals/v1.0), for a deployment
// that serves the group elsewhere.
func WithPrefix(p string) Option {
	return func(c *config) {
		if p != "" {
			c.prefix = "/" + strings.Trim(p, "/")
		}
	}
}

// New returns the group's client on c.
func New(c *adama.Client, opts ...Option) *Client {
	cfg := config{prefix: defaultPrefix}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	g := &call.Group{Client: c, Host: adama.HostBase, Prefix: cfg.prefix, Auth: adama.AuthSession, Envelope: call.DataMeta}
	return &Client{
		Deals:      &DealService{g: g, chunk: DefaultBulkChunk},
		DealGroups: &DealGroupService{g: g},
		Publishers: &PublisherService{g: g},
		Channels:   &ChannelService{g: g},
		Analytics:  &AnalyticsService{g: g},
	}
}

// Equal reports whether o and p name the same owner.
func (o Owner) Equal(p Owner) bool { return o.Type == p.Type && o.ID == p.ID }

// String renders "ORGANIZATION 7".
func (o Owner) String() string { return string(o.Type) + " " + strconv.FormatInt(o.ID, 10) }

func (o *Owner) check(v *valid.Validator, field string) {
	v.Require(field+".type", o.Type != "")
	if o.Type != "" {
		v.Check(o.Type.settable(), field+".type", "one of: ADVERTISER, AGENCY, ORGANIZATION", o.Type)
	}
	v.Check(o.ID > 0, field+".id", "required, a positive id", o.ID)
}

// query helpers

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func setID(q url.Values, key string, id int64) {
	if id != 0 {
		q.Set(key, strconv.FormatInt(id, 10))
	}
}

func setIDs(q url.Values, key string, ids []int64) {
	if len(ids) > 0 {
		q.Set(key, joinIDs(ids))
	}
}

// checkPaging checks page_limit and page_offset.
func checkPaging(v *valid.Validator, limit, offset, prefetch int) {
	if limit != 0 {
		v.Range("page_limit", int64(limit), 1, MaxPageLimit)
	}
	v.Check(offset >= 0, "page_offset", "must be >= 0", offset)
	v.Check(prefetch >= 0 && prefetch <= 32, "prefetch", "must be between 0 and 32", prefetch)
}

func checkIDs(v *valid.Validator, field string, ids []int64) {
	for i, id := range ids {
		v.Check(id >= 1 && id <= 2147483647, field+"["+strconv.Itoa(i)+"]", "must be between 1 and 2147483647", id)
	}
}

func checkID(id int64) error {
	if id <= 0 {
		var v valid.Validator
		v.Add("id", "must be a positive id", id)
		return v.Err()
	}
	return nil
}
