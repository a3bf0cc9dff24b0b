package targeting_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/targeting"
)

// breach is a record body breaking one rule of the description, and the
// violation Validate must report for it.
type breach struct {
	kind, field, rule string
	body              map[string]any
}

// bodyOf merges the properties and required lists of a request body schema
// and its allOf parts.
func bodyOf(s *openapi3.Schema, props map[string]*openapi3.Schema, required map[string]bool) {
	for name, p := range s.Properties {
		props[name] = p.Value
	}
	for _, p := range s.Required {
		required[p] = true
	}
	for _, part := range s.AllOf {
		bodyOf(part.Value, props, required)
	}
}

// deref is the schema a property stands for: its single allOf
// reference's, or its own.
func deref(s *openapi3.Schema) *openapi3.Schema {
	if len(s.AllOf) == 1 && len(s.Properties) == 0 {
		return s.AllOf[0].Value
	}
	return s
}

// breaches derives, from the rules the description states for a body
// (props, required), one body per rule that breaks it, starting from the
// valid body base; goType is the record the body decodes into, at names
// nested properties ("vendor_attributions[0]"). A rule kind this test
// does not know fails it, so the description cannot state a rule the
// test leaves out.
func breaches(t *testing.T, goType reflect.Type, at string, props map[string]*openapi3.Schema, required map[string]bool, base map[string]any) []breach {
	t.Helper()
	var out []breach
	with := func(name string, value any) map[string]any {
		b := maps.Clone(base)
		b[name] = value
		return b
	}
	path := func(name string) string {
		if at == "" {
			return name
		}
		return at + "." + name
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		s := deref(props[name])
		plain := fieldKind(t, goType, name) != reflect.Pointer
		if required[name] && name != "version" { // the SDK always sends the version it read
			b := maps.Clone(base)
			delete(b, name)
			out = append(out, breach{"required", path(name), "required", b})
		}
		switch {
		case len(s.Enum) > 0:
			vals := make([]string, len(s.Enum))
			for i, v := range s.Enum {
				vals[i] = v.(string)
			}
			out = append(out, breach{"enum", path(name), "one of: " + strings.Join(vals, ", "), with(name, "NOT_A_VALUE")})
		case s.Type.Is(openapi3.TypeInteger):
			require.True(t, s.Min != nil && s.Max != nil || s.Min == nil && s.Max == nil, "%s: one-sided limits are not exercised here", name)
			if s.Min == nil {
				continue
			}
			lo, hi := int64(*s.Min), int64(*s.Max)
			rule := fmt.Sprintf("must be between %d and %d", lo, hi)
			below := lo - 1
			if below == 0 && plain { // a plain zero is not sent: absent, not out of range
				below = -1
			}
			out = append(out, breach{"minimum", path(name), rule, with(name, below)}, breach{"maximum", path(name), rule, with(name, hi+1)})
		case s.Type.Is(openapi3.TypeString):
			if s.MaxLength != nil {
				n := int(*s.MaxLength)
				out = append(out, breach{"maxLength", path(name), fmt.Sprintf("max length %d, has %d", n, n+1), with(name, strings.Repeat("x", n+1))})
			}
			if s.MinLength == 1 && !plain { // a plain text is absent when empty
				out = append(out, breach{"minLength", path(name), "min length 1", with(name, "")})
			}
			require.True(t, s.MinLength <= 1 && s.Pattern == "", "%s: a text rule not exercised here", name)
		case s.Type.Is(openapi3.TypeArray):
			item := deref(s.Items.Value)
			require.True(t, item.Type.Is(openapi3.TypeObject), "%s: only lists of records carry rules here", name)
			itemType := fieldType(t, goType, name).Elem()
			ip, ir := map[string]*openapi3.Schema{}, map[string]bool{}
			bodyOf(item, ip, ir)
			for _, nb := range breaches(t, itemType, path(name)+"[0]", ip, ir, map[string]any{}) {
				nb.kind, nb.body = "nested "+nb.kind, with(name, []any{nb.body})
				out = append(out, nb)
			}
		case s.Type.Is(openapi3.TypeBoolean):
		default:
			t.Fatalf("%s: a property of type %v this test does not exercise", name, s.Type)
		}
		require.Nil(t, s.MultipleOf, name)
	}
	return out
}

// fieldType is the Go type of the field of record type typ whose JSON
// name is name.
func fieldType(t *testing.T, typ reflect.Type, name string) reflect.Type {
	t.Helper()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag == name {
			return f.Type
		}
	}
	t.Fatalf("%s has no field %s", typ, name)
	return nil
}

func fieldKind(t *testing.T, typ reflect.Type, name string) reflect.Kind {
	return fieldType(t, typ, name).Kind()
}

// TestEveryStatedRuleIsEnforced walks the request bodies the description
// gives each record's create and update, and for every rule they state
// (required, minimum, maximum, maxLength, minLength, enum, and the rules
// of the records held in a list) decodes one record breaking it and
// checks that Validate reports that field and rule, and nothing else.
func TestEveryStatedRuleIsEnforced(t *testing.T) {
	doc, err := apispec.Load("targeting")
	require.NoError(t, err)
	validate := func(rec any, create bool) error {
		return rec.(interface{ Validate(bool) error }).Validate(create)
	}
	kinds := map[string]int{}
	for _, tc := range []struct {
		record         string
		typ            reflect.Type
		create, update string
		base           map[string]any
		decode         func([]byte) (any, error)
	}{
		{"Attachment", reflect.TypeFor[targeting.Attachment](), "AttachmentCreate", "AttachmentUpdate",
			map[string]any{"target_id": 8, "strategy_id": 332, "restriction": "INCLUDE", "operator": "OR", "version": 1},
			func(b []byte) (any, error) { var x targeting.Attachment; return &x, json.Unmarshal(b, &x) }},
		{"Target", reflect.TypeFor[targeting.Target](), "TargetCreate", "TargetUpdate",
			map[string]any{"name": "n", "target_inet": "10.0.0.0/8", "version": 2},
			func(b []byte) (any, error) { var x targeting.Target; return &x, json.Unmarshal(b, &x) }},
		{"Advertiser", reflect.TypeFor[targeting.Advertiser](), "AdvertiserCreate", "AdvertiserUpdate",
			map[string]any{"name": "Brand", "agency_id": 3, "vertical_id": 4, "ad_server_id": 1, "domain": "d", "version": 0},
			func(b []byte) (any, error) { var x targeting.Advertiser; return &x, json.Unmarshal(b, &x) }},
	} {
		for _, side := range []struct {
			schema string
			create bool
		}{{tc.create, true}, {tc.update, false}} {
			props, required := map[string]*openapi3.Schema{}, map[string]bool{}
			bodyOf(doc.Components.Schemas[side.schema].Value, props, required)
			require.NotEmpty(t, props, side.schema)
			t.Run(side.schema+"/valid", func(t *testing.T) {
				b, _ := json.Marshal(tc.base)
				rec, err := tc.decode(b)
				require.NoError(t, err)
				assert.NoError(t, validate(rec, side.create))
			})
			for _, br := range breaches(t, tc.typ, "", props, required, tc.base) {
				kinds[br.kind]++
				t.Run(fmt.Sprintf("%s/%s %s", side.schema, br.field, br.kind), func(t *testing.T) {
					b, err := json.Marshal(br.body)
					require.NoError(t, err)
					rec, err := tc.decode(b)
					require.NoError(t, err)
					var ve *adama.ValidationError
					require.ErrorAs(t, validate(rec, side.create), &ve, "%s", b)
					assert.Equal(t, []adama.Violation{{Field: br.field, Rule: br.rule, Value: ve.Violations[0].Value}}, ve.Violations, "%s", b)
				})
			}
		}
	}
	for _, k := range []string{"required", "minimum", "maximum", "maxLength", "minLength", "enum", "nested minimum", "nested maximum"} {
		assert.Positive(t, kinds[k], "the description states no %s rule any more: this test would not notice its loss", k)
	}
}

// changedValue is a value of the property schema s (JSON) that differs
// from the zero value and from the bases of TestEveryGuardedFieldIsRefused.
func changedValue(t *testing.T, s *openapi3.Schema) any {
	t.Helper()
	s = deref(s)
	switch {
	case len(s.Enum) > 0:
		return s.Enum[len(s.Enum)-1]
	case s.Type.Is(openapi3.TypeInteger):
		return 12345
	case s.Type.Is(openapi3.TypeNumber):
		return 1.5
	case s.Type.Is(openapi3.TypeBoolean):
		return true
	case s.Type.Is(openapi3.TypeString) && s.Format == "date-time":
		return "2027-01-02T03:04:05+0000"
	case s.Type.Is(openapi3.TypeString):
		return "changed"
	case s.Type.Is(openapi3.TypeObject):
		return map[string]any{"id": 9}
	}
	t.Fatalf("no changed value for a %v", s.Type)
	return nil
}

// TestEveryGuardedFieldIsRefused changes, on a record read, each property
// the description marks readOnly or x-adama-create-only, and checks that
// Update refuses it before sending, with the read-only rule.
func TestEveryGuardedFieldIsRefused(t *testing.T) {
	doc, err := apispec.Load("targeting")
	require.NoError(t, err)
	n := 0
	for _, tc := range []struct {
		schema string
		base   map[string]any
		check  func(t *testing.T, before, after []byte, name string) error
	}{
		{"Attachment", map[string]any{"id": 1, "target_id": 8, "strategy_id": 332, "restriction": "INCLUDE", "operator": "OR", "version": 1},
			changeAndUpdate[targeting.Attachment]},
		{"Target", map[string]any{"id": 3, "name": "n", "version": 2}, changeAndUpdate[targeting.Target]},
		{"Advertiser", map[string]any{"id": 5, "name": "Brand", "vertical_id": 4, "ad_server_id": 1, "domain": "d", "version": 0},
			changeAndUpdate[targeting.Advertiser]},
	} {
		s := doc.Components.Schemas[tc.schema].Value
		for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
			p := s.Properties[name].Value
			if create, _ := p.Extensions["x-adama-create-only"].(bool); !p.ReadOnly && !create {
				continue
			}
			n++
			t.Run(tc.schema+"/"+name, func(t *testing.T) {
				before, err := json.Marshal(tc.base)
				require.NoError(t, err)
				changed := maps.Clone(tc.base)
				changed[name] = changedValue(t, p)
				after, err := json.Marshal(changed)
				require.NoError(t, err)
				err = tc.check(t, before, after, name)
				var ve *adama.ValidationError
				require.ErrorAs(t, err, &ve)
				assert.True(t, ve.Has(name, "read-only: an update cannot change it"), "%v", ve)
			})
		}
	}
	assert.GreaterOrEqual(t, n, 20, "the records' read-only and create-only properties")
}

// changeAndUpdate reads the record from before, sets its field name to
// the value it has in after, and returns the error Update would return.
func changeAndUpdate[T any](t *testing.T, before, after []byte, name string) error {
	rec, other := new(T), new(T)
	require.NoError(t, json.Unmarshal(before, rec))
	require.NoError(t, json.Unmarshal(after, other))
	typ := reflect.TypeFor[T]()
	for i := range typ.NumField() {
		if tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ","); tag == name {
			reflect.ValueOf(rec).Elem().Field(i).Set(reflect.ValueOf(other).Elem().Field(i))
		}
	}
	_, err := targeting.UpdateBody(rec)
	return err
}
