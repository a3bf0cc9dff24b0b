package byoa_test

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/byoa"
	"github.com/adamasdk/adama-go/internal/apispec"
)

// TestDescriptionCoversTheGroup checks that the group's OpenAPI document
// describes every call the services make, every property the records
// model, the enums' values and the limits the package checks.
func TestDescriptionCoversTheGroup(t *testing.T) {
	doc, err := apispec.Load("byoa")
	require.NoError(t, err)
	for path, methods := range map[string][]string{
		"/campaign_settings/{campaign_id}":                          {"GET", "PUT", "DELETE"},
		"/campaign_settings/{campaign_id}/strategies/{strategy_id}": {"GET", "PUT", "DELETE"},
		"/custombidrouter/{org_id}/configuration":                   {"GET"},
		"/custombidrouter/{org_id}/executors/{executor_id}":         {"GET", "PATCH"},
		"/data/{namespace}":                                         {"GET"},
		"/data/{namespace}/models/{model_id}":                       {"GET", "PUT", "DELETE"},
		"/data/decode/{namespace}/models/{model_id}":                {"GET"},
	} {
		item := doc.Paths.Find(path)
		require.NotNil(t, item, path)
		for _, m := range methods {
			assert.NotNil(t, item.GetOperation(m), "%s %s", m, path)
		}
		assert.Len(t, item.Operations(), len(methods), "%s: no call of the package is missing", path)
	}
	records := map[string]any{
		"Setting": byoa.Setting{}, "Logging": byoa.Logging{}, "Endpoint": byoa.Endpoint{},
		"Executor": byoa.Executor{}, "ExecutorInfo": byoa.ExecutorInfo{}, "Model": byoa.Model{},
		"ModelInfo": byoa.ModelInfo{}, "Upload": byoa.Upload{}, "Submodel": byoa.Submodel{},
		"DecodedModel": byoa.DecodedModel{},
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
		"Environment": strs(byoa.Environment("").Values()), "ContentType": strs(byoa.ContentType("").Values()),
		"EndpointType": strs(byoa.EndpointType("").Values()), "PopID": strs(byoa.PopID("").Values()),
		"UUIDType": strs(byoa.UUIDType("").Values()), "GoalType": strs(byoa.GoalType("").Values()),
	}
	for name, values := range enums {
		var described []string
		for _, v := range doc.Components.Schemas[name].Value.Enum {
			described = append(described, v.(string))
		}
		assert.Equal(t, described, values, name)
	}
	prop := func(schema, p string) *openapi3.Schema {
		s := doc.Components.Schemas[schema].Value.Properties[p]
		require.NotNil(t, s, "%s.%s", schema, p)
		return s.Value
	}
	for _, p := range []string{"low", "high"} {
		require.NotNil(t, prop("Setting", p).Max)
		assert.Equal(t, float64(byoa.MaxBucket), *prop("Setting", p).Max, p)
	}
	bt := prop("Upload", "brain_type_id")
	require.NotNil(t, bt.Min)
	require.NotNil(t, bt.Max)
	assert.Equal(t, float64(byoa.MinBrainTypeID), *bt.Min)
	assert.Equal(t, float64(byoa.MaxBrainTypeID), *bt.Max)
	assert.Equal(t, float64(byoa.CurrentExecutorID), prop("Setting", "executor_id").Extensions["x-adama-required-value"])
	assert.Equal(t, true, doc.Components.Schemas["GoalType"].Value.Extensions["x-adama-any-case"])
}

// TestWireFitsDescription reads every recorded success answer of the
// package's testdata into the record its operation answers: every
// property the platform sent is a described one (nothing left in an
// Extra) and every value fits its described form (no misfit).
func TestWireFitsDescription(t *testing.T) {
	for file, into := range map[string]func() any{
		"campaign_settings_get.json":     func() any { return new([]byoa.Setting) },
		"campaign_settings_put.json":     func() any { return new([]byoa.Setting) },
		"campaign_settings_delete.json":  func() any { return new([]byoa.Setting) },
		"strategy_settings_get.json":     func() any { return new([]byoa.Setting) },
		"strategy_settings_put.json":     func() any { return new([]byoa.Setting) },
		"strategy_settings_delete.json":  func() any { return new([]byoa.Setting) },
		"component_endpoint.json":        func() any { return new(byoa.Endpoint) },
		"component_executor.json":        func() any { return new(byoa.ExecutorInfo) },
		"component_executor_create.json": func() any { return new(byoa.ExecutorInfo) },
		"router_executor.json":           func() any { return new(byoa.Executors) },
		"router_executor_patch.json":     func() any { return new(byoa.Executors) },
		"router_configuration.json":      func() any { return new(byoa.Configuration) },
		"model_get.json":                 func() any { return new(byoa.Model) },
		"namespace_get.json":             func() any { return new(byoa.Model) },
		"namespace_get_list.json":        func() any { return new([]byoa.Model) },
		"model_put.json":                 func() any { return new(byoa.ModelInfo) },
		"model_delete.json":              func() any { return new(byoa.ModelInfo) },
		"model_decode.json":              func() any { return new(byoa.DecodedModel) },
	} {
		t.Run(file, func(t *testing.T) {
			b, err := os.ReadFile("testdata/" + file)
			require.NoError(t, err)
			var env struct{ Data json.RawMessage }
			require.NoError(t, json.Unmarshal(b, &env))
			require.NotEmpty(t, env.Data)
			v := into()
			require.NoError(t, json.Unmarshal(env.Data, v))
			assert.Empty(t, unknown(reflect.ValueOf(v), "data"), "properties the description does not name")
			if m, ok := v.(interface{ Misfits() []adama.Misfit }); ok {
				assert.Empty(t, m.Misfits())
			}
		})
	}
}

// unknown lists, with their path, the keys of every non-empty Extra in v.
func unknown(v reflect.Value, path string) []string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return unknown(v.Elem(), path)
	case reflect.Slice:
		var out []string
		for i := range v.Len() {
			out = append(out, unknown(v.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	case reflect.Map:
		if v.Type().Elem() == reflect.TypeFor[json.RawMessage]() {
			return nil
		}
		var out []string
		for _, k := range v.MapKeys() {
			out = append(out, unknown(v.MapIndex(k), path+"."+fmt.Sprint(k.Interface()))...)
		}
		return out
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
