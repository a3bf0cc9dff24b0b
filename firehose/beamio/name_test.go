package beamio

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/firehose"
)

func mustNames(t testing.TB, macro string, loc *time.Location) *namePattern {
	t.Helper()
	m, err := firehose.ParseMacro(macro)
	require.NoError(t, err)
	return compileNames(m, loc)
}

func TestNameTime(t *testing.T) {
	eastern, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	const gz = "%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.json.gz"
	tests := []struct {
		name  string
		macro string
		loc   *time.Location
		path  string
		want  time.Time
		ok    bool
	}{
		{"default macro, bucket and prefix before", firehose.DefaultPartitionMacro, time.UTC,
			"gs://bucket/firehose/A/2026-05-01/13/b63aeb5b-9afa-4a42-9d33-b024fd96743f_2026-05-01-13-07opportunities1777640820000.jsonl.lzo",
			time.Date(2026, 5, 1, 13, 0, 0, 0, time.UTC), true},
		{"default macro, minute written in the second %mm%", firehose.DefaultPartitionMacro, time.UTC,
			"/data/F/2026-12-31/23/app_2026-12-31-23-59opportunities1798761599000.jsonl.lzo",
			time.Date(2026, 12, 31, 23, 0, 0, 0, time.UTC), true},
		{"default macro, name only", firehose.DefaultPartitionMacro, time.UTC,
			"0/2026-05-01/00/x_2026-05-01-00-05opportunities1.jsonl.lzo", time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), true},
		{"reference's example macro", gz, time.UTC,
			"s3://b/20200402/14/b63aeb5b-9afa-4a42-9d33-b024fd96743f_1585853925137647046.json.gz",
			time.Date(2020, 4, 2, 14, 0, 0, 0, time.UTC), true},
		{"dated in US Eastern time", gz, eastern,
			"20200402/14/u_1585853925137647046.json.gz", time.Date(2020, 4, 2, 18, 0, 0, 0, time.UTC), true},
		{"epoch milliseconds only", "%appuuid%/%unixms%.jsonl.gz", time.UTC,
			"/in/u/1777640820123.jsonl.gz", time.UnixMilli(1777640820123).UTC(), true},
		{"epoch nanoseconds only", "%nano%.json", time.UTC,
			"1585853925137647046.json", time.Unix(0, 1585853925137647046).UTC(), true},
		{"epoch seconds only", "x/%unix%.json", time.UTC, "x/1585853925.json", time.Unix(1585853925, 0).UTC(), true},
		{"date without hour", "%yyyy%-%mm%-%dd%/%appuuid%.jsonl", time.UTC, "2026-02-28/u.jsonl", time.Date(2026, 2, 28, 0, 0, 0, 0, time.UTC), true},
		{"windows separators", firehose.DefaultPartitionMacro, time.UTC,
			`C:\in\3\2026-05-01\09\u_2026-05-01-09-00opportunities1.jsonl.lzo`, time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), true},
		{"no such day", gz, time.UTC, "20260230/14/u_1.json.gz", time.Time{}, false},
		{"no such hour", gz, time.UTC, "20260228/24/u_1.json.gz", time.Time{}, false},
		{"month 13", gz, time.UTC, "20261301/14/u_1.json.gz", time.Time{}, false},
		{"other extension", gz, time.UTC, "20260228/14/u_1.json.lzo", time.Time{}, false},
		{"macro matched inside a segment only", gz, time.UTC, "x20260228/14/u_1.json.gz", time.Time{}, false},
		{"no time in the macro", "%appuuid%.jsonl", time.UTC, "u.jsonl", time.Time{}, false},
		{"empty", gz, time.UTC, "", time.Time{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := mustNames(t, tt.macro, tt.loc).Time(tt.path)
			assert.Equal(t, tt.ok, ok)
			assert.True(t, tt.want.Equal(got), "got %v, want %v", got, tt.want)
		})
	}
}

// The names the macro's own expansion writes read back to their hour.
func TestNameTimeReadsExpand(t *testing.T) {
	m, err := firehose.ParseMacro(firehose.DefaultPartitionMacro)
	require.NoError(t, err)
	p := compileNames(m, time.UTC)
	for h := range 48 {
		at := time.Date(2026, 3, 28, 0, 17, 5, 0, time.UTC).Add(time.Duration(h) * time.Hour)
		name := m.Expand(at, firehose.MacroValues{AppUUID: "b63aeb5b-9afa-4a42-9d33-b024fd96743f", Hex: h})
		got, ok := p.Time("gs://bucket/" + name)
		require.True(t, ok, name)
		assert.Equal(t, at.Truncate(time.Hour), got, name)
	}
}

func FuzzNameTime(f *testing.F) {
	f.Add(firehose.DefaultPartitionMacro, "gs://bucket/A/2026-05-01/13/b63aeb5b_2026-05-01-13-07opportunities1777640820000.jsonl.lzo")
	f.Add("%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.json.gz", "20200402/14/b63aeb5b-9afa-4a42-9d33-b024fd96743f_1585853925137647046.json.gz")
	f.Add("%nano%.json", "99999999999999999999.json")
	f.Add("%unixms%", "99999999999999")
	f.Add("%yyyy%/%mm%/%dd%/%hh%", "0000/00/00/99")
	f.Fuzz(func(t *testing.T, macro, name string) {
		m, err := firehose.ParseMacro(macro)
		if err != nil {
			return
		}
		got, ok := compileNames(m, time.UTC).Time(name)
		if !ok && !got.IsZero() {
			t.Fatalf("no time but %v", got)
		}
		if ok && got.Location() != time.UTC {
			t.Fatalf("time not in UTC: %v", got)
		}
	})
}
