package firehosefake_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/firehosefake"
)

// registrar takes the handlers and drops them.
type registrar struct{}

func (registrar) Handle(string, fake.Auth, http.Handler) {}

func TestSeedsDecode(t *testing.T) {
	st := firehosefake.Register(registrar{})
	require.Equal(t, []string{"example-consumer", "example-consumer-2", "example-consumer-3"}, st.Names())
	for _, n := range st.Names() {
		c := st.Consumer(n)
		assert.Equal(t, n, c["Name"])
		assert.NotEmpty(t, c["Filters"], n)
		assert.NotEmpty(t, c["SampleSettings"], n)
	}
	assert.Equal(t, "ALLOWED", st.Permissions()["EDIT.SampleSettings.SampleRate"])
}

func TestExpandMacroReferenceExample(t *testing.T) {
	at := time.Unix(0, 1585853925137647046).In(time.FixedZone("EDT", -4*3600))
	got := firehosefake.ExpandMacro("%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop", at, "b63aeb5b-9afa-4a42-9d33-b024fd96743f", 0)
	assert.Equal(t, "20200402/14/b63aeb5b-9afa-4a42-9d33-b024fd96743f_1585853925137647046.jsonl.lzop", got)
}

func TestWriteBatchCompressions(t *testing.T) {
	var plain bytes.Buffer
	require.NoError(t, firehosefake.WriteBatch(&plain, firehosefake.BatchOptions{Records: 1500, Format: firehosefake.FormatJSONL, Seed: 3}))
	require.Greater(t, plain.Len(), 256<<10, "more than one lzop block")

	var lz bytes.Buffer
	require.NoError(t, firehosefake.WriteBatch(&lz, firehosefake.BatchOptions{Records: 1500, Format: firehosefake.FormatJSONL, Compression: firehosefake.CompressionLZOP, Seed: 3}))
	zr, err := firehose.NewLZOPReader(&lz)
	require.NoError(t, err)
	got, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, plain.Bytes(), got)

	var gz bytes.Buffer
	require.NoError(t, firehosefake.WriteBatch(&gz, firehosefake.BatchOptions{Records: 1500, Format: firehosefake.FormatJSONL, Compression: firehosefake.CompressionGZIP, Seed: 3}))
	gr, err := gzip.NewReader(&gz)
	require.NoError(t, err)
	got, err = io.ReadAll(gr)
	require.NoError(t, err)
	assert.Equal(t, plain.Bytes(), got)

	assert.Error(t, firehosefake.WriteBatch(&gz, firehosefake.BatchOptions{Format: "CSV"}))
	assert.Error(t, firehosefake.WriteBatch(&gz, firehosefake.BatchOptions{Format: firehosefake.FormatJSONL, Compression: "ZSTD"}))
}
