// Package wire holds the platform's wire envelopes: the JSON envelope
// (meta + data), the XML result/entity/prop form, and the conversion of XML
// entities into the JSON form so one set of record types decodes both.
package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Meta is the JSON envelope's meta object.
type Meta struct {
	CalledOn   string `json:"called_on,omitempty"`
	Count      int    `json:"count"`
	ETag       string `json:"etag,omitempty"`
	Offset     int    `json:"offset"`
	Status     string `json:"status"`
	TotalCount int    `json:"total_count"`
	NextPage   string `json:"next_page,omitempty"`
	// HasTotal reports, for the meta of a read XML collection, that it
	// told the list's total (a count or total_count attribute). It is
	// never written.
	HasTotal bool `json:"-"`
}

// OK reports whether the status means success (or is absent).
func (m Meta) OK() bool { return m.Status == "" || m.Status == "ok" || m.Status == "success" }

// Envelope is {meta, data}; Data is decoded into whatever it points to.
type Envelope struct {
	Meta   Meta            `json:"meta"`
	Data   any             `json:"data,omitempty"`
	Errors json.RawMessage `json:"errors,omitempty"`
}

// DecodeJSON decodes a JSON envelope from r in one pass, data going into
// the value dst points to. A meta.status other than ok, or an errors array,
// is returned as an *adama.Error.
func DecodeJSON(r io.Reader, dst any) (Meta, error) {
	env := Envelope{Data: dst}
	dec := json.NewDecoder(r)
	if err := dec.Decode(&env); err != nil {
		return env.Meta, fmt.Errorf("adama: decoding JSON response: %w", err)
	}
	if !env.Meta.OK() || len(env.Errors) > 2 {
		raw, _ := json.Marshal(struct {
			Meta   Meta            `json:"meta"`
			Errors json.RawMessage `json:"errors,omitempty"`
		}{env.Meta, env.Errors})
		return env.Meta, ErrorFromBody(http.StatusOK, http.Header{"Content-Type": {"application/json"}}, "", "", raw)
	}
	return env.Meta, nil
}

// WriteJSON writes an envelope with data and meta (status defaults to ok).
func WriteJSON(w http.ResponseWriter, status int, meta Meta, data any) {
	if meta.Status == "" {
		meta.Status = "ok"
	}
	w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(Envelope{Meta: meta, Data: data})
}

// ErrorItem is one item of the JSON error envelope.
type ErrorItem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// WriteJSONError writes {errors: [...], meta: {status: error}}.
func WriteJSONError(w http.ResponseWriter, status int, items ...ErrorItem) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Errors []ErrorItem `json:"errors"`
		Meta   Meta        `json:"meta"`
	}{items, Meta{Status: "error"}})
}

// WriteJSONErrorStatus writes group A's JSON error: {errors: [...], meta:
// {status: metaStatus}} with media type application/json (the platform
// answers successes as application/vnd.svc.v1+json and errors as
// application/json), metaStatus being the platform's word (not_found,
// invalid, auth_required, conflict, denied, error).
func WriteJSONErrorStatus(w http.ResponseWriter, status int, metaStatus string, items ...ErrorItem) {
	if metaStatus == "" {
		metaStatus = "error"
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Errors []ErrorItem `json:"errors"`
		Meta   Meta        `json:"meta"`
	}{items, Meta{Status: metaStatus}})
}

// ErrNoBody is returned when a response that should carry data has none.
var ErrNoBody = errors.New("adama: empty response body")
