package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemo(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-demo", "-n", "2", "-price", "3.10"}, &out, &errOut))
	s := out.String()
	assert.Equal(t, 2, strings.Count(s, "created deal"))
	assert.Contains(t, s, "holds 2 deals")
	assert.Equal(t, 2, strings.Count(s, "price now 3.1 USD"))
	assert.Equal(t, 2, strings.Count(s, "analytics: deal"))
}

func TestBadPrice(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Error(t, run(context.Background(), []string{"-demo", "-price", "abc"}, &out, &errOut))
}
