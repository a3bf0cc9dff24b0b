package deals

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// DefaultBulkChunk is how many deals one bulk request carries by default.
const DefaultBulkChunk = 500

// MaxBulkChunk is the most deals one bulk request may carry (the platform
// refuses "more than 1000 ids").
const MaxBulkChunk = 1000

// WithBulkChunkSize returns a copy of s whose bulk calls (BulkCreate,
// BulkUpdate, BulkSave) send n deals per request (1..1000). Inputs larger
// than the chunk size are sent in several requests; every item's outcome
// is reported, whichever chunk it was in and whether or not other chunks
// failed.
func (s *DealService) WithBulkChunkSize(n int) *DealService {
	c := *s
	c.chunk = min(max(n, 1), MaxBulkChunk)
	return &c
}

// BulkItem is the outcome of one input deal.
type BulkItem struct {
	// Index is the item's position in the input.
	Index int
	// Op says whether the item was a create or an update.
	Op BulkOp
	// Chunk is the index of the request that carried it (-1 when it was
	// refused before sending).
	Chunk int
	// Deal is the deal as the server returned it, on success.
	Deal *Deal
	// Err is why the item failed: an *adama.ValidationError (refused
	// before sending), an *adama.Error (the server refused it, or its
	// whole request failed), or the transport error of a lost answer.
	Err error
	// Unknown reports that a creating request's answer was lost: the
	// deals may or may not exist. Such a request is not retried; look the
	// deals up (by deal_identifier) before sending them again.
	Unknown bool
}

// OK reports whether the item succeeded.
func (it BulkItem) OK() bool { return it.Err == nil && !it.Unknown }

// BulkChunk is the outcome of one request.
type BulkChunk struct {
	// Start and End bound the input items it carried ([Start, End)).
	Start, End int
	// Sent is how many items it carried (items refused before sending
	// are not counted).
	Sent int
	// Err is the request's failure, nil when it was answered.
	Err error
	// Unknown reports a creating request whose answer was lost.
	Unknown bool
}

// BulkResult holds every item's and every chunk's outcome.
type BulkResult struct {
	// Items has one entry per input deal, in input order.
	Items []BulkItem
	// Chunks has one entry per request, in order.
	Chunks []BulkChunk
}

// Succeeded returns the items that succeeded.
func (r *BulkResult) Succeeded() []BulkItem {
	return r.filter(func(it BulkItem) bool { return it.OK() })
}

// Failed returns the items that failed or whose outcome is unknown.
func (r *BulkResult) Failed() []BulkItem { return r.filter(func(it BulkItem) bool { return !it.OK() }) }

func (r *BulkResult) filter(keep func(BulkItem) bool) []BulkItem {
	var out []BulkItem
	for _, it := range r.Items {
		if keep(it) {
			out = append(out, it)
		}
	}
	return out
}

// bulkAnswer is the data of a bulk answer; each call names its success
// list differently.
type bulkAnswer struct {
	Updated []Deal       `json:"updated_deals"`
	Created []Deal       `json:"created_deals"`
	Valid   []Deal       `json:"valid_deals"`
	Invalid []invalidRow `json:"invalid_deals"`
}

// invalidRow is one refused item: the deal as sent and the reason.
type invalidRow struct {
	Deal            Deal   `json:"deal"`
	ValidationError string `json:"validation_error"`
	Extra           map[string]json.RawMessage
}

type invalidRowAlias invalidRow

var invalidRowIdx = record.IndexOf(reflect.TypeFor[invalidRowAlias]())

// UnmarshalJSON reads the refused item leniently.
func (r *invalidRow) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*invalidRowAlias)(r), invalidRowIdx, &r.Extra)
}

// BulkUpdate updates every deal with what changed since it was read (PUT
// /bulk_update/deals; each item carries its id and only its changes).
// Updates are idempotent, so a failed request is retried by the client.
func (s *DealService) BulkUpdate(ctx context.Context, deals []*Deal, ro ...adama.RequestOption) (*BulkResult, error) {
	return s.run(ctx, http.MethodPut, "/bulk_update/deals", deals, modeUpdate, ro)
}

// BulkCreate creates every deal (POST /bulk_create/deals; each item
// carries all its fields, in the body's "data" list as the reference shows
// it). A request whose answer is lost is reported as Unknown, never
// retried.
func (s *DealService) BulkCreate(ctx context.Context, deals []*Deal, ro ...adama.RequestOption) (*BulkResult, error) {
	return s.run(ctx, http.MethodPost, "/bulk_create/deals", deals, modeCreate, ro)
}

// listKey is the body property holding the items: the reference shows
// {"data": [...]} for /bulk_create/deals and {"deals": [...]} for the
// other two calls.
func listKey(mode bulkMode) string {
	if mode == modeCreate {
		return "data"
	}
	return "deals"
}

// BulkSave creates the deals without an id and updates those with one
// (POST /bulk/deals): a create carries all its fields, an update its id
// and its changes only.
func (s *DealService) BulkSave(ctx context.Context, deals []*Deal, ro ...adama.RequestOption) (*BulkResult, error) {
	return s.run(ctx, http.MethodPost, "/bulk/deals", deals, modeMixed, ro)
}

type bulkMode int

const (
	modeUpdate bulkMode = iota
	modeCreate
	modeMixed
)

// pending is one item ready to send.
type pending struct {
	index int
	body  map[string]json.RawMessage
}

func (s *DealService) run(ctx context.Context, method, path string, deals []*Deal, mode bulkMode, ro []adama.RequestOption) (*BulkResult, error) {
	if len(deals) == 0 {
		var v valid.Validator
		v.Require("deals", false)
		return nil, v.Err()
	}
	res := &BulkResult{Items: make([]BulkItem, len(deals))}
	var ready []pending
	for i, d := range deals {
		it := &res.Items[i]
		it.Index, it.Chunk = i, -1
		if d == nil {
			var v valid.Validator
			v.Require("deals["+strconv.Itoa(i)+"]", false)
			it.Err = v.Err()
			continue
		}
		create := mode == modeCreate || (mode == modeMixed && d.ID == 0)
		it.Op = BulkOpUpdate
		if create {
			it.Op = BulkOpCreate
		}
		var body map[string]json.RawMessage
		var err error
		if create {
			if err = d.Validate(true); err == nil {
				body = d.createBody()
			}
		} else if err = checkID(d.ID); err == nil {
			if body, err = d.updateBody(); err == nil {
				body["id"] = json.RawMessage(strconv.FormatInt(d.ID, 10))
			}
		}
		if err != nil {
			it.Err = err
			continue
		}
		ready = append(ready, pending{i, body})
	}
	size := s.chunk
	if size <= 0 {
		size = DefaultBulkChunk
	}
	for start := 0; start < len(ready); start += size {
		part := ready[start:min(start+size, len(ready))]
		ch := BulkChunk{Start: part[0].index, End: part[len(part)-1].index + 1, Sent: len(part)}
		n := len(res.Chunks)
		items := make([]map[string]json.RawMessage, len(part))
		creating := false
		for i, p := range part {
			items[i] = p.body
			res.Items[p.index].Chunk = n
			creating = creating || res.Items[p.index].Op == BulkOpCreate
		}
		var ans bulkAnswer
		_, err := s.g.Into(ctx, &call.Call{Method: method, Path: path, JSON: map[string]any{listKey(mode): items}}, &ans, ro...)
		if err != nil {
			ch.Err = err
			ch.Unknown = creating && answerLost(err)
			for _, p := range part {
				res.Items[p.index].Err = err
				res.Items[p.index].Unknown = ch.Unknown
			}
		} else {
			match(res, part, deals, &ans)
		}
		res.Chunks = append(res.Chunks, ch)
	}
	return res, nil
}

// answerLost reports an error after which a request may have taken effect:
// no answer at all, a server error, or an answer that could not be read.
func answerLost(err error) bool {
	if errors.Is(err, adama.ErrOutcomeUnknown) || errors.Is(err, adama.ErrTransport) {
		return true
	}
	var ae *adama.Error
	if !errors.As(err, &ae) {
		return true // the context ended while the request was out
	}
	return ae.StatusCode >= 500 || ae.StatusCode < 400
}

// match gives each sent item its outcome from the answer: updates by id,
// creates by deal_identifier (then name), and whatever is left in order.
func match(res *BulkResult, part []pending, deals []*Deal, ans *bulkAnswer) {
	ok := append(append(append([]Deal(nil), ans.Updated...), ans.Created...), ans.Valid...)
	done := make([]bool, len(part))
	usedOK := make([]bool, len(ok))
	usedBad := make([]bool, len(ans.Invalid))
	// keys lists the keys of d from the most specific: an update by id; a
	// create by identifier and name, identifier, then name.
	keys := func(d *Deal, byID bool) []string {
		if byID {
			return []string{"id:" + strconv.FormatInt(d.ID, 10)}
		}
		return []string{"both:" + d.DealIdentifier + "\x00" + d.Name, "ident:" + d.DealIdentifier, "name:" + d.Name}
	}
	index := func(list []*Deal) map[string][]int {
		idx := map[string][]int{}
		for j, d := range list {
			for _, k := range append(keys(d, true), keys(d, false)...) {
				idx[k] = append(idx[k], j)
			}
		}
		return idx
	}
	okPtrs := make([]*Deal, len(ok))
	for j := range ok {
		okPtrs[j] = &ok[j]
	}
	badPtrs := make([]*Deal, len(ans.Invalid))
	for j := range ans.Invalid {
		badPtrs[j] = &ans.Invalid[j].Deal
	}
	okIdx, badIdx := index(okPtrs), index(badPtrs)
	take := func(idx map[string][]int, used []bool, k string) int {
		for _, j := range idx[k] {
			if !used[j] {
				used[j] = true
				return j
			}
		}
		return -1
	}
	for i, p := range part {
		d := deals[p.index]
		it := &res.Items[p.index]
		for _, k := range keys(d, it.Op == BulkOpUpdate) {
			if j := take(badIdx, usedBad, k); j >= 0 {
				it.Err = itemError(ans.Invalid[j].ValidationError)
				done[i] = true
				break
			}
			if j := take(okIdx, usedOK, k); j >= 0 {
				it.Deal = &ok[j]
				done[i] = true
				break
			}
		}
	}
	// Items the answer did not name: pair them in order with what is left.
	nextOK, nextBad := 0, 0
	for i, p := range part {
		if done[i] {
			continue
		}
		it := &res.Items[p.index]
		for nextBad < len(usedBad) && usedBad[nextBad] {
			nextBad++
		}
		if nextBad < len(usedBad) {
			usedBad[nextBad] = true
			it.Err = itemError(ans.Invalid[nextBad].ValidationError)
			continue
		}
		for nextOK < len(usedOK) && usedOK[nextOK] {
			nextOK++
		}
		if nextOK < len(usedOK) {
			usedOK[nextOK] = true
			it.Deal = &ok[nextOK]
			continue
		}
		it.Err = &adama.Error{StatusCode: http.StatusOK, Code: adama.CodeUnexpectedContent, Message: "the answer reports no outcome for this deal"}
		it.Unknown = it.Op == BulkOpCreate
	}
}

func itemError(msg string) error {
	if msg == "" {
		msg = "refused"
	}
	return &adama.Error{StatusCode: http.StatusOK, Code: "invalid", Message: msg}
}
