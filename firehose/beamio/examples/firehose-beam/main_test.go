package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
)

func TestMain(m *testing.M) { ptest.Main(m) }

// The example with its defaults (fewer, smaller batches) on Prism: the
// printed counts add up to the records read, and the batch cut short is
// the one malformed line.
func TestRunOnSampleBatches(t *testing.T) {
	var out bytes.Buffer
	err := run(context.Background(), config{macro: firehose.DefaultPartitionMacro, location: "UTC", batches: 3, records: 400}, &out)
	require.NoError(t, err)
	text := out.String()
	records := -1
	sum, malformed := 0, []string{}
	section := ""
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "records: "):
			records, err = strconv.Atoi(strings.TrimPrefix(l, "records: "))
			require.NoError(t, err)
		case strings.HasPrefix(l, "hour\t"), strings.HasPrefix(l, "malformed ("):
			section = l
		case l == "":
		case strings.HasPrefix(section, "hour\t"):
			f := strings.Split(l, "\t")
			require.Len(t, f, 5, l)
			n, err := strconv.Atoi(f[4])
			require.NoError(t, err)
			sum += n
		case strings.HasPrefix(section, "malformed ("):
			malformed = append(malformed, l)
		}
	}
	assert.GreaterOrEqual(t, records, 800, text)
	assert.Less(t, records, 1200, text)
	assert.Equal(t, records, sum, text)
	require.Len(t, malformed, 1, text)
	assert.Contains(t, malformed[0], ".jsonl.lzo: ")
	assert.Contains(t, malformed[0], "unexpected EOF")
	assert.Contains(t, text, "files: 3")
}

func TestRunRefusesLocalPathsOnADistributedRunner(t *testing.T) {
	for _, c := range []config{
		{runner: "dataflow", macro: firehose.DefaultPartitionMacro},
		{runner: "flink", input: "gs://b/*", macro: firehose.DefaultPartitionMacro},
		{runner: "spark", output: "gs://b/out", macro: firehose.DefaultPartitionMacro},
	} {
		err := run(context.Background(), c, &bytes.Buffer{})
		assert.ErrorContains(t, err, "set --input and --output", c.runner)
	}
}
