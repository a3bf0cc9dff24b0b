package entity

import (
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// User is a platform user, collection users. Fields are not shown in the
// spec (2.13); these follow the reference schema. Everything else is kept
// in Extra.
type User struct {
	Common
	Username                  string      `json:"username,omitempty" url:"username,omitempty"`
	FirstName                 string      `json:"first_name,omitempty" url:"first_name,omitempty"`
	LastName                  string      `json:"last_name,omitempty" url:"last_name,omitempty"`
	Title                     string      `json:"title,omitempty" url:"title,omitempty"`
	Phone                     string      `json:"phone,omitempty" url:"phone,omitempty"`
	Mobile                    string      `json:"mobile,omitempty" url:"mobile,omitempty"`
	Fax                       string      `json:"fax,omitempty" url:"fax,omitempty"`
	Active                    *adama.Bool `json:"active,omitempty" url:"active,omitempty"`
	Role                      UserRole    `json:"role,omitempty" url:"role,omitempty"`
	Scope                     UserScope   `json:"scope,omitempty" url:"scope,omitempty"`
	Type                      UserType    `json:"type,omitempty" url:"type,omitempty"`
	CreatorID                 *int64      `json:"creator_id,omitempty" url:"-"`
	LastLoginOn               *adama.Time `json:"last_login_on,omitempty" url:"-"`
	EditCampaigns             *adama.Bool `json:"edit_campaigns,omitempty" url:"edit_campaigns,omitempty"`
	EditMarginsAndPerformance *adama.Bool `json:"edit_margins_and_performance,omitempty" url:"edit_margins_and_performance,omitempty"`
	AccessInternalFees        *adama.Bool `json:"access_internal_fees,omitempty" url:"access_internal_fees,omitempty"`
	ViewOrganizations         *adama.Bool `json:"view_organizations,omitempty" url:"view_organizations,omitempty"`
	ViewSegments              *adama.Bool `json:"view_segments,omitempty" url:"view_segments,omitempty"`
	EditDataDefinition        *adama.Bool `json:"edit_data_definition,omitempty" url:"edit_data_definition,omitempty"`
	ViewDataDefinition        *adama.Bool `json:"view_data_definition,omitempty" url:"view_data_definition,omitempty"`
	ViewDMPReports            *adama.Bool `json:"view_dmp_reports,omitempty" url:"view_dmp_reports,omitempty"`
	LabsEnableRMX             *adama.Bool `json:"labs_enable_rmx,omitempty" url:"labs_enable_rmx,omitempty"`
	LinkLDAP                  *adama.Bool `json:"link_ldap,omitempty" url:"link_ldap,omitempty"`
	// PasswordResetSent and SSOAuthSent say when a password reset or a
	// single-sign-on invitation was sent (read-only).
	PasswordResetSent string `json:"password_reset_sent,omitempty" url:"-"`
	SSOAuthSent       string `json:"sso_auth_sent,omitempty" url:"-"`
	// PasswordResetToken and SSOAuthToken are read-only credentials; they
	// print as [redacted].
	PasswordResetToken Token `json:"password_reset_token,omitempty" url:"-"`
	SSOAuthToken       Token `json:"sso_auth_token,omitempty" url:"-"`
	// Password is write-only: the server never returns it.
	Password string `json:"-" url:"password,omitempty"`
}

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

// Contact is a billing, sales or traffic contact, collection contacts
// (referred to by *_contact_id). Fields are not shown in the spec; these
// are the usual ones, everything else is kept in Extra.
type Contact struct {
	Common
	FirstName string `json:"first_name,omitempty" url:"first_name,omitempty"`
	LastName  string `json:"last_name,omitempty" url:"last_name,omitempty"`
	Email     string `json:"email,omitempty" url:"email,omitempty"`
	Phone     string `json:"phone,omitempty" url:"phone,omitempty"`
	Title     string `json:"title,omitempty" url:"title,omitempty"`
}

func (c *Contact) check(v *valid.Validator, create bool) {}

// Vertical is an industry vertical, collection verticals; documented ids
// run 1 to 34.
type Vertical struct {
	Common
}

func (x *Vertical) check(v *valid.Validator, create bool) {
	if create {
		v.Require("name", x.Name != "")
	}
}

// AdServer is a third-party ad server (spec 2.8: id, name, entity_type,
// version), collection ad_servers.
type AdServer struct {
	Common
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
