package creatives

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/adamasdk/adama-go/adama"
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

// History is a creative's change log. Shape from
// the Video Creatives API reference, schema
// HistoryResponse.
type History struct {
	// With lists the related log entries (schema WithPart).
	With HistoryWith `json:"with"`
	// LogEntries is the page of entries (schema LogEntriesWrapper).
	LogEntries HistoryPage `json:"log_entries"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads h liberally and keeps unknown properties.
func (h *History) UnmarshalJSON(b []byte) error {
	type alias History
	return decodeRecord(b, (*alias)(h), &h.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (h *History) Misfits() []adama.Misfit {
	if h == nil {
		return nil
	}
	return misfitsOf(h, h.Extra)
}

// HistoryWith is schema WithPart.
type HistoryWith struct {
	Count      int      `json:"count"`
	LogEntries []string `json:"log_entries"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads w liberally and keeps unknown properties.
func (w *HistoryWith) UnmarshalJSON(b []byte) error {
	type alias HistoryWith
	return decodeRecord(b, (*alias)(w), &w.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (w *HistoryWith) Misfits() []adama.Misfit {
	if w == nil {
		return nil
	}
	return misfitsOf(w, w.Extra)
}

// HistoryPage is schema LogEntriesWrapper: a page of entries, the total
// count and the page's start.
type HistoryPage struct {
	Entry []HistoryEntry `json:"entry"`
	Count int            `json:"count"`
	Start int            `json:"start"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads p liberally and keeps unknown properties.
func (p *HistoryPage) UnmarshalJSON(b []byte) error {
	type alias HistoryPage
	return decodeRecord(b, (*alias)(p), &p.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (p *HistoryPage) Misfits() []adama.Misfit {
	if p == nil {
		return nil
	}
	return misfitsOf(p, p.Extra)
}

// HistoryEntry is one change. Shape from
// the Video Creatives API reference, schema
// LogEntryResponse.
type HistoryEntry struct {
	UserID   int64         `json:"user_id"`
	UserName string        `json:"user_name"`
	Action   string        `json:"action"`
	Date     string        `json:"date"`
	Fields   []FieldChange `json:"field"`
	// Extra keeps properties the SDK does not model.
	Extra Extra `json:"-"`
}

// UnmarshalJSON reads e liberally and keeps unknown properties.
func (e *HistoryEntry) UnmarshalJSON(b []byte) error {
	type alias HistoryEntry
	return decodeRecord(b, (*alias)(e), &e.Extra)
}

// Misfits lists the values that fit no documented form, kept and sent
// back as they came (see adama.Misfit), nested records' included.
func (e *HistoryEntry) Misfits() []adama.Misfit {
	if e == nil {
		return nil
	}
	return misfitsOf(e, e.Extra)
}

// FieldChange is one field's change. Shape from
// the Video Creatives API reference, schema
// FieldChangeEntry.
type FieldChange struct {
	Name     string     `json:"name"`
	OldValue FlexString `json:"old_value"`
	NewValue FlexString `json:"new_value"`
}

// History lists a creative's history (GET /creatives/{id}/history).
func (s *VideoService) History(ctx context.Context, id int64, o *HistoryOptions, opts ...adama.RequestOption) (*History, error) {
	var v valid.Validator
	checkID(&v, "creativeId", id)
	var q url.Values
	if o != nil {
		q = o.query(&v)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return one[History](ctx, s.g, &call.Call{Path: "/creatives" + pathID(id) + "/history", Query: q}, opts...)
}

// DeleteHistory deletes the creative's history entry (DELETE
// /creatives/{id}/history).
func (s *VideoService) DeleteHistory(ctx context.Context, id int64, opts ...adama.RequestOption) error {
	var v valid.Validator
	checkID(&v, "creativeId", id)
	if err := v.Err(); err != nil {
		return err
	}
	return noContent(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: "/creatives" + pathID(id) + "/history"}, opts...)
}
