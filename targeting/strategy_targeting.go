package targeting

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"regexp"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/errbody"
	"github.com/adamasdk/adama-go/internal/jsonscan"
)

// Add adds the request's targeting to each of its strategies (POST
// /targeting) and reports one item per strategy, in the order of
// StrategyIDs: its ID, its location targeting as the platform answered it
// (Record, also when Err is set: what was applied), and Err, the
// platform's reasons when it answered 207 (multi-status) naming the
// item. A reason whose field is strategy_id[i] names the i-th strategy of
// the request; any other reason concerns the targeting sent, which every
// strategy shares, and fails every item. Each item's reasons make one
// *adama.Error (status 207, the first reason's code, every reason in
// Fields).
//
// A request that breaks a rule is refused before sending with an
// *adama.ValidationError and no result. The error is otherwise the whole
// request's (each item then holds it too), nil when it was answered.
func (s *StrategyTargetingService) Add(ctx context.Context, in *StrategyTargetingRequest, ro ...adama.RequestOption) (*BulkResult[StrategyTargetingView], error) {
	c := &call.Call{Method: http.MethodPost, Path: "/targeting"}
	if err := strategyTargetingRequest(c, in); err != nil {
		return nil, err
	}
	res := &BulkResult[StrategyTargetingView]{Items: make([]BulkItem[StrategyTargetingView], len(in.StrategyIDs))}
	for i, id := range in.StrategyIDs {
		res.Items[i] = BulkItem[StrategyTargetingView]{Index: i, ID: id}
	}
	var ans strategyTargetingAnswer
	resp, err := sendWhole(ctx, s.g, c, &ans, ro)
	if resp != nil {
		res.Status = resp.StatusCode
	}
	if err != nil {
		for i := range res.Items {
			res.Items[i].Err = err
		}
		return res, err
	}
	path := ""
	if resp.Request != nil && resp.Request.URL != nil {
		path = resp.Request.URL.Path
	}
	ans.outcomes(res, path)
	return res, nil
}

// strategyTargetingAnswer is the whole answer of POST /targeting: the
// location targeting under data and, in a 207, the reasons under errors.
type strategyTargetingAnswer struct {
	Data   StrategyTargetingView
	Errors []adama.FieldError
}

// UnmarshalJSON reads the answer leniently: data as the record reads it,
// errors as the error envelope's items (a list or a single one; an entry
// of no known form is left out).
func (a *strategyTargetingAnswer) UnmarshalJSON(b []byte) error {
	var env struct {
		Data   json.RawMessage `json:"data"`
		Errors json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		return err
	}
	*a = strategyTargetingAnswer{}
	if len(env.Data) > 0 && jsonscan.Valid(env.Data) {
		if err := a.Data.UnmarshalJSON(env.Data); err != nil {
			return err
		}
	}
	for _, f := range errbody.FieldErrors(env.Errors) {
		a.Errors = append(a.Errors, adama.FieldError(f))
	}
	return nil
}

// strategyField matches a reason's field naming one strategy of the
// request: strategy_id[i], optionally followed by more of the path.
var strategyField = regexp.MustCompile(`^strategy_id\[(\d+)\]`)

// outcomes gives each item of res its location rows and its reasons.
func (a *strategyTargetingAnswer) outcomes(res *BulkResult[StrategyTargetingView], path string) {
	rows := map[int64][]LocationTargeting{}
	for _, l := range a.Data.Location {
		rows[l.StrategyID] = append(rows[l.StrategyID], l)
	}
	per := make([][]adama.FieldError, len(res.Items))
	var shared []adama.FieldError
	for _, f := range a.Errors {
		if m := strategyField.FindStringSubmatch(f.Field); m != nil {
			if i, err := strconv.Atoi(m[1]); err == nil && i < len(res.Items) {
				per[i] = append(per[i], f)
				continue
			}
		}
		shared = append(shared, f)
	}
	if res.Status == http.StatusMultiStatus && len(a.Errors) == 0 {
		shared = []adama.FieldError{{Code: adama.CodeUnexpectedContent, Message: "the multi-status answer names no reason"}}
	}
	asked := map[int64]bool{}
	for i := range res.Items {
		it := &res.Items[i]
		asked[it.ID] = true
		it.Record = &StrategyTargetingView{Location: rows[it.ID], Extra: maps.Clone(a.Data.Extra)}
		if reasons := append(per[i][:len(per[i]):len(per[i])], shared...); len(reasons) > 0 {
			it.Err = itemError(res.Status, path, reasons)
		}
	}
	// Rows of no strategy asked for (such as one whose strategy_id fits
	// no documented form) are kept, not dropped.
	var rest []LocationTargeting
	for _, l := range a.Data.Location {
		if !asked[l.StrategyID] {
			rest = append(rest, l)
		}
	}
	if rest != nil {
		res.Unmatched = append(res.Unmatched, &StrategyTargetingView{Location: rest, Extra: maps.Clone(a.Data.Extra)})
	}
}

// itemError is the *adama.Error of one item's reasons (its text names
// each of them after the message).
func itemError(status int, path string, reasons []adama.FieldError) *adama.Error {
	code := reasons[0].Code
	if code == "" {
		code = "invalid"
	}
	return &adama.Error{StatusCode: status, Code: code, Message: "the item was refused", Fields: reasons, Method: http.MethodPost, Path: path}
}
