package targeting

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// BulkItem is the outcome of one input record of a bulk call.
type BulkItem[T any] struct {
	// Index is the item's position in the input.
	Index int
	// ID is the record's id.
	ID int64
	// Record is the record as the server answered it, on success.
	Record *T
	// Err is why the item failed: an *adama.ValidationError (refused
	// before sending), an *adama.Error naming the platform's reasons
	// (StrategyTargetingService.Add, whose answer gives them),
	// ErrNotInAnswer (the server left it out of a multi-status answer),
	// or the request's own error when the whole request failed.
	Err error
}

// OK reports whether the item succeeded.
func (it BulkItem[T]) OK() bool { return it.Err == nil }

// BulkResult holds every input record's outcome, in input order.
type BulkResult[T any] struct {
	Items []BulkItem[T]
	// Status is the answer's HTTP status: 200 when every item sent
	// succeeded, 207 when some did not; 0 when nothing was sent.
	Status int
	// Unmatched holds the records the server answered that match no item
	// sent, such as one whose id fits no documented form (its Misfits say
	// so): kept, so that nothing answered is lost.
	Unmatched []*T
}

// Succeeded returns the items that succeeded.
func (r *BulkResult[T]) Succeeded() []BulkItem[T] { return r.filter(true) }

// Failed returns the items that failed.
func (r *BulkResult[T]) Failed() []BulkItem[T] { return r.filter(false) }

func (r *BulkResult[T]) filter(ok bool) []BulkItem[T] {
	var out []BulkItem[T]
	for _, it := range r.Items {
		if it.OK() == ok {
			out = append(out, it)
		}
	}
	return out
}

// ErrNotInAnswer is the error of a bulk item the server's multi-status
// answer leaves out: the platform did not apply it (the reference gives no
// reason per item; read the record again to see why).
var ErrNotInAnswer = errors.New("targeting: the bulk answer leaves the item out")

// maxBulkAnswer bounds the answer of a bulk call the SDK reads whole.
const maxBulkAnswer = 64 << 20

// sendWhole sends c and decodes its whole answer into ans, not only the
// envelope's data: a bulk answer's failed items sit beside it. It returns
// the answer's response (its body read and closed).
func sendWhole(ctx context.Context, g *call.Group, c *call.Call, ans any, ro []adama.RequestOption) (*http.Response, error) {
	resp, err := g.Send(ctx, c, ro...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBulkAnswer+1))
	if err != nil {
		return resp, &adama.Error{Code: adama.CodeTransport, Message: "reading the bulk answer: " + err.Error(), StatusCode: resp.StatusCode, Err: err}
	}
	if len(b) > maxBulkAnswer {
		return resp, &adama.Error{Code: adama.CodeBodyTooLarge, Message: "bulk answer larger than " + strconv.Itoa(maxBulkAnswer) + " bytes", StatusCode: resp.StatusCode}
	}
	if err := json.Unmarshal(b, ans); err != nil {
		return resp, &adama.Error{Code: adama.CodeUnexpectedContent, Message: "reading the bulk answer: " + err.Error(), StatusCode: resp.StatusCode, Err: err}
	}
	return resp, nil
}

// bulk sends the items of res not yet failed, body built by wrap from
// their bodies, and matches the answer's records to them by id.
func bulk[T any](ctx context.Context, g *call.Group, path string, res *BulkResult[T], bodies []json.RawMessage,
	wrap func([]json.RawMessage) any, idOf func(*T) int64, ro []adama.RequestOption) (*BulkResult[T], error) {
	var send []json.RawMessage
	for i, it := range res.Items {
		if it.Err == nil {
			send = append(send, bodies[i])
		}
	}
	if len(send) == 0 {
		return res, nil
	}
	var resp *http.Response
	ro = append(ro[:len(ro):len(ro)], adama.WithResponse(&resp))
	page, err := call.List[*T](ctx, g, &call.Call{Method: http.MethodPost, Path: path, JSON: wrap(send)}, ro...)
	if err != nil {
		for i := range res.Items {
			if res.Items[i].Err == nil {
				res.Items[i].Err = err
			}
		}
		return res, err
	}
	if resp != nil {
		res.Status = resp.StatusCode
	}
	got, used := map[int64]*T{}, map[*T]bool{}
	for _, r := range page.Items {
		if r != nil {
			got[idOf(r)] = r
		}
	}
	for i := range res.Items {
		it := &res.Items[i]
		if it.Err != nil {
			continue
		}
		if r, ok := got[it.ID]; ok {
			it.Record, used[r] = r, true
		} else {
			it.Err = ErrNotInAnswer
		}
	}
	for _, r := range page.Items {
		if r != nil && !used[r] {
			res.Unmatched = append(res.Unmatched, r)
		}
	}
	return res, nil
}

// BulkUpdate changes several campaigns in one request (POST
// /bulk_update/campaigns): each item sends its id, its version and what
// changed since it was read, as Update does. A campaign that breaks a rule
// is refused before sending and the others go; the answer's records are
// matched to the items by id, an item the platform left out of a
// multi-status (207) answer failing with ErrNotInAnswer, and a record
// answered for no item kept in the result's Unmatched. The error is
// that of the whole request (nil when it was answered); each item's
// outcome is in the result.
func (s *CampaignService) BulkUpdate(ctx context.Context, campaigns []*Campaign, ro ...adama.RequestOption) (*BulkResult[Campaign], error) {
	res := &BulkResult[Campaign]{Items: make([]BulkItem[Campaign], len(campaigns))}
	bodies := make([]json.RawMessage, len(campaigns))
	if len(campaigns) == 0 {
		var v valid.Validator
		v.Add("update", "must hold at least 1 item", 0)
		return nil, v.Err()
	}
	for i, c := range campaigns {
		res.Items[i].Index = i
		if c == nil {
			var v valid.Validator
			v.Add(fmt.Sprintf("update[%d]", i), valid.RuleRequired, nil)
			res.Items[i].Err = v.Err()
			continue
		}
		res.Items[i].ID = c.ID
		b, err := c.updateRequest()
		if err != nil {
			res.Items[i].Err = err
			continue
		}
		bodies[i] = withID(b.(json.RawMessage), c.ID)
	}
	return bulk(ctx, s.g, "/bulk_update/campaigns", res, bodies,
		func(items []json.RawMessage) any { return map[string]any{"update": items} },
		func(c *Campaign) int64 { return c.ID }, ro)
}

// BulkUpdate sets the status and archived flag of several concepts in one
// request (POST /bulk_update/concepts; the reference lets a bulk update
// change nothing else): each item sends its id and the two flags that are
// set. Outcomes as CampaignService.BulkUpdate's.
func (s *ConceptService) BulkUpdate(ctx context.Context, concepts []*Concept, ro ...adama.RequestOption) (*BulkResult[Concept], error) {
	res := &BulkResult[Concept]{Items: make([]BulkItem[Concept], len(concepts))}
	bodies := make([]json.RawMessage, len(concepts))
	for i, c := range concepts {
		res.Items[i].Index = i
		var v valid.Validator
		if c == nil {
			v.Add(fmt.Sprintf("concepts.update[%d]", i), valid.RuleRequired, nil)
			res.Items[i].Err = v.Err()
			continue
		}
		res.Items[i].ID = c.ID
		checkInt32(&v, fmt.Sprintf("concepts.update[%d].id", i), c.ID, 1)
		if err := v.Err(); err != nil {
			res.Items[i].Err = err
			continue
		}
		b, err := json.Marshal(struct {
			ID       int64 `json:"id"`
			Status   *bool `json:"status,omitempty"`
			Archived *bool `json:"archived,omitempty"`
		}{c.ID, c.Status, c.Archived})
		if err != nil {
			res.Items[i].Err = err
			continue
		}
		bodies[i] = b
	}
	return bulk(ctx, s.g, "/bulk_update/concepts", res, bodies,
		func(items []json.RawMessage) any {
			return map[string]any{"concepts": map[string]any{"update": items}}
		},
		func(c *Concept) int64 { return c.ID }, ro)
}

// withID puts "id" first in the update body b ({"version":n,...}).
func withID(b json.RawMessage, id int64) json.RawMessage {
	out := fmt.Appendf(nil, `{"id":%d`, id)
	if len(b) > 2 {
		out = append(out, ',')
		out = append(out, b[1:]...)
	} else {
		out = append(out, '}')
	}
	return out
}
