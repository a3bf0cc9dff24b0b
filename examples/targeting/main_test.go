package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

func TestRun(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, srv))
	s := out.String()
	assert.Contains(t, s, "attached target 1 (Bavaria REGN) to strategy 332 as attachment 1, version 1")
	assert.Contains(t, s, "strategy 332 has 1 attachment(s) in REGN or DMAX:\n  attachment 1: INCLUDE target 1 (OR)\n")
	assert.NotContains(t, s, "EXCLUDE")
	assert.Contains(t, s, "update with version 1 refused: version conflict")
	assert.Contains(t, s, "attachment 1 version 3: or_better true, operator AND kept")
	assert.Equal(t, 2, srv.Targeting().Count(adamatest.TargetingAttachments))
}
