package entity

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/wire"
)

// TestDescriptionCoversTheGroup checks that internal/apispec/entity.yaml
// describes every record whose decoder is generated, each with exactly
// the properties the hand-written struct reads (Common's included), typed
// as the struct types them.
func TestDescriptionCoversTheGroup(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	schemas := doc.Components.Schemas
	var described []string
	for name, s := range schemas {
		if s.Value.Extensions["x-go-skip"] == nil && s.Value.Extensions["x-go-embedded"] == nil && len(s.Value.Enum) == 0 {
			described = append(described, name)
		}
	}
	var generated []string
	for _, c := range fastChecks {
		generated = append(generated, c.name)
	}
	slices.Sort(described)
	slices.Sort(generated)
	require.Equal(t, described, generated, "every described record has its decoder checked, and the reverse")

	for _, c := range fastChecks {
		t.Run(c.name, func(t *testing.T) {
			s := schemas[c.name].Value
			props := map[string]*openapi3.SchemaRef{}
			if e, ok := s.Extensions["x-go-embed"].(string); ok {
				for p, r := range schemas[e].Value.Properties {
					props[p] = r
				}
			}
			for p, r := range s.Properties {
				if !r.Value.WriteOnly { // json "-": never read
					props[p] = r
				}
			}
			fields := wire.FieldTypes(c.typ)
			var want, have []string
			for p := range props {
				have = append(have, p)
			}
			for p := range fields {
				want = append(want, p)
			}
			slices.Sort(want)
			slices.Sort(have)
			require.Equal(t, want, have, "the described properties are the struct's")
			for p, r := range props {
				got := strings.ReplaceAll(fields[p].String(), "entity.", "")
				assert.Equal(t, got, describedType(r), "%s.%s", c.name, p)
			}
		})
	}
}

// describedType is the Go type apigen gives a property of a
// decoders-only document (x-go-type, else its schema's default).
func describedType(r *openapi3.SchemaRef) string {
	s := r.Value
	if x, ok := s.Extensions["x-go-type"].(string); ok {
		return x
	}
	ref := r.Ref
	if ref == "" && len(s.AllOf) == 1 {
		ref = s.AllOf[0].Ref
	}
	if name, ok := strings.CutPrefix(ref, "#/components/schemas/"); ok {
		return "*" + name
	}
	switch {
	case s.Type.Is(openapi3.TypeArray):
		return "[]*" + strings.TrimPrefix(s.Items.Ref, "#/components/schemas/")
	case s.Type.Is(openapi3.TypeInteger):
		return "*int64"
	case s.Type.Is(openapi3.TypeNumber):
		return "*adama.Decimal"
	case s.Type.Is(openapi3.TypeBoolean):
		return "*adama.Bool"
	case s.Type.Is(openapi3.TypeString) && s.Format == "date-time":
		return "*adama.Time"
	case s.Type.Is(openapi3.TypeString):
		return "string"
	}
	return "?"
}

// TestDescriptionMarksReadOnly: a property the struct never sends (url
// tag "-") is marked readOnly in the description, and the reverse; the
// one never read (json "-", the user's password) is writeOnly.
func TestDescriptionMarksReadOnly(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	for _, c := range fastChecks {
		s := doc.Components.Schemas[c.name].Value
		for _, f := range reflect.VisibleFields(c.typ) {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			p := s.Properties[name]
			if f.Anonymous || p == nil {
				continue
			}
			assert.Equal(t, f.Tag.Get("url") == "-", p.Value.ReadOnly, "%s.%s", c.name, name)
		}
	}
	pw, ok := reflect.TypeFor[User]().FieldByName("Password")
	require.True(t, ok)
	assert.Equal(t, `json:"-" url:"password,omitempty"`, string(pw.Tag))
	assert.True(t, doc.Components.Schemas["User"].Value.Properties["password"].Value.WriteOnly)
}

// TestWireFitsDescription: every property of every record in the recorded
// platform bodies of testdata (found by its entity_type, nested records
// included) is described, but for the ones the bodies add on purpose to
// show an unknown property kept in Extra.
func TestWireFitsDescription(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	schemas := doc.Components.Schemas
	byEntityType := map[string]string{
		"strategy": "Strategy", "campaign": "Campaign", "agency": "Agency", "advertiser": "Advertiser",
		"organization": "Organization", "strategy_day_part": "StrategyDayPart", "site_list": "SiteList",
		"custom_brain_selection": "CustomBrainSelection", "user": "User", "pixel_bundle": "PixelBundle",
		"atomic_creative": "AtomicCreative", "concept": "Concept", "deal": "Deal", "vertical": "Vertical",
	}
	unknownOnPurpose := map[string]bool{"future_flag": true}
	checked := 0
	var walk func(file string, v any)
	walk = func(file string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if et, _ := v["entity_type"].(string); byEntityType[et] != "" {
				s := schemas[byEntityType[et]].Value
				for k := range v {
					described := s.Properties[k] != nil || schemas["Common"].Value.Properties[k] != nil
					assert.True(t, described || unknownOnPurpose[k], "%s: %s.%s is not described", file, byEntityType[et], k)
				}
				checked++
			}
			for _, x := range v {
				walk(file, x)
			}
		case []any:
			for _, x := range v {
				walk(file, x)
			}
		}
	}
	files, err := filepath.Glob("testdata/*/*.json")
	require.NoError(t, err)
	for _, f := range files {
		if strings.HasPrefix(filepath.ToSlash(f), "testdata/v3/") {
			continue // v3.0 answers (the deprecated site-list methods'), described by targeting's part
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(b, &v), f)
		walk(f, v)
	}
	assert.Greater(t, checked, 300, "records checked")
}
