package reporting_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/reporting"
)

// accessor reads one column of a row by name and by position, giving a
// comparable value (decimals as their canonical string).
type accessor struct {
	byName func(r reporting.Row, name string) (any, error)
	byPos  func(r reporting.Row, i int) (any, error)
}

func wrap[T any](f func() (T, error)) (any, error) {
	v, err := f()
	if s, ok := any(v).(fmt.Stringer); ok && err == nil {
		if _, isTime := any(v).(time.Time); !isTime {
			return s.String(), nil
		}
	}
	return v, err
}

var accessors = map[string]accessor{
	"Int": {
		func(r reporting.Row, n string) (any, error) { return wrap(func() (int64, error) { return r.Int(n) }) },
		func(r reporting.Row, i int) (any, error) { return wrap(func() (int64, error) { return r.IntAt(i) }) },
	},
	"Float": {
		func(r reporting.Row, n string) (any, error) {
			return wrap(func() (float64, error) { return r.Float(n) })
		},
		func(r reporting.Row, i int) (any, error) {
			return wrap(func() (float64, error) { return r.FloatAt(i) })
		},
	},
	"Decimal": {
		func(r reporting.Row, n string) (any, error) { return wrap(func() (any, error) { return r.Decimal(n) }) },
		func(r reporting.Row, i int) (any, error) { return wrap(func() (any, error) { return r.DecimalAt(i) }) },
	},
	"Money": {
		func(r reporting.Row, n string) (any, error) { return wrap(func() (any, error) { return r.Money(n) }) },
		func(r reporting.Row, i int) (any, error) { return wrap(func() (any, error) { return r.MoneyAt(i) }) },
	},
	"Percent": {
		func(r reporting.Row, n string) (any, error) { return wrap(func() (any, error) { return r.Percent(n) }) },
		func(r reporting.Row, i int) (any, error) { return wrap(func() (any, error) { return r.PercentAt(i) }) },
	},
	"Time": {
		func(r reporting.Row, n string) (any, error) {
			return wrap(func() (time.Time, error) { return r.Time(n) })
		},
		func(r reporting.Row, i int) (any, error) {
			return wrap(func() (time.Time, error) { return r.TimeAt(i) })
		},
	},
	"Bool": {
		func(r reporting.Row, n string) (any, error) { return wrap(func() (bool, error) { return r.Bool(n) }) },
		func(r reporting.Row, i int) (any, error) { return wrap(func() (bool, error) { return r.BoolAt(i) }) },
	},
}

// oneRow streams a report with columns id and value and one row holding
// value, and returns the rows positioned on it.
func oneRow(t *testing.T, value string) *reporting.Rows {
	t.Helper()
	body := "id,value\n1,\"" + value + "\"\n"
	rows, err := reporting.NewRows(strings.NewReader(body))
	require.NoError(t, err)
	t.Cleanup(func() { _ = rows.Close() })
	require.True(t, rows.Next(), rows.Err())
	return rows
}

// TestTypedAccessors checks that every typed accessor gives the same
// value, or the same error naming the column, by name and by position.
func TestTypedAccessors(t *testing.T) {
	day := time.Date(2026, 1, 14, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		kind    string
		value   string
		want    any
		wantErr string
	}{
		{"Int", "1001", int64(1001), ""},
		{"Int", " 42 ", int64(42), ""},
		{"Int", "\t-7", int64(-7), ""},
		{"Int", "+5", int64(5), ""},
		{"Int", "007", int64(7), ""},
		{"Int", "123456789012345678", int64(123456789012345678), ""},
		{"Int", "9223372036854775807", int64(9223372036854775807), ""},
		{"Int", "-9223372036854775808", int64(-9223372036854775808), ""},
		{"Int", "9223372036854775808", nil, `reporting: column "value": "9223372036854775808" is not an integer`},
		{"Int", "", nil, `reporting: column "value": "" is not an integer`},
		{"Int", "   ", nil, `reporting: column "value": "" is not an integer`},
		{"Int", "-", nil, `reporting: column "value": "-" is not an integer`},
		{"Int", "1_000", nil, `reporting: column "value": "1_000" is not an integer`},
		{"Int", "1.5", nil, `reporting: column "value": "1.5" is not an integer`},
		{"Int", "abc", nil, `reporting: column "value": "abc" is not an integer`},
		{"Int", "4 2", nil, `reporting: column "value": "4 2" is not an integer`},
		{"Float", "0.25", 0.25, ""},
		{"Float", "1.5%", 1.5, ""},
		{"Float", " 1.5% ", 1.5, ""},
		{"Float", "-3e2", -300.0, ""},
		{"Float", "", nil, `reporting: column "value": "" is not a number`},
		{"Float", "1.5 %", nil, `reporting: column "value": "1.5 %" is not a number`},
		{"Float", "n/a", nil, `reporting: column "value": "n/a" is not a number`},
		{"Decimal", "12.50", "12.5", ""},
		{"Decimal", " -0.125 ", "-0.125", ""},
		{"Decimal", "", nil, `reporting: column "value": "" is not a decimal`},
		{"Decimal", "1.2.3", nil, `reporting: column "value": "1.2.3" is not a decimal`},
		{"Money", "1234.5", "1234.5", ""},
		{"Money", "$5", nil, `reporting: column "value": "$5" is not a decimal`},
		{"Percent", "12.5%", "12.5", ""},
		{"Percent", " 12.5 % ", "12.5", ""},
		{"Percent", "12.5", "12.5", ""},
		{"Percent", "%", nil, `reporting: column "value": "%" is not a percentage`},
		{"Time", "2026-01-14", day, ""},
		{"Time", " 2026-01-14 10:30:00 ", day.Add(10*time.Hour + 30*time.Minute), ""},
		{"Time", "2026-13-01", nil, `reporting: column "value": "2026-13-01" is not a date-time`},
		{"Time", "", nil, `reporting: column "value": "" is not a date-time`},
		{"Bool", "TRUE", true, ""},
		{"Bool", " 0 ", false, ""},
		{"Bool", "f", false, ""},
		{"Bool", "maybe", nil, `reporting: column "value": "maybe" is not a boolean`},
		{"Bool", strings.Repeat("y", 50), nil, `reporting: column "value": "` + strings.Repeat("y", 40) + `..." is not a boolean`},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.value, func(t *testing.T) {
			acc, ok := accessors[tt.kind]
			require.True(t, ok, tt.kind)
			rows := oneRow(t, tt.value)
			i := rows.Index("value")
			require.Equal(t, 1, i)
			r := rows.Row()

			gotName, errName := acc.byName(r, "value")
			gotPos, errPos := acc.byPos(r, i)
			if tt.wantErr != "" {
				require.Error(t, errName)
				require.Error(t, errPos)
				assert.Equal(t, tt.wantErr, errName.Error())
				assert.Equal(t, tt.wantErr, errPos.Error())
				return
			}
			require.NoError(t, errName)
			require.NoError(t, errPos)
			assert.Equal(t, tt.want, gotName)
			assert.Equal(t, tt.want, gotPos)
		})
	}
}

// TestTypedAccessorsMissingColumn checks that a missing column is an
// error for every accessor, never a panic: by name it names the column,
// by position it gives the position.
func TestTypedAccessorsMissingColumn(t *testing.T) {
	rows := oneRow(t, "5")
	r := rows.Row()
	tests := []struct {
		name    string
		pos     int
		wantErr string
	}{
		{"nope", rows.Index("nope"), "reporting: the result has no column at index -1"},
		{"", -5, "reporting: the result has no column at index -5"},
		{"Value", 2, "reporting: the result has no column at index 2"},
		{"value ", 1 << 40, "reporting: the result has no column at index 1099511627776"},
	}
	for kind, acc := range accessors {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/%q/%d", kind, tt.name, tt.pos), func(t *testing.T) {
				_, err := acc.byPos(r, tt.pos)
				require.Error(t, err)
				assert.Equal(t, tt.wantErr, err.Error())
				_, err = acc.byName(r, tt.name)
				require.Error(t, err)
				assert.Equal(t, fmt.Sprintf("reporting: the result has no column %q", tt.name), err.Error())
			})
		}
	}
	assert.Empty(t, r.At(-1))
	assert.Empty(t, r.At(2))
	assert.Equal(t, "5", r.At(1))
	assert.Equal(t, r.At(1), r.String("value"))
}

// TestTypedAccessorsZeroRow checks a Row not read from a stream: every
// accessor fails with an error, none panics.
func TestTypedAccessorsZeroRow(t *testing.T) {
	var r reporting.Row
	for kind, acc := range accessors {
		t.Run(kind, func(t *testing.T) {
			_, err := acc.byPos(r, 0)
			assert.EqualError(t, err, "reporting: the result has no column at index 0")
			_, err = acc.byName(r, "clicks")
			assert.EqualError(t, err, `reporting: the result has no column "clicks"`)
		})
	}
	assert.Empty(t, r.String("clicks"))
}

// TestTypedAccessorsDuplicateAndPaddedHeader checks that positions from
// Index match the by-name accessors when the header repeats a name (the
// first column wins) or pads it with spaces.
func TestTypedAccessorsDuplicateAndPaddedHeader(t *testing.T) {
	rows, err := reporting.NewRows(strings.NewReader("\ufeff clicks ,ctr,clicks\n3,2.5%,4\n"))
	require.NoError(t, err)
	defer rows.Close()
	require.True(t, rows.Next())
	r := rows.Row()
	assert.Equal(t, 0, rows.Index("clicks"))
	byName, err := r.Int("clicks")
	require.NoError(t, err)
	byPos, err := r.IntAt(rows.Index("clicks"))
	require.NoError(t, err)
	assert.Equal(t, int64(3), byName)
	assert.Equal(t, byName, byPos)
	last, err := r.IntAt(2)
	require.NoError(t, err)
	assert.Equal(t, int64(4), last)
	ctr, err := r.FloatAt(rows.Index("ctr"))
	require.NoError(t, err)
	assert.InDelta(t, 2.5, ctr, 0)
}
