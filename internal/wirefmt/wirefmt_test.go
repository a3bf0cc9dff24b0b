package wirefmt_test

import (
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/wirefmt"
)

func TestParseTime(t *testing.T) {
	want := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, tt := range []struct {
		in   string
		want time.Time
	}{
		{"2026-03-04T05:06:07+0000", want},
		{"2026-03-04T05:06:07+00:00", want},
		{"2026-03-04T05:06:07Z", want},
		{"2026-03-04T05:06:07", want},
		{" 2026-03-04 05:06:07+00 ", want},
		{"2026-03-04T07:06:07+0200", want},
		{"2026-03-04 05:06:07.123456+00", want.Add(123456 * time.Microsecond)},
		{"2026-03-04", time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)},
	} {
		got, err := wirefmt.ParseTime(tt.in)
		require.NoError(t, err, tt.in)
		assert.True(t, tt.want.Equal(got), "%s -> %s", tt.in, got)
	}
	for _, in := range []string{"04/03/2026", "", "2026-13-01"} {
		_, err := wirefmt.ParseTime(in)
		assert.Error(t, err, in)
	}
	assert.Equal(t, "2026-03-04T07:06:07+0200", wirefmt.FormatTime(want.In(time.FixedZone("", 7200))))
}

func TestParseBool(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    bool
		wantErr bool
	}{
		{"1", true, false}, {"TRUE", true, false}, {" on ", true, false}, {"yes", true, false}, {"t", true, false},
		{"0", false, false}, {"false", false, false}, {"Off", false, false}, {"no", false, false}, {"", false, false},
		{"2", false, true}, {"maybe", false, true},
	} {
		got, err := wirefmt.ParseBool(tt.in)
		if tt.wantErr {
			assert.Error(t, err, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
}

func TestTruncate(t *testing.T) {
	assert.Equal(t, "abc", wirefmt.Truncate("abc", 3))
	assert.Equal(t, "ab...", wirefmt.Truncate("abc", 2))
	assert.Equal(t, "a...", wirefmt.Truncate("aé", 2), "a rune is never cut in two")
	assert.Equal(t, "", wirefmt.CutRunes("é", 1))
}

func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"2026-03-04T05:06:07+0000", "2026-03-04T05:06:07+00:00", "2026-03-04T05:06:07", "2026-03-04 05:06:07.123456+00", "2026-03-04", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, err := wirefmt.ParseTime(s)
		if err != nil {
			if !utf8.ValidString(err.Error()) && utf8.ValidString(s) {
				t.Fatalf("error text of %q is not valid UTF-8", s)
			}
			return
		}
		if tm.Year() < 0 || tm.Year() > 9999 {
			return
		}
		back, err := wirefmt.ParseTime(wirefmt.FormatTime(tm))
		if err != nil || !back.Equal(tm.Truncate(time.Second)) {
			t.Fatalf("%q -> %s -> %v (%v)", s, wirefmt.FormatTime(tm), back, err)
		}
	})
}
