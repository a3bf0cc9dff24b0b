package entity

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Limits of spec sections 2 and 8 checked before a request is sent. The
// checks themselves are generated from the description
// (internal/apispec/entity.yaml, each record's validateAt in
// records_gen.go); these constants name the same limits for callers.
const (
	MaxNameLen                 = 64
	MaxDescriptionLen          = 1024
	MaxPixelTargetExprLen      = 1024
	MaxFeatureCompatibilityLen = 1024
	MaxURLLen                  = 2048
	MaxExternalIDLen           = 255
	MaxTpasAdTagNameLen        = 255
	MaxDisplayTextLen          = 255
	MaxKeywordsLen             = 64
	MaxZoneNameLen             = 64
	MaxAudienceSegmentNameLen  = 255
	MinVerticalID              = 1
	MaxVerticalID              = 34
	MaxPageLimit               = 100
)

type enum[E any] interface {
	~string
	Valid() bool
	Values() []E
}

// checkEnum records a violation when e is set and unknown.
func checkEnum[E enum[E]](v *valid.Validator, field string, e E) {
	if e == "" || e.Valid() {
		return
	}
	vals := e.Values()
	s := make([]string, len(vals))
	for i, x := range vals {
		s[i] = string(x)
	}
	v.Add(field, "one of: "+strings.Join(s, ", "), string(e))
}

// checkEnumIn records a violation when e is set and not one of allowed.
func checkEnumIn[E ~string](v *valid.Validator, field string, e E, allowed ...E) {
	if e == "" {
		return
	}
	s := make([]string, len(allowed))
	for i, x := range allowed {
		if x == e {
			return
		}
		s[i] = string(x)
	}
	v.Add(field, "one of: "+strings.Join(s, ", "), string(e))
}

func isOn(b *adama.Bool) bool { return b != nil && bool(*b) }

func isOff(b *adama.Bool) bool { return b != nil && !bool(*b) }

// checkAbsoluteURL records a violation when s is set and not an absolute
// URL; a value over MaxURLLen breaks its stated length (checked by the
// generated code) and is not parsed.
func checkAbsoluteURL(v *valid.Validator, field, s string) {
	if s != "" && utf8.RuneCountInString(s) <= MaxURLLen {
		if u, err := url.Parse(s); err != nil || u.Scheme == "" {
			v.Add(field, "must be an absolute URL", s)
		}
	}
}

// checkFrequency applies the frequency rule between fields shared by
// advertisers and strategies (their values are checked by the generated
// code): interval and amount are required when the type is even or asap.
func checkFrequency(v *valid.Validator, at string, t FrequencyType, interval FrequencyInterval, amount *int) {
	if t == FrequencyTypeEven || t == FrequencyTypeASAP {
		v.Check(interval != "", valid.Path(at, "frequency_interval"), "required when frequency_type is even or asap", nil)
		v.Check(amount != nil, valid.Path(at, "frequency_amount"), "required when frequency_type is even or asap", nil)
	}
}
