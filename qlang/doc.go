// Package qlang builds, validates, parses and evaluates the q query
// parameter of the platform's entity-management API.
//
// # Grammar
//
// A q value is one or more terms joined with "&":
//
//	query     = term *( "&" term )
//	term      = predicate / id-list / search
//	predicate = field op value / field null-op
//	field     = 1*( ALPHA / DIGIT / "_" / "." )
//	op        = "==" / "!=" / "=:" / "<=" / ">=" / "<" / ">"
//	null-op   = ":null" / ":!null"                ; the field is null / is not
//	value     = 1*( any character but "&" )       ; %XX decoded after the split
//	id-list   = "(" id *( "," id ) ")"        ; each id in 1..2147483647
//	search    = "<" 1*( any character but "&", "<", ">" ) ">"
//
// A term is told apart by its first byte: "(" starts an id list (which must
// end with ")"), "<" starts a substring search (which must end with ">"), and
// anything else starts a predicate. A field name can never hold "(", "<" or
// an operator character, so the three forms never overlap. Operators are
// matched longest first ("<=" before "<"), and a value runs to the next "&".
//
// The platform splits a q value at "&" and then URL-decodes each value, so a
// value may hold "&": String writes "&" and "%" in a value as %26 and %25,
// and Parse decodes every %XX of a value (a "%" that starts no escape is
// kept). Search text has no such escape and may not hold "&". A value given
// to "<" or ">" must not start with "=" (it would read as "<=" or ">=").
// ":null" and ":!null" take no value. Validate reports these, together with
// every other problem, as an *adama.ValidationError, so a Query that
// validates always survives String followed by Parse unchanged.
//
// # Encoding
//
// String returns the raw form ("status==1&name=:*acme*"); Encode returns it
// URL-encoded, and Values returns url.Values{"q": {raw}} ready to merge into
// a request query (url.Values does the encoding itself).
package qlang
