package wire

import (
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// Result is the XML form's root element.
type Result struct {
	XMLName  xml.Name  `xml:"result"`
	CalledOn string    `xml:"called_on,attr,omitempty"`
	Status   *Status   `xml:"status"`
	Entity   *Entity   `xml:"entity"`
	Entities *Entities `xml:"entities"`
	// Errors holds a validation failure's field errors.
	Errors *FieldErrors `xml:"errors"`
	// Session is the session answer's <session> when the platform puts it
	// beside the user's <entity> (its usual place) rather than inside it.
	Session *SessionElem `xml:"session"`
}

// FieldErrors is the <errors> element of an XML validation failure.
type FieldErrors struct {
	Items []FieldError `xml:"field-error"`
}

// FieldError is one <field-error name=… error=…/> element.
type FieldError struct {
	Name  string `xml:"name,attr"`
	Error string `xml:"error,attr"`
}

// Status is the XML status element.
type Status struct {
	Code   string `xml:"code,attr"`
	Reason string `xml:"reason,attr,omitempty"`
	Text   string `xml:",chardata"`
}

// Entities is a collection: count and start attributes, entity children.
type Entities struct {
	Count int    `xml:"count,attr"`
	Start int    `xml:"start,attr"`
	Total string `xml:"total_count,attr,omitempty"`
	// TargetOp is the operator a strategy's targets answer carries on
	// the list (target_op="OR").
	TargetOp string   `xml:"target_op,attr,omitempty"`
	Entities []Entity `xml:"entity"`
	// CountSet reports that a read collection carried a non-empty count
	// attribute: without one (a strategy's day parts answer so) the
	// total is unknown, and Count's zero says nothing.
	CountSet bool `xml:"-"`
}

// Entity is one entity: attributes name, id, type, version and (for a
// related entity) rel; prop children; nested related entity children.
type Entity struct {
	Name    string   `xml:"name,attr,omitempty"`
	ID      string   `xml:"id,attr,omitempty"`
	Type    string   `xml:"type,attr,omitempty"`
	Version string   `xml:"version,attr,omitempty"`
	Rel     string   `xml:"rel,attr,omitempty"`
	Props   []Prop   `xml:"prop"`
	Related []Entity `xml:"entity"`
	// Session is the session answer's <session sessionid expires/> child.
	Session *SessionElem `xml:"session"`
}

// SessionElem is the session answer's session element.
type SessionElem struct {
	SessionID string `xml:"sessionid,attr"`
	Expires   string `xml:"expires,attr,omitempty"`
}

// Prop is one property: name and value attributes; date props carry a
// local_time child, money props amount children.
type Prop struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr,omitempty"`
	// CurrencyCode is set on a money prop written with attributes
	// (currency_code and value) instead of amount children.
	CurrencyCode string     `xml:"currency_code,attr,omitempty"`
	LocalTime    *LocalTime `xml:"local_time"`
	Amounts      []Amount   `xml:"amount"`
}

// LocalTime is a date prop's local rendering.
type LocalTime struct {
	Value    string `xml:"value,attr"`
	ZoneName string `xml:"zone_name,attr"`
}

// Amount is one currency of a money prop.
type Amount struct {
	CurrencyCode string `xml:"currency_code,attr"`
	Value        string `xml:"value,attr"`
}

// DecodeXML decodes an XML result from r. A status code other than ok is
// returned as an *adama.Error.
func DecodeXML(r io.Reader) (*Result, error) {
	var res Result
	if err := parseResult(r, &res); err != nil {
		return nil, fmt.Errorf("adama: decoding XML response: %w", err)
	}
	if res.Status != nil && res.Status.Code != "" && res.Status.Code != "ok" {
		raw, _ := xml.Marshal(Result{Status: res.Status})
		return &res, ErrorFromBody(http.StatusOK, http.Header{"Content-Type": {"text/xml"}}, "", "", raw)
	}
	return &res, nil
}

// WriteXML writes a result with status ok.
func WriteXML(w http.ResponseWriter, status int, res *Result) {
	if res.Status == nil {
		res.Status = &Status{Code: "ok"}
	}
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, xml.Header)
	_ = xml.NewEncoder(w).Encode(res)
}

// WriteXMLError writes <result><status code reason>text</status></result>.
func WriteXMLError(w http.ResponseWriter, status int, code, reason, text string) {
	w.Header().Set("Content-Type", "text/xml")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, xml.Header)
	_ = xml.NewEncoder(w).Encode(Result{Status: &Status{Code: code, Reason: reason, Text: text}})
}

// WriteXMLFieldErrors writes group A's validation failure:
// <result><status code>text</status><errors><field-error name error/>…
// </errors></result>, with media type text/xml. Without fields it writes
// no <errors> element.
func WriteXMLFieldErrors(w http.ResponseWriter, status int, code, text string, fields ...FieldError) {
	res := Result{Status: &Status{Code: code, Text: text}}
	if len(fields) > 0 {
		res.Errors = &FieldErrors{Items: fields}
	}
	w.Header().Set("Content-Type", "text/xml")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, xml.Header)
	_ = xml.NewEncoder(w).Encode(res)
}

// MetaOf returns the JSON-form meta of an XML collection.
func (r *Result) MetaOf() Meta {
	m := Meta{CalledOn: r.CalledOn, Status: "ok"}
	if r.Status != nil {
		m.Status = r.Status.Code
	}
	if r.Entities != nil {
		// count is the number of matches in the whole list, not the page
		// size; total_count, when present, says the same.
		m.Count = len(r.Entities.Entities)
		m.Offset = r.Entities.Start
		if r.Entities.CountSet {
			m.TotalCount, m.HasTotal = r.Entities.Count, true
		}
		if t, err := strconv.Atoi(r.Entities.Total); err == nil {
			m.TotalCount, m.HasTotal = t, true
		}
	}
	return m
}
