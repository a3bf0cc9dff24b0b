package adama

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Time is a time.Time that reads and writes the platform's date-time forms.
// The zero value is written as an empty string and read from "" or null.
type Time struct{ time.Time }

// NewTime wraps t.
func NewTime(t time.Time) Time { return Time{t} }

// TimePtr returns a pointer to a Time wrapping t, for optional fields.
func TimePtr(t time.Time) *Time { return &Time{t} }

// String returns the wire form, or "" for the zero time.
func (t Time) String() string {
	if t.IsZero() {
		return ""
	}
	return wirefmt.FormatTime(t.Time)
}

// MarshalJSON writes the wire form as a JSON string.
func (t Time) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

// UnmarshalJSON reads every date-time form the platform writes (see
// UnmarshalText); "" and null give the zero time.
func (t *Time) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*t = Time{}
		return nil
	}
	if n := len(b); n >= 2 && b[0] == '"' && b[n-1] == '"' && bytes.IndexByte(b[1:n-1], '\\') < 0 && bytes.IndexByte(b[1:n-1], '"') < 0 {
		return t.UnmarshalText(b[1 : n-1]) // a plain string: no unquoting needed
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("adama: date-time: %w", err)
	}
	return t.UnmarshalText([]byte(s))
}

// MarshalText writes the wire form.
func (t Time) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads every date-time form the platform writes:
// YYYY-MM-DDTHH:MM:SS+0000, +00:00, no zone (taken as UTC),
// YYYY-MM-DD HH:MM:SS.ffffff+00 and a bare date. An empty text gives the
// zero time.
func (t *Time) UnmarshalText(b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		*t = Time{}
		return nil
	}
	v, err := wirefmt.ParseTime(string(b))
	if err != nil {
		return err
	}
	*t = Time{v}
	return nil
}

// EncodeValues writes the wire form for form and query encoding.
func (t Time) EncodeValues(key string, v *url.Values) error {
	v.Set(key, t.String())
	return nil
}
