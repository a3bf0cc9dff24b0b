package deals

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Printing a record never shows the body it was read from; the update
// snapshot still works.
func TestPrintedRecordShowsNoBody(t *testing.T) {
	var d Deal
	require.NoError(t, json.Unmarshal([]byte(`{"id":7,"name":"n","echo_field":"from-server"}`), &d))
	var g DealGroup
	require.NoError(t, json.Unmarshal([]byte(`{"id":8,"name":"g","deal_ids":[7],"echo_field":"from-server"}`), &g))
	var dv, gv any = d, g // %s prints []byte fields as text
	out := fmt.Sprintf("%v %+v %s %s", d, g, dv, gv)
	assert.NotContains(t, out, `"echo_field":"from-server"`)
	assert.False(t, d.Fresh(), "the snapshot is kept")
}
