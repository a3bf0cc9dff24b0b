package targeting

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

// The actions of a bulk update item (AtomicCreativeBulkItem.Action), as
// the platform names them in its answer.
const (
	BulkActionCreate = "create"
	BulkActionUpdate = "update"
)

// AtomicCreativeBulkItem is the outcome of one input atomic creative of
// BulkUpdate.
type AtomicCreativeBulkItem struct {
	// Index is the item's position in the input.
	Index int
	// Action is BulkActionCreate for a creative without an id,
	// BulkActionUpdate for one with an id.
	Action string
	// AtomicCreative is the creative as the platform answered it, on
	// success.
	AtomicCreative *AtomicCreative
	// Err is why the item failed: an *adama.ValidationError (refused
	// before sending), an *adama.Error naming the platform's reasons (the
	// item was refused), or the request's own error (every item sent
	// shares it). Unknown is set with it when a request that creates may
	// have been applied although its answer was lost.
	Err     error
	Unknown bool
}

// OK reports whether the item succeeded.
func (it AtomicCreativeBulkItem) OK() bool { return it.Err == nil && !it.Unknown }

// AtomicCreativeBulkResult holds every input creative's outcome, in input
// order.
type AtomicCreativeBulkResult struct {
	Items []AtomicCreativeBulkItem
	// Unmatched holds the creatives the platform answered that match no
	// item sent: one whose id fits no documented form (its Misfits say
	// so) is kept here rather than taken for a create's record.
	Unmatched []*AtomicCreative
}

// Succeeded returns the items that succeeded.
func (r *AtomicCreativeBulkResult) Succeeded() []AtomicCreativeBulkItem {
	return r.filter(func(it AtomicCreativeBulkItem) bool { return it.OK() })
}

// Failed returns the items that failed or whose outcome is unknown.
func (r *AtomicCreativeBulkResult) Failed() []AtomicCreativeBulkItem {
	return r.filter(func(it AtomicCreativeBulkItem) bool { return !it.OK() })
}

func (r *AtomicCreativeBulkResult) filter(keep func(AtomicCreativeBulkItem) bool) []AtomicCreativeBulkItem {
	var out []AtomicCreativeBulkItem
	for _, it := range r.Items {
		if keep(it) {
			out = append(out, it)
		}
	}
	return out
}

// bulkSent is one item sent: its input index, its id (an update's) and
// its body.
type bulkSent struct {
	index int
	id    int64
	body  json.RawMessage
}

// BulkUpdate creates the creatives without an id and updates those with
// one, in one request (POST /bulk_update/atomic_creatives): a create
// sends the fields set, as Create does; an update its id, its version
// and what changed since it was read, as Update does. Each item's outcome
// is reported in input order: an item the SDK refuses is not sent; the
// platform answers the others (status 207 when some failed) and names
// each failure by its action and its position in that action's list. The
// error is nil unless the call could not be made at all (no creatives).
func (s *AtomicCreativeService) BulkUpdate(ctx context.Context, creatives []*AtomicCreative, ro ...adama.RequestOption) (*AtomicCreativeBulkResult, error) {
	if len(creatives) == 0 {
		var v valid.Validator
		v.Require("atomic_creatives", false)
		return nil, v.Err()
	}
	res := &AtomicCreativeBulkResult{Items: make([]AtomicCreativeBulkItem, len(creatives))}
	var creates, updates []bulkSent
	for i, ac := range creatives {
		it := &res.Items[i]
		it.Index, it.Action = i, BulkActionUpdate
		if ac == nil {
			var v valid.Validator
			v.Require("atomic_creatives["+strconv.Itoa(i)+"]", false)
			it.Err = v.Err()
			continue
		}
		if ac.ID == 0 {
			it.Action = BulkActionCreate
			body, err := ac.createRequest()
			if err == nil {
				var b []byte
				b, err = json.Marshal(body)
				creates = append(creates, bulkSent{i, 0, b})
			}
			it.Err = err
			continue
		}
		body, err := ac.updateRequest()
		if err != nil {
			it.Err = err
			continue
		}
		b, err := json.Marshal(body)
		if err != nil {
			it.Err = err
			continue
		}
		// The item carries its id before the update's own fields.
		b = append([]byte(`{"id":`+strconv.FormatInt(ac.ID, 10)+`,`), strings.TrimPrefix(string(b), "{")...)
		updates = append(updates, bulkSent{i, ac.ID, b})
	}
	if len(creates)+len(updates) == 0 {
		return res, nil
	}
	list := map[string][]json.RawMessage{}
	for _, c := range creates {
		list["create"] = append(list["create"], c.body)
	}
	for _, u := range updates {
		list["update"] = append(list["update"], u.body)
	}
	ans, err := s.bulk(ctx, map[string]any{"atomic_creatives": list}, ro)
	if err != nil {
		unknown := len(creates) > 0 && answerLost(err)
		for _, p := range append(creates, updates...) {
			res.Items[p.index].Err, res.Items[p.index].Unknown = err, unknown
		}
		return res, nil
	}
	matchBulk(res, creates, updates, ans)
	return res, nil
}

// bulkAnswer is the answer of a bulk update: the records written and the
// items that failed.
type bulkAnswer struct {
	Data   []*AtomicCreative         `json:"data"`
	Errors []AtomicCreativeBulkError `json:"errors"`
}

// bulk sends the request and reads its answer (the group's envelope does
// not hold the failed items, which sit beside data).
func (s *AtomicCreativeService) bulk(ctx context.Context, body any, ro []adama.RequestOption) (*bulkAnswer, error) {
	var ans bulkAnswer
	if _, err := sendWhole(ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/bulk_update/atomic_creatives", JSON: body}, &ans, ro); err != nil {
		return nil, err
	}
	return &ans, nil
}

// answerLost reports an error after which a request may have taken
// effect: no answer, a server error, or an answer that could not be read.
func answerLost(err error) bool {
	if errors.Is(err, adama.ErrOutcomeUnknown) || errors.Is(err, adama.ErrTransport) {
		return true
	}
	var ae *adama.Error
	if !errors.As(err, &ae) {
		return true
	}
	return ae.StatusCode >= 500 || ae.StatusCode < 400
}

// matchBulk gives each sent item its outcome: a failure by its action and
// index, an update's record by id, and the created records in order to
// the creates that did not fail.
func matchBulk(res *AtomicCreativeBulkResult, creates, updates []bulkSent, ans *bulkAnswer) {
	failed := map[string]AtomicCreativeBulkError{}
	for _, e := range ans.Errors {
		failed[e.Action+"/"+strconv.FormatInt(e.Index, 10)] = e
	}
	byID := map[int64]*AtomicCreative{}
	used := map[*AtomicCreative]bool{}
	for _, d := range ans.Data {
		if d != nil {
			byID[d.ID] = d
		}
	}
	for j, u := range updates {
		it := &res.Items[u.index]
		if e, ok := failed[BulkActionUpdate+"/"+strconv.Itoa(j)]; ok {
			it.Err = bulkError(e)
			continue
		}
		if d := byID[u.id]; d != nil {
			it.AtomicCreative, used[d] = d, true
		} else {
			it.Err = &adama.Error{Code: adama.CodeUnexpectedContent, Message: "the bulk answer holds neither the record nor an error for this update"}
		}
	}
	var rest []*AtomicCreative
	for _, d := range ans.Data {
		switch {
		case d == nil || used[d]:
		case idMisfit(d.Misfits()):
			res.Unmatched = append(res.Unmatched, d)
		default:
			rest = append(rest, d)
		}
	}
	for j, c := range creates {
		it := &res.Items[c.index]
		if e, ok := failed[BulkActionCreate+"/"+strconv.Itoa(j)]; ok {
			it.Err = bulkError(e)
			continue
		}
		if len(rest) == 0 {
			it.Err = &adama.Error{Code: adama.CodeUnexpectedContent, Message: "the bulk answer holds neither the record nor an error for this create"}
			continue
		}
		it.AtomicCreative, rest = rest[0], rest[1:]
	}
	res.Unmatched = append(res.Unmatched, rest...)
}

// idMisfit reports whether a record's own id fits no documented form.
func idMisfit(ms []adama.Misfit) bool {
	for _, m := range ms {
		if m.Field == "id" {
			return true
		}
	}
	return false
}

// bulkError is the *adama.Error of one failed item, naming each reason.
func bulkError(e AtomicCreativeBulkError) error {
	var msgs []string
	for _, p := range e.Errors {
		m := p.Message
		if p.Field != "" {
			m = p.Field + ": " + m
		}
		msgs = append(msgs, m)
	}
	code := "invalid"
	if len(e.Errors) > 0 && e.Errors[0].Code != "" {
		code = e.Errors[0].Code
	}
	return &adama.Error{StatusCode: http.StatusMultiStatus, Code: code, Message: e.Action + " item " + strconv.FormatInt(e.Index, 10) + ": " + strings.Join(msgs, "; ")}
}
