package byoa

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// BrainTypeID identifies the kind of brain a model or endpoint serves.
// Model uploads and bid endpoints take 1000-1004; the platform also
// answers other values (3 for stored models, 2003 for win endpoints in the
// reference's examples), which are read as they are.
type BrainTypeID int

// The range of brain_type_id a model upload accepts.
const (
	MinBrainTypeID BrainTypeID = 1000
	MaxBrainTypeID BrainTypeID = 1004
)

// Valid reports whether b lies in 1000-1004.
func (b BrainTypeID) Valid() bool { return b >= MinBrainTypeID && b <= MaxBrainTypeID }

// Executors are executors keyed by their name, as the server sends them.
type Executors map[string]Executor

// Misfits lists the executors' values that fit no documented form, under
// each executor's name ("bidder.endpoints[0].url").
func (x Executors) Misfits() []adama.Misfit { return record.Nested(map[string]Executor(x), "") }

// Names returns the executor names, sorted.
func (e Executors) Names() []string {
	out := make([]string, 0, len(e))
	for n := range e {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ByID returns the executor with id and its name.
func (e Executors) ByID(id int64) (string, Executor, bool) {
	for _, n := range e.Names() {
		if e[n].ExecutorID == id {
			return n, e[n], true
		}
	}
	return "", Executor{}, false
}

// Configuration is the custom bid router's summary for an organization.
//
// The reference documents two forms and the SDK reads both: the schema's
// {"emails": "...", "executors": {name: executor}} and the example's
// {name: executor, ...} directly under data.
type Configuration struct {
	Emails    string
	Executors Executors
	// Extra keeps the members that are neither emails nor executors.
	Extra map[string]json.RawMessage
}

// UnmarshalJSON reads either form of the configuration.
func (c *Configuration) UnmarshalJSON(b []byte) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return err
	}
	*c = Configuration{Executors: Executors{}}
	if raw, ok := obj["emails"]; ok {
		if json.Unmarshal(raw, &c.Emails) != nil {
			c.keep("emails", raw)
		}
		delete(obj, "emails")
	}
	if raw, ok := obj["executors"]; ok && isExecutorMap(raw) {
		if err := json.Unmarshal(raw, &c.Executors); err != nil {
			return err
		}
		delete(obj, "executors")
	}
	for k, raw := range obj {
		if isExecutor(raw) {
			var x Executor
			if err := json.Unmarshal(raw, &x); err != nil {
				return err
			}
			c.Executors[k] = x
			continue
		}
		c.keep(k, raw)
	}
	return nil
}

// configurationIdx names the member of a Configuration kept in Extra when
// it fits no documented form.
var configurationIdx = record.Index{"emails": 0}

// Misfits lists the values that fit no documented form: emails, and the
// executors' under "executors.<name>." (see adama.Misfit).
func (c *Configuration) Misfits() []adama.Misfit {
	if c == nil {
		return nil
	}
	return append(record.Misfits(c.Extra, configurationIdx, ""), record.Nested(c.Executors, "executors")...)
}

func (c *Configuration) keep(k string, v json.RawMessage) {
	if c.Extra == nil {
		c.Extra = map[string]json.RawMessage{}
	}
	c.Extra[k] = v
}

// MarshalJSON writes the schema's form.
func (c Configuration) MarshalJSON() ([]byte, error) {
	return encodeObject(struct {
		Emails    string    `json:"emails,omitempty"`
		Executors Executors `json:"executors"`
	}{c.Emails, c.Executors}, c.Extra)
}

// isExecutor reports whether raw is an object with executor members.
func isExecutor(raw json.RawMessage) bool {
	var probe map[string]json.RawMessage
	if json.Unmarshal(raw, &probe) != nil {
		return false
	}
	_, a := probe["endpoints"]
	_, b := probe["executor_id"]
	return a || b
}

// isExecutorMap reports whether raw is an object of executors (or empty).
func isExecutorMap(raw json.RawMessage) bool {
	var probe map[string]json.RawMessage
	if json.Unmarshal(raw, &probe) != nil || probe == nil {
		return false
	}
	for _, v := range probe {
		if !isExecutor(v) {
			return false
		}
	}
	return true
}

// BidRouterService reads the custom bid router's configuration and sets
// an executor's sample rate (/custombidrouter/{org_id}).
type BidRouterService struct{ g *call.Group }

// Executor returns the executor and its endpoints, keyed by the
// executor's name.
func (s *BidRouterService) Executor(ctx context.Context, orgID, executorID int64, opts ...adama.RequestOption) (Executors, error) {
	var out Executors
	if _, err := s.g.Into(ctx, &call.Call{Path: executorPath(orgID, executorID)}, &out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}

// SetSampleRate sets the percent (0-100) of bid opportunities forwarded to
// the executor's endpoints, collectively, and returns the executor as
// changed. Setting the same rate twice is harmless, so the call is
// retried like a read.
func (s *BidRouterService) SetSampleRate(ctx context.Context, orgID, executorID int64, percent int, opts ...adama.RequestOption) (Executors, error) {
	var v valid.Validator
	v.Range("sample_rate", int64(percent), 0, 100)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body := struct {
		SampleRate int `json:"sample_rate"`
	}{percent}
	var out Executors
	c := &call.Call{Method: http.MethodPatch, Path: executorPath(orgID, executorID), JSON: body, ReadOnly: true}
	if _, err := s.g.Into(ctx, c, &out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}

func executorPath(orgID, executorID int64) string {
	return "/custombidrouter/" + id(orgID) + "/executors/" + id(executorID)
}
