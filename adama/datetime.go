package adama

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// WireTimeLayout is the platform's date-time form, YYYY-MM-DDTHH:MM:SS+0000.
const WireTimeLayout = "2006-01-02T15:04:05-0700"

var readLayouts = []string{
	WireTimeLayout,
	time.RFC3339Nano, // 2026-01-02T15:04:05+00:00, Z
	"2006-01-02T15:04:05.999999-0700",
	"2006-01-02 15:04:05.999999-07", // 2026-01-02 15:04:05.123456+00
	"2006-01-02 15:04:05.999999-0700",
	"2006-01-02 15:04:05.999999Z07:00",
	"2006-01-02T15:04:05.999999", // no zone: UTC
	"2006-01-02 15:04:05.999999",
	"2006-01-02",
}

// ParseTime reads every date-time form the platform writes:
// YYYY-MM-DDTHH:MM:SS+0000, +00:00, no zone (taken as UTC),
// YYYY-MM-DD HH:MM:SS.ffffff+00 and a bare date.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, l := range readLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("adama: %q is not a date-time", truncate(s, 40))
}

// FormatTime writes t as YYYY-MM-DDTHH:MM:SS+0000 (offset kept).
func FormatTime(t time.Time) string { return t.Format(WireTimeLayout) }

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
	return FormatTime(t.Time)
}

// MarshalJSON writes the wire form as a JSON string.
func (t Time) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

// UnmarshalJSON reads any form ParseTime accepts; "" and null give the zero time.
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

// UnmarshalText reads any form ParseTime accepts.
func (t *Time) UnmarshalText(b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		*t = Time{}
		return nil
	}
	v, err := ParseTime(string(b))
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
