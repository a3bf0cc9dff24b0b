package apispec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadEveryGroup(t *testing.T) {
	groups := Groups()
	require.Contains(t, groups, "dmp")
	for _, g := range groups {
		t.Run(g, func(t *testing.T) {
			doc, err := Load(g)
			require.NoError(t, err)
			assert.Equal(t, g, doc.Info.Extensions["x-go-package"], "the document names its package")
			assert.NotEmpty(t, doc.Components.Schemas)
		})
	}
}

func TestLoadErrors(t *testing.T) {
	_, err := Load("nope")
	assert.ErrorContains(t, err, `no document for group "nope"`)
	_, err = Parse([]byte("openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/Missing'}\n"))
	assert.Error(t, err, "a dangling reference is refused")
}

func TestDMPDescribesGroupF(t *testing.T) {
	doc, err := Load("dmp")
	require.NoError(t, err)
	for path, methods := range map[string][]string{
		"/audience_segments":                    {"GET", "POST"},
		"/audience_segments/{taxonomy_id}":      {"GET", "POST"},
		"/audience_segments/grants/{vendor_id}": {"GET"},
	} {
		item := doc.Paths.Find(path)
		require.NotNil(t, item, path)
		for _, m := range methods {
			assert.NotNil(t, item.GetOperation(m), "%s %s", m, path)
		}
	}
	vis := doc.Components.Schemas["Visibility"].Value
	assert.Equal(t, []any{"GLOBAL", "RESTRICTED"}, vis.Enum)
	name := doc.Components.Schemas["Node"].Value.Properties["name"].Value
	require.NotNil(t, name.MaxLength)
	assert.Equal(t, uint64(255), *name.MaxLength, "the audience segment name limit")
	tax := doc.Components.Schemas["Taxonomy"].Value
	assert.True(t, tax.Properties["created_on"].Value.ReadOnly)
	assert.Equal(t, "date-time", tax.Properties["created_on"].Value.Format)
}

func TestJoin(t *testing.T) {
	base := []byte("openapi: 3.0.3\ninfo:\n  title: x\n  version: '1'\n  x-go-services: {A: AService}\n  x-go-client:\n    fields:\n      - {name: A}\npaths:\n  /a: {}\ncomponents:\n  schemas:\n    A: {type: object}\n")
	part := []byte("info:\n  x-go-services: {B: BService}\n  x-go-client:\n    fields:\n      - {name: B}\npaths:\n  /b: {}\ncomponents:\n  schemas:\n    B: {type: object}\n  parameters:\n    p: {name: p, in: query, schema: {type: string}}\n")
	out, err := Join([]string{"g.b.yaml"}, base, part)
	require.NoError(t, err)
	doc, err := Parse(out)
	require.NoError(t, err)
	assert.NotNil(t, doc.Paths.Find("/a"))
	assert.NotNil(t, doc.Paths.Find("/b"))
	assert.Contains(t, doc.Components.Schemas, "A")
	assert.Contains(t, doc.Components.Schemas, "B")
	assert.Contains(t, doc.Components.Parameters, "p")
	assert.Equal(t, map[string]any{"A": "AService", "B": "BService"}, doc.Info.Extensions["x-go-services"])
	fields := doc.Info.Extensions["x-go-client"].(map[string]any)["fields"].([]any)
	assert.Len(t, fields, 2, "lists are appended")
	assert.Less(t, doc.Paths.Find("/a").Origin.Key.Line, doc.Paths.Find("/b").Origin.Key.Line, "the base document's keys come first")

	_, err = Join([]string{"g.dup.yaml"}, base, []byte("components:\n  schemas:\n    A: {type: string}\n"))
	assert.ErrorContains(t, err, "g.dup.yaml: components.schemas.A.type is defined twice")
	_, err = Join([]string{"g.bad.yaml"}, base, []byte("paths: [\n"))
	assert.ErrorContains(t, err, "g.bad.yaml")
}

func TestGroupsSkipParts(t *testing.T) {
	for _, g := range Groups() {
		assert.NotContains(t, g, ".", "a part is not a group")
		parts, err := Parts(g)
		require.NoError(t, err)
		for _, p := range parts {
			assert.True(t, strings.HasPrefix(p, g+"."), p)
		}
	}
}
