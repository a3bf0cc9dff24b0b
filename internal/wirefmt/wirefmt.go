// Package wirefmt reads and writes the platform's text forms of scalar
// values: its date-time form and its booleans. adama.Time and adama.Bool
// are built on it; the codecs, the record readers and the fakes call it
// directly. It also cuts text for error messages without splitting a rune.
package wirefmt

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// TimeLayout is the platform's date-time form, YYYY-MM-DDTHH:MM:SS+0000.
const TimeLayout = "2006-01-02T15:04:05-0700"

// ParseTime reads every date-time form the platform writes:
// YYYY-MM-DDTHH:MM:SS+0000, +00:00, no zone (taken as UTC),
// YYYY-MM-DD HH:MM:SS.ffffff+00 and a bare date.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, l := range [...]string{
		TimeLayout,
		time.RFC3339Nano, // 2026-01-02T15:04:05+00:00, Z
		"2006-01-02T15:04:05.999999-0700",
		"2006-01-02 15:04:05.999999-07", // 2026-01-02 15:04:05.123456+00
		"2006-01-02 15:04:05.999999-0700",
		"2006-01-02 15:04:05.999999Z07:00",
		"2006-01-02T15:04:05.999999", // no zone: UTC
		"2006-01-02 15:04:05.999999",
		"2006-01-02",
	} {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("adama: %q is not a date-time", Truncate(s, 40))
}

// FormatTime writes t as YYYY-MM-DDTHH:MM:SS+0000 (offset kept).
func FormatTime(t time.Time) string { return t.Format(TimeLayout) }

// ParseBool reads true/false, 1/0, on/off, yes/no, t/f (any case); an
// empty string is false.
func ParseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "on", "t", "yes", "y":
		return true, nil
	case "0", "false", "off", "f", "no", "n", "":
		return false, nil
	}
	return false, fmt.Errorf("adama: %q is not a boolean", Truncate(s, 40))
}

// Truncate returns s cut to at most n bytes on a rune boundary, with "..."
// appended when it was cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return CutRunes(s, n) + "..."
}

// CutRunes returns s cut to at most n bytes on a rune boundary.
func CutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
