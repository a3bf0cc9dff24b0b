package creatives

import (
	"net/url"
	"strconv"
	"time"

	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// HistoryOptions select history entries. The zero value asks for the
// platform's default page.
type HistoryOptions struct {
	// Limit is the number of entries per page (0: the platform's default).
	Limit int
	// Offset is the page offset.
	Offset int
	// CreatedAfter and CreatedBefore filter by creation time (zero: no
	// filter); sent as epoch seconds.
	CreatedAfter, CreatedBefore time.Time
}

func (o HistoryOptions) query(v *valid.Validator) url.Values {
	q := url.Values{}
	v.Check(o.Limit >= 0, "limit", "at least 0", o.Limit)
	v.Check(o.Offset >= 0, "offset", "at least 0", o.Offset)
	if o.Limit > 0 {
		q.Set("limit", strconv.Itoa(o.Limit))
	}
	if o.Offset > 0 {
		q.Set("offset", strconv.Itoa(o.Offset))
	}
	if !o.CreatedAfter.IsZero() {
		q.Set("created_after", strconv.FormatInt(o.CreatedAfter.Unix(), 10))
	}
	if !o.CreatedBefore.IsZero() {
		q.Set("created_before", strconv.FormatInt(o.CreatedBefore.Unix(), 10))
	}
	if !o.CreatedAfter.IsZero() && !o.CreatedBefore.IsZero() {
		v.Check(o.CreatedBefore.After(o.CreatedAfter), "created_before", "after created_after", o.CreatedBefore)
	}
	return q
}

// historyRequest checks the options of History and sends them.
func historyRequest(c *call.Call, _ int64, o *HistoryOptions) error {
	if o == nil {
		return nil
	}
	var v valid.Validator
	c.Query = o.query(&v)
	return v.Err()
}
