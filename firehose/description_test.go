package firehose_test

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/internal/apispec"
)

// TestDescriptionCoversTheGroup checks that the group's OpenAPI document
// describes every call the services make, every property the records
// model, the enums' values and the limits the package checks.
func TestDescriptionCoversTheGroup(t *testing.T) {
	doc, err := apispec.Load("firehose")
	require.NoError(t, err)
	for path, methods := range map[string][]string{
		"/consumers":                         {"GET"},
		"/consumers/{name}":                  {"GET", "POST"},
		"/consumers/{name}/filters":          {"GET"},
		"/consumers/{name}/filters/{filter}": {"GET", "POST"},
		"/consumers/{name}/samplesettings":   {"GET", "POST"},
		"/consumers/{name}/websettings":      {"GET", "POST"},
		"/consumers/{name}/cloud1settings":   {"GET", "POST"},
		"/consumers/{name}/cloud2settings":   {"GET", "POST"},
		"/permissions":                       {"GET"},
	} {
		item := doc.Paths.Find(path)
		require.NotNil(t, item, path)
		for _, m := range methods {
			assert.NotNil(t, item.GetOperation(m), "%s %s", m, path)
		}
		assert.Len(t, item.Operations(), len(methods), path)
	}
	assert.Equal(t, "{base_url}/opportunity-firehose/v2.0", doc.Servers[0].URL)
	records := map[string]any{
		"ConsumerSettings": firehose.ConsumerSettings{}, "SampleSettings": firehose.SampleSettings{},
		"WebSettings": firehose.WebSettings{}, "Cloud1Settings": firehose.Cloud1Settings{},
		"Cloud2Settings": firehose.Cloud2Settings{},
	}
	for name, rec := range records {
		t.Run(name, func(t *testing.T) {
			s := doc.Components.Schemas[name]
			require.NotNil(t, s, name)
			var described []string
			for p := range s.Value.Properties {
				described = append(described, p)
			}
			slices.Sort(described)
			assert.Equal(t, described, jsonNames(reflect.TypeOf(rec)), "the record models exactly the described properties")
		})
	}
	enums := map[string][]string{
		"FilterKey": strs(firehose.FilterKey("").Values()), "ChannelType": strs(firehose.ChannelType("").Values()),
		"Region": strs(firehose.Region("").Values()), "Compression": strs(firehose.Compression("").Values()),
		"Format": strs(firehose.Format("").Values()), "MacroToken": strs(firehose.MacroToken("").Values()),
	}
	for name, values := range enums {
		var described []string
		for _, v := range doc.Components.Schemas[name].Value.Enum {
			described = append(described, v.(string))
		}
		assert.Equal(t, described, values, name)
	}
	rate := doc.Components.Schemas["SampleSettings"].Value.Properties["SampleRate"].Value
	require.NotNil(t, rate.Min)
	require.NotNil(t, rate.Max)
	assert.Equal(t, 0.0, *rate.Min)
	assert.Equal(t, 100.0, *rate.Max)
	mt := doc.Components.Schemas["MacroToken"].Value.Extensions
	assert.Equal(t, firehose.DefaultPartitionMacro, mt["x-adama-default-partition-macro"])
	assert.Equal(t, float64(firehose.MaxObjectName), mt["x-adama-max-object-name-bytes"])
	geo, _ := doc.Components.Schemas["FilterValues"].Value.Extensions["x-adama-geo-ids"].(map[string]any)
	require.NotNil(t, geo)
	assert.Equal(t, float64(firehose.GeoMin), geo["min"])
	assert.Equal(t, float64(firehose.GeoMax), geo["max"])
	var extra []int
	for _, x := range geo["extra"].([]any) {
		extra = append(extra, int(x.(float64)))
	}
	assert.Equal(t, firehose.GeoExtra(), extra)
	for _, p := range []string{"RoleARN", "ExternalID"} {
		s := doc.Components.Schemas["Cloud1Settings"].Value.Properties[p].Value
		assert.Equal(t, true, s.Extensions["x-adama-immutable"], p)
	}
	// The document is valid OpenAPI, formats included.
	assert.NoError(t, doc.Validate(t.Context(), openapi3.EnableSchemaFormatValidation()))
}

// TestWireFitsDescription reads the reference's bodies into the record
// each answers or posts: every property is a described one (nothing left
// in Extra) and every value fits its described form (no misfit).
func TestWireFitsDescription(t *testing.T) {
	for file, into := range map[string]func() any{
		"get_consumer.json":                 func() any { return new(firehose.ConsumerSettings) },
		"post_consumer.json":                func() any { return new(firehose.ConsumerSettings) },
		"get_consumer_samplesettings.json":  func() any { return new(firehose.SampleSettings) },
		"get_consumer_websettings.json":     func() any { return new(firehose.WebSettings) },
		"post_consumer_websettings.json":    func() any { return new(firehose.WebSettings) },
		"get_consumer_cloud1settings.json":  func() any { return new(firehose.Cloud1Settings) },
		"post_consumer_cloud1settings.json": func() any { return new(firehose.Cloud1Settings) },
		"get_consumer_filters.json":         func() any { return new(firehose.Filters) },
		"get_permissions.json":              func() any { return new(firehose.Permissions) },
	} {
		t.Run(file, func(t *testing.T) {
			b, err := os.ReadFile("testdata/reference/" + file)
			require.NoError(t, err)
			v := into()
			require.NoError(t, json.Unmarshal(b, v))
			assert.Empty(t, unknown(reflect.ValueOf(v), ""), "properties the description does not name")
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok {
				assert.Empty(t, m.Misfits())
			}
		})
	}
	// Filter keys the platform sends are the described ones.
	var f firehose.Filters
	b, err := os.ReadFile("testdata/reference/get_consumer_filters.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &f))
	for k := range f {
		assert.True(t, k.Valid(), "filter key %q", k)
	}
}

// unknown lists, with their path, the keys of every non-empty Extra of
// the records in v.
func unknown(v reflect.Value, path string) []string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return unknown(v.Elem(), path)
	case reflect.Struct:
		var out []string
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Name == "Extra" {
				for _, k := range v.Field(i).MapKeys() {
					out = append(out, path+"."+k.String())
				}
				continue
			}
			out = append(out, unknown(v.Field(i), path+"."+f.Name)...)
		}
		return out
	}
	return nil
}

// jsonNames lists the JSON property names of a struct's fields, sorted.
func jsonNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || tag == "-" {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		out = append(out, tag)
	}
	slices.Sort(out)
	return out
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}
