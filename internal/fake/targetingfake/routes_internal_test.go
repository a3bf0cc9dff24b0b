package targetingfake

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake/fakespec"
)

// TestServesItsDescription fails when an operation of the group's
// description has no route, or a route no operation.
func TestServesItsDescription(t *testing.T) {
	require.NoError(t, fakespec.Check("targeting", Prefix, routes(newHandler(NewStore()))))
}
