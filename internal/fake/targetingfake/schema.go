package targetingfake

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/wire"
)

type kind int

const (
	kInt kind = iota
	kBool
	kString
	kArray
)

// field is one writable property and its rules, as the reference states
// them.
type field struct {
	kind     kind
	min      int64
	minLen   int
	maxLen   int
	enum     []string
	nullable bool
}

func intField(min int64) field { return field{kind: kInt, min: min} }

func enumField(vals ...string) field { return field{kind: kString, minLen: 1, enum: vals} }

// schema is a body's writable properties and its required ones.
type schema struct {
	fields   map[string]field
	required []string
}

// describedEnum is an enumField with the values the description gives
// property name in the request body of operation op (bodies, generated).
func describedEnum(op, name string) field { return enumField(bodies[op].Enums[name]...) }

// The bodies of the group's create and update operations: the required
// properties and the value sets come from the description (bodies, in
// routes_gen.go); the current and legacy paths of an operation share one
// body, as the description's do.
var (
	attachmentCreate = schema{fields: map[string]field{
		"target_id": intField(1), "strategy_id": intField(0),
		"restriction": describedEnum("createAttachment", "restriction"), "operator": describedEnum("createAttachment", "operator"),
		"or_better": {kind: kBool},
	}, required: bodies["createAttachment"].Required}
	attachmentUpdate = schema{fields: map[string]field{
		"target_id": intField(0), "strategy_id": intField(1), "version": intField(math.MinInt32),
		"restriction": describedEnum("updateAttachment", "restriction"), "operator": describedEnum("updateAttachment", "operator"),
		"or_better": {kind: kBool},
	}, required: bodies["updateAttachment"].Required}
	targetFields = map[string]field{
		"parent_id": intField(math.MinInt32), "name": {kind: kString, minLen: 1}, "factual_id": {kind: kString},
		"svc_organization_id": intField(math.MinInt32), "target_inet": {kind: kString, minLen: 1},
		"visible": {kind: kBool}, "visible_overridden": {kind: kBool}, "bidder_frequency": intField(math.MinInt32),
		"dimension_code": {kind: kString, minLen: 1},
	}
	targetCreate = schema{fields: targetFields, required: bodies["createTarget"].Required}
	targetUpdate = schema{fields: with(targetFields, map[string]field{"version": intField(math.MinInt32)}), required: bodies["updateTarget"].Required}

	advertiserFields = map[string]field{
		"ad_server_id": intField(math.MinInt32), "data_sharing_enabled": {kind: kBool},
		"dmp_enabled": describedEnum("createAdvertiser", "dmp_enabled"), "domain": {kind: kString, maxLen: 255},
		"external_id":        {kind: kString, maxLen: 255, nullable: true},
		"frequency_interval": {kind: kString, enum: bodies["createAdvertiser"].Enums["frequency_interval"], nullable: true},
		"frequency_type":     {kind: kString, enum: bodies["createAdvertiser"].Enums["frequency_type"], nullable: true},
		"frequency_amount":   {kind: kInt, min: math.MinInt32, nullable: true},
		"minimize_multi_ads": {kind: kBool}, "name": {kind: kString, minLen: 1, maxLen: 64}, "status": {kind: kBool},
		"vertical_id":              intField(math.MinInt32),
		"ads_txt_verified":         {kind: kString, enum: bodies["createAdvertiser"].Enums["ads_txt_verified"], nullable: true},
		"political":                {kind: kBool},
		"connected_id_type":        describedEnum("createAdvertiser", "connected_id_type"),
		"mfa_avoidance":            describedEnum("createAdvertiser", "mfa_avoidance"),
		"attribution_level":        describedEnum("createAdvertiser", "attribution_level"),
		"targeting_identity_level": describedEnum("createAdvertiser", "targeting_identity_level"),
		"advertiser_brain":         {kind: kBool},
		"vendor_attributions":      {kind: kArray, nullable: true},
	}
	advertiserCreate = schema{fields: with(advertiserFields, map[string]field{"agency_id": intField(1)}),
		required: bodies["createAdvertiser"].Required}
	advertiserUpdate = schema{fields: with(advertiserFields, map[string]field{"version": intField(0)}), required: bodies["updateAdvertiser"].Required}
)

func with(a, b map[string]field) map[string]field {
	out := make(map[string]field, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// check returns the problems of body against sc: unknown properties,
// missing required ones, wrong types, ranges, lengths and enum values.
func (sc schema) check(body map[string]any) []wire.ErrorItem {
	var errs []wire.ErrorItem
	bad := func(f, format string, args ...any) {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: f, Message: fmt.Sprintf(format, args...)})
	}
	for _, k := range sc.required {
		if _, ok := body[k]; !ok {
			bad(k, "is required")
		}
	}
	keys := make([]string, 0, len(body))
	for k := range body {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := body[k]
		f, ok := sc.fields[k]
		if !ok {
			bad(k, "unknown field")
			continue
		}
		if v == nil {
			if !f.nullable {
				bad(k, "must not be null")
			}
			continue
		}
		switch f.kind {
		case kInt:
			n, ok := v.(json.Number)
			i, err := n.Int64()
			if !ok || err != nil {
				bad(k, "must be an integer")
			} else if i < f.min || i > math.MaxInt32 {
				bad(k, "must be between %d and %d", f.min, math.MaxInt32)
			}
		case kBool:
			if _, ok := v.(bool); !ok {
				bad(k, "must be a boolean")
			}
		case kString:
			s, ok := v.(string)
			switch {
			case !ok:
				bad(k, "must be a string")
			case utf8.RuneCountInString(s) < f.minLen:
				bad(k, "min length %d", f.minLen)
			case f.maxLen > 0 && utf8.RuneCountInString(s) > f.maxLen:
				bad(k, "max length %d", f.maxLen)
			case f.enum != nil && !slices.Contains(f.enum, s):
				bad(k, "must be one of: %s", strings.Join(f.enum, ", "))
			}
		case kArray:
			items, ok := v.([]any)
			if !ok {
				bad(k, "must be an array")
				continue
			}
			for i, it := range items {
				obj, ok := it.(map[string]any)
				n, isNum := obj["vendor_id"].(json.Number)
				if _, err := n.Int64(); !ok || !isNum || err != nil {
					bad(fmt.Sprintf("%s[%d].vendor_id", k, i), "must be an integer")
				}
			}
		}
	}
	return errs
}
