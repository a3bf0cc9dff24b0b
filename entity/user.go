package entity

import (
	"strconv"

	"github.com/adamasdk/adama-go/internal/valid"
)

func (u *User) check(v *valid.Validator, create bool) {
	if create {
		// Required by the reference schema user.
		v.Require("username", u.Username != "")
		v.Require("first_name", u.FirstName != "")
		v.Require("last_name", u.LastName != "")
		v.Require("title", u.Title != "")
		v.Require("role", u.Role != "")
		v.Require("scope", u.Scope != "")
		v.Require("type", u.Type != "")
	}
	checkEnum(v, "role", u.Role)
	checkEnum(v, "scope", u.Scope)
	checkEnum(v, "type", u.Type)
}

func (c *Contact) check(v *valid.Validator, create bool) {}

func (x *Vertical) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", x.Name != "")
	}
}

func (x *AdServer) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", x.Name != "")
	}
}

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
