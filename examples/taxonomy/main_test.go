package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemo(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-demo", "-rename", "Путешествия=Travel"}, &out, &errOut))
	s := out.String()
	assert.Contains(t, s, "read 4 nodes")
	assert.Contains(t, s, "with 4 nodes")
	assert.Contains(t, s, `to "Travel"; the taxonomy still has 4 nodes`)
	assert.Contains(t, s, "|Acme Audiences|Interests|Travel,1002,250000,")
}

func TestCSVFileAndErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.csv")
	require.NoError(t, os.WriteFile(p, []byte(demoCSV+"|Acme Audiences|Bad,x,1,0.1,0.2,1\n"), 0o600))
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"-demo", "-csv", p}, &out, &errOut)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 6: code")
	assert.Error(t, run(context.Background(), []string{"-demo", "-rename", "nothing"}, &out, &errOut))
	assert.Error(t, run(context.Background(), []string{"-demo", "-rename", "Missing=X"}, &out, &errOut))
}
