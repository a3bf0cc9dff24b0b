package entity

import (
	"strconv"
)

// Token is a credential the server sends (a password reset or
// single-sign-on token). It prints as [redacted]; Reveal returns it.
type Token string

// String returns "[redacted]" for a set token.
func (t Token) String() string {
	if t == "" {
		return ""
	}
	return "[redacted]"
}

// GoString returns "[redacted]" for a set token.
func (t Token) GoString() string { return strconv.Quote(t.String()) }

// Reveal returns the token itself.
func (t Token) Reveal() string { return string(t) }
