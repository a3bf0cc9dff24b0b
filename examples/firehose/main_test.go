package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunAgainstTheFake(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-records", "3000"}, &out, &errOut), errOut.String())
	s := out.String()
	assert.Regexp(t, `entity API \(authorization code\): \d+ organizations`, s)
	assert.Contains(t, s, "consumer example-consumer: sample rate 15%, 8 channel types")
	assert.Contains(t, s, "changed: sample rate 7%, 9 channel types")
	assert.Contains(t, s, "PartitionMacro: must hold %appuuid% and %nano%")
	assert.Contains(t, s, "48 prefixes hold 10:00-13:00, from 0/2026-05-01/10/ to F/2026-05-01/12/")
	assert.Contains(t, s, "_2026-05-01-13-05opportunities1777640820000.jsonl.lzo")
	assert.Regexp(t, `total\s+3000`, s)
	assert.Contains(t, s, "receiver: 200 OK, 3000 opportunities")
}

func TestRunReadsAFile(t *testing.T) {
	src, err := filepath.Abs("../../firehose/testdata/batch.json.lzo")
	require.NoError(t, err)
	_, err = os.Stat(src)
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"-file", src}, &out, &errOut))
	lines := strings.Split(out.String(), "\n")
	assert.Contains(t, out.String(), "batch "+src)
	assert.Regexp(t, `MOBILE_VIDEO_IN_APP\s+1`, out.String())
	assert.Regexp(t, `total\s+3`, out.String())
	assert.NotEmpty(t, lines)
}

func TestRunRefusesBadFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Error(t, run(context.Background(), []string{"-nope"}, &out, &errOut))
	assert.Error(t, run(context.Background(), []string{"-consumer", "nobody"}, &out, &errOut))
}
