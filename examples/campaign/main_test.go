package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, srv))
	s := out.String()
	assert.Contains(t, s, "created organization 4 > agency 3 > advertiser 1 > campaign 1 > strategy 1 (USD)")
	assert.Contains(t, s, `strategy 1 "Retarget buyers" goal cpa 12.5 USD in campaign "Summer sale"`)
	assert.NotContains(t, s, "Prospecting")
	assert.Contains(t, s, "2 day parts")
	assert.Contains(t, s, "version conflict")
	assert.Contains(t, s, `strategy 1 version 2 max_bid 9 USD description "edited in the UI meanwhile"`)
}
