package creatives

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/cmd/apigen/servicecheck"
)

// TestEveryOperationHasAMethod holds the services and the description to
// each other: every operation of internal/apispec/creatives.yaml is
// served by a method, generated or written by hand with its reason
// (services_gen.go holds the table), and every method that reaches the platform serves an
// operation of the description.
func TestEveryOperationHasAMethod(t *testing.T) {
	doc, err := apispec.Load("creatives")
	require.NoError(t, err)
	c, err := adama.NewClient(adama.WithBaseURL("http://127.0.0.1:1"), adama.WithToken("t"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	assert.Empty(t, servicecheck.Problems(doc, New(c), serviceOperations))
	require.NotEmpty(t, serviceOperations)
	generated := 0
	for _, r := range serviceOperations {
		if r.Handwritten == "" {
			generated++
			continue
		}
		assert.Greater(t, len(r.Handwritten), 20, "%s.%s: the reason it is written by hand", r.Service, r.Method)
	}
	assert.Positive(t, generated, "some methods are generated")
}
