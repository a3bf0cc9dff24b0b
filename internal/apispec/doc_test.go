package apispec

import (
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
