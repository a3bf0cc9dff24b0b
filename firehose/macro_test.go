package firehose_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
)

func TestMacroExpandReferenceExample(t *testing.T) {
	// The reference: "%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop"
	// expands to 20200402/14/b63aeb5b-9afa-4a42-9d33-b024fd96743f_1585853925137647046.jsonl.lzop
	// (date fields in US Eastern daylight time).
	m, err := firehose.ParseMacro("%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop")
	require.NoError(t, err)
	at := time.Unix(0, 1585853925137647046).In(time.FixedZone("EDT", -4*3600))
	got := m.Expand(at, firehose.MacroValues{AppUUID: "b63aeb5b-9afa-4a42-9d33-b024fd96743f"})
	assert.Equal(t, "20200402/14/b63aeb5b-9afa-4a42-9d33-b024fd96743f_1585853925137647046.jsonl.lzop", got)
	assert.True(t, m.Unique())
	c, ok := m.Compression()
	assert.True(t, ok)
	assert.Equal(t, firehose.CompressionLZOP, c)
	f, ok := m.Format()
	assert.True(t, ok)
	assert.Equal(t, firehose.FormatJSONL, f)
}

func TestMacroExpandEveryToken(t *testing.T) {
	m, err := firehose.ParseMacro("%hex%/%yyyy%-%mm%-%dd%T%hh%:%mi%:%ss%/%unix%.%unixms%.%nano%.%appuuid%.json.gz")
	require.NoError(t, err)
	at := time.Date(2026, 3, 4, 5, 6, 7, 8000000, time.UTC)
	got := m.Expand(at, firehose.MacroValues{AppUUID: "u", Hex: 11})
	assert.Equal(t, "B/2026-03-04T05:06:07/1772600767.1772600767008.1772600767008000000.u.json.gz", got)
	f, _ := m.Format()
	assert.Equal(t, firehose.FormatJSONArray, f)
	c, _ := m.Compression()
	assert.Equal(t, firehose.CompressionGZIP, c)
}

func TestParseMacroErrors(t *testing.T) {
	tests := []struct {
		macro  string
		offset int
		reason string
	}{
		{"", 0, "empty"},
		{"%yyyy%/%week%", 7, "unknown macro"},
		{"%yyyy%/%hh", 7, "unterminated"},
		{"50%off/%nano%", 2, "unknown macro"},
		{"/%appuuid%", 0, "leading /"},
		{"a//%nano%", 1, "empty path segment"},
		{"a/../%nano%", 1, "segment .."},
		{"%nano%/", 6, "trailing /"},
		{"a\tb", 1, "control"},
		{"a{b}", 1, "not valid"},
		{"a#b", 1, "not valid"},
		{"\xff", 0, "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.macro, func(t *testing.T) {
			_, err := firehose.ParseMacro(tt.macro)
			var me *firehose.MacroError
			require.True(t, errors.As(err, &me), "%v", err)
			assert.Equal(t, tt.offset, me.Offset)
			assert.Contains(t, me.Reason, tt.reason)
		})
	}
	long := ""
	for range 30 {
		long += "%appuuid%"
	}
	_, err := firehose.ParseMacro(long)
	assert.ErrorContains(t, err, "more than 1024")
}

func TestCheckMacro(t *testing.T) {
	assert.NoError(t, firehose.CheckMacro("%yyyy%/%appuuid%_%nano%.jsonl.gz", false))
	assert.Error(t, firehose.CheckMacro(firehose.DefaultPartitionMacro, false), "the default lacks %nano%")
	assert.NoError(t, firehose.CheckMacro(firehose.DefaultPartitionMacro, true))
	assert.Error(t, firehose.CheckMacro("%yyyy%/%week%", true), "a bad macro is refused whatever the caller accepts")
}

func TestMacroPrefixes(t *testing.T) {
	m, err := firehose.ParseMacro("%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop")
	require.NoError(t, err)
	from := time.Date(2026, 1, 31, 22, 30, 0, 0, time.UTC)
	got := m.Prefixes(from, from.Add(3*time.Hour))
	assert.Equal(t, []string{"20260131/22/", "20260131/23/", "20260201/00/", "20260201/01/"}, got)

	d, err := firehose.ParseMacro(firehose.DefaultPartitionMacro)
	require.NoError(t, err)
	got = d.Prefixes(from, from.Add(time.Minute))
	require.Len(t, got, 16)
	assert.Equal(t, "0/2026-01-31/22/", got[0])
	assert.Equal(t, "F/2026-01-31/22/", got[15])

	assert.Empty(t, m.Prefixes(from, from))
	flat, _ := firehose.ParseMacro("%appuuid%_%nano%")
	assert.Equal(t, []string{""}, flat.Prefixes(from, from.Add(2*time.Hour)))
}
