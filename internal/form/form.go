// Package form encodes request structs as application/x-www-form-urlencoded
// bodies and query strings through go-querystring, and computes the fields
// an update must send.
package form

import (
	"net/url"
	"sort"
	"strings"

	"github.com/google/go-querystring/query"
)

// Values encodes v (a struct with `url` tags, or a pointer to one). Pointer
// fields set to false, 0 or "" are sent: only nil pointers (with omitempty)
// are left out, so a caller can send those values on purpose.
func Values(v any) (url.Values, error) {
	return query.Values(v)
}

// Diff returns what an update must send to turn before into after: every
// key whose values changed, and every key of before that after lacks, sent
// empty so the server clears it. Keys in skip are never sent.
func Diff(before, after url.Values, skip ...string) url.Values {
	out := url.Values{}
	for k, vs := range after {
		if !equal(before[k], vs) {
			out[k] = vs
		}
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			out.Set(k, "")
		}
	}
	for _, k := range skip {
		out.Del(k)
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Encode renders values with keys sorted, as url.Values.Encode does, for
// request bodies.
func Encode(v url.Values) string { return v.Encode() }

// Keys returns the sorted keys of v.
func Keys(v url.Values) []string {
	ks := make([]string, 0, len(v))
	for k := range v {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// JoinList renders a list parameter as a comma list ("campaign,advertiser").
func JoinList(items []string) string { return strings.Join(items, ",") }
