package firehose

import (
	"cmp"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/adamasdk/adama-go/internal/valid"
)

// sortedKeys returns m's keys in order, so violations come in a stable
// order.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

var placeKey = regexp.MustCompile(`^[a-z][a-z0-9-]{1,15}$`)

// checkPlaceKey checks a key of the Regions, Buckets and Endpoints maps: a
// data-center code ("ewr") or a region (US, EMEA, APAC).
func checkPlaceKey(v *valid.Validator, field, key string) {
	if Region(key).Valid() || placeKey.MatchString(key) {
		return
	}
	v.Add(field, "key must be a data-center code (ewr, ams, nrt, ...) or a region ("+names(Region("").Values())+")", key)
}

// checkURL checks an endpoint: an absolute http or https URL.
func checkURL(v *valid.Validator, field, s string) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		v.Add(field, "absolute http or https URL", s)
	}
}

var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[^/\s][^\s]*)?$`)

// checkBuckets checks the Buckets map: data-center keys and bucket names
// (3 to 63 lower-case letters, digits, dots and hyphens, optionally
// followed by /prefix).
func checkBuckets(v *valid.Validator, prefix string, buckets map[string]string) {
	for _, k := range sortedKeys(buckets) {
		checkPlaceKey(v, prefix+"Buckets", k)
		b := strings.TrimPrefix(buckets[k], "s3://")
		if !bucketName.MatchString(b) {
			v.Add(prefix+"Buckets."+k, "bucket name of 3 to 63 lower-case letters, digits, dots and hyphens", buckets[k])
		}
	}
}

// checkReadOnly refuses a change of a field that cannot be changed; an
// empty value is not sent and changes nothing.
func checkReadOnly(v *valid.Validator, field, stored, next string) {
	if next != "" && next != stored {
		v.Add(field, "read-only: cannot be changed", next)
	}
}

// checkMacroField checks a PartitionMacro. A macro equal to the stored
// one (known) is not refused for its overwrite risk again.
func checkMacroField(v *valid.Validator, field, macro, stored string, known, accept bool) {
	if macro == "" {
		return
	}
	if known && macro == stored {
		accept = true
	}
	checkMacro(v, field, macro, accept)
}
