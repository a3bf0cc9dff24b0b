package reporting

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/benchpair"
)

func TestWithMaxLineBytes(t *testing.T) {
	body := "campaign_id,campaign_name\n1,short\n2," + strings.Repeat("n", 300) + "\n"
	tests := []struct {
		name string
		opts []Option
		rows int64
		code string
	}{
		{"default bound", nil, 2, ""},
		{"bound under the long line", []Option{WithMaxLineBytes(100)}, 1, CodeLineTooLong},
		{"bound at the long line", []Option{WithMaxLineBytes(303)}, 2, ""},
		{"no bound", []Option{WithMaxLineBytes(-1)}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader(body)), Header: http.Header{}}
			rows, err := newRows(resp, "/reporting/v1/std/performance", newConfig(tt.opts).maxLine, nil)
			require.NoError(t, err)
			for rows.Next() {
			}
			assert.Equal(t, tt.rows, rows.Count())
			if tt.code == "" {
				assert.NoError(t, rows.Err())
				return
			}
			var ae *adama.Error
			require.ErrorAs(t, rows.Err(), &ae)
			assert.Equal(t, tt.code, ae.Code)
			assert.Equal(t, "/reporting/v1/std/performance", ae.Path)
			assert.Equal(t, http.MethodGet, ae.Method)
		})
	}
}

func TestHeaderLookup(t *testing.T) {
	wide := make([]string, 100)
	for i := range wide {
		wide[i] = "col_" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26)
	}
	tests := []struct {
		name  string
		names []string
		miss  []string
	}{
		{"report columns", []string{"start_date", "end_date", "campaign_id", "campaign_name", "impressions", "clicks", "total_spend", "ctr"}, []string{"click", "clicks ", "start_datE", "", "total_spend_"}},
		{"short names", []string{"a", "ab", "abc", "abcd", "abcde", "", "x"}, []string{"b", "ba", "acb", "abce", "abcdf"}},
		{"long names sharing both ends", []string{"abcdefgh_X_12345678", "abcdefgh_Y_12345678", "abcdefgh_12345678"}, []string{"abcdefgh_Z_12345678", "abcdefgh12345678"}},
		{"duplicates keep the first", []string{"id", "name", "id", "name"}, []string{"ids"}},
		{"wide header", wide, []string{"col_", "col_zz"}},
		{"byte order mark and spaces", []string{"\ufeffstart_date", " clicks "}, []string{"\ufeffstart_date"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHeader(append([]string(nil), tt.names...))
			for i, n := range h.names {
				want := i
				if first := h.index[n]; first < i {
					want = first
				}
				assert.Equal(t, want, h.col(n), n)
				assert.Equal(t, want, h.col(strings.Clone(n)), n)
			}
			for _, n := range tt.miss {
				assert.Equal(t, -1, h.col(n), n)
			}
		})
	}
}

// accessorRows returns 256 rows of a performance report sharing one
// header, as rows read from one stream do, each with its own record (the
// iterator reuses its record, so they are built here).
func accessorRows(b *testing.B) ([]Row, [][]string) {
	var body strings.Builder
	body.WriteString("start_date,end_date,campaign_id,campaign_name,strategy_id,impressions,clicks,total_spend,ctr\n")
	for i := range 256 {
		imps := 1000 + (i*7919)%100000
		fmt.Fprintf(&body, "2026-01-%02d,2026-01-%02d,%d,\"Campaign %d, Spring\",%d,%d,%d,%d.%d,1.%d\n",
			1+i%28, 1+i%28, 100000+i, i, 700000+i, imps, imps/100, imps/400, 10+i%90, 100+i%900)
	}
	resp := &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader(body.String())), Header: http.Header{}}
	rs, err := newRows(resp, "", 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	var rows []Row
	var recs [][]string
	for rs.Next() {
		rec := slices.Clone(rs.Row().Values())
		rows, recs = append(rows, Row{rec: rec, h: rs.h}), append(recs, rec)
	}
	if rs.Err() != nil || len(rows) != 256 {
		b.Fatal(rs.Err(), len(rows))
	}
	if rs.Index("campaign_name") != 3 || rs.Index("impressions") != 5 || rs.Index("clicks") != 6 || rs.Index("ctr") != 8 {
		b.Fatal("column positions changed")
	}
	return rows, recs
}

// BenchmarkRowAccessors isolates the typed accessors (Int×2, Float and
// String by column name) from CSV parsing; its baseline,
// BenchmarkRowAccessorsBaselineStrconv, calls strconv on the same fields
// with their positions looked up once. BenchmarkRowAccessorsAt does the
// same work as the baseline through the positional accessors (IntAt,
// FloatAt, At) with positions from Rows.Index. The …Paired benchmarks run
// a candidate and the baseline in every round (internal/benchpair). One
// op is one pass over 256 rows.
func BenchmarkRowAccessors(b *testing.B) {
	rows, _ := accessorRows(b)
	b.ReportAllocs()
	var sink int64
	for b.Loop() {
		sink += accessorPass(b, rows)
	}
	_ = sink
}

func BenchmarkRowAccessorsBaselineStrconv(b *testing.B) {
	_, recs := accessorRows(b)
	b.ReportAllocs()
	var sink int64
	for b.Loop() {
		sink += strconvPass(b, recs)
	}
	_ = sink
}

func BenchmarkRowAccessorsAt(b *testing.B) {
	rows, _ := accessorRows(b)
	b.ReportAllocs()
	var sink int64
	for b.Loop() {
		sink += positionalPass(b, rows)
	}
	_ = sink
}

func BenchmarkRowAccessorsPaired(b *testing.B) {
	rows, recs := accessorRows(b)
	var sink int64
	benchpair.Run(b, 0, func() {
		for range 1024 {
			sink += accessorPass(b, rows)
		}
	}, func() {
		for range 1024 {
			sink += strconvPass(b, recs)
		}
	})
	_ = sink
}

func BenchmarkRowAccessorsAtPaired(b *testing.B) {
	rows, recs := accessorRows(b)
	var sink int64
	benchpair.Run(b, 0, func() {
		for range 1024 {
			sink += positionalPass(b, rows)
		}
	}, func() {
		for range 1024 {
			sink += strconvPass(b, recs)
		}
	})
	_ = sink
}

func accessorPass(b *testing.B, rows []Row) int64 {
	var sum int64
	var f float64
	for _, r := range rows {
		c, err1 := r.Int("clicks")
		i, err2 := r.Int("impressions")
		x, err3 := r.Float("ctr")
		sum += c + i + int64(len(r.String("campaign_name")))
		f += x
		if err1 != nil || err2 != nil || err3 != nil {
			b.Fatal(err1, err2, err3)
		}
	}
	return sum + int64(f)
}

// positionalPass is accessorPass through the positional accessors, the
// columns located once as strconvPass does.
func positionalPass(b *testing.B, rows []Row) int64 {
	ci, ii, xi, ni := positions(b, rows[0])
	var sum int64
	var f float64
	for _, r := range rows {
		c, err1 := r.IntAt(ci)
		i, err2 := r.IntAt(ii)
		x, err3 := r.FloatAt(xi)
		sum += c + i + int64(len(r.At(ni)))
		f += x
		if err1 != nil || err2 != nil || err3 != nil {
			b.Fatal(err1, err2, err3)
		}
	}
	return sum + int64(f)
}

// positions looks up the four columns in the header once per pass (the
// baseline's positions are fixed: 6, 5, 8, 3).
func positions(b *testing.B, r Row) (int, int, int, int) {
	rs := &Rows{h: r.h}
	ci, ii, xi, ni := rs.Index("clicks"), rs.Index("impressions"), rs.Index("ctr"), rs.Index("campaign_name")
	if ci < 0 || ii < 0 || xi < 0 || ni < 0 {
		b.Fatal("missing column")
	}
	return ci, ii, xi, ni
}

func strconvPass(b *testing.B, recs [][]string) int64 {
	var sum int64
	var f float64
	for _, rec := range recs {
		c, err1 := strconv.ParseInt(rec[6], 10, 64)
		i, err2 := strconv.ParseInt(rec[5], 10, 64)
		x, err3 := strconv.ParseFloat(rec[8], 64)
		sum += c + i + int64(len(rec[3]))
		f += x
		if err1 != nil || err2 != nil || err3 != nil {
			b.Fatal(err1, err2, err3)
		}
	}
	return sum + int64(f)
}

// FuzzParseInt checks that the accessors' integer parser accepts exactly
// the strings strconv.ParseInt(s, 10, 64) accepts, with the same value.
func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"0", "42", "-7", "+5", "007", "", "-", "+", " 1", "1 ", "1_000", "0x10", "1e3",
		"123456789012345678", "-123456789012345678", "999999999999999999", "9223372036854775807",
		"-9223372036854775808", "9223372036854775808", "١٢", "12\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := strconv.ParseInt(s, 10, 64)
		got, ok := parseInt(s)
		require.Equal(t, err == nil, ok, "%q", s)
		if ok {
			assert.Equal(t, want, got, "%q", s)
		}
	})
}

// FuzzAccessorForms checks that every typed accessor gives the same
// value and the same error by name and by position, whatever the value.
func FuzzAccessorForms(f *testing.F) {
	for _, s := range []string{"42", " 42 ", "", "1.5%", " 12.5 % ", "2026-01-14 10:30:00", "true", "x", "1e400", "-0"} {
		f.Add(s)
	}
	same := func(t *testing.T, kind string, a, b any, errA, errB error) {
		t.Helper()
		require.Equal(t, errA == nil, errB == nil, kind)
		if errA != nil {
			assert.Equal(t, errA.Error(), errB.Error(), kind)
			assert.Contains(t, errA.Error(), `column "v"`, kind)
			return
		}
		assert.Equal(t, fmt.Sprint(a), fmt.Sprint(b), kind)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Row{rec: []string{"1", s}, h: newHeader([]string{"id", "v"})}
		n1, e1 := r.Int("v")
		n2, e2 := r.IntAt(1)
		same(t, "int", n1, n2, e1, e2)
		// The rules of reference: trim, then strconv.
		n3, e3 := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		require.Equal(t, e3 == nil, e1 == nil, "int %q", s)
		if e3 == nil {
			assert.Equal(t, n3, n1, "int %q", s)
		}
		f1, e1 := r.Float("v")
		f2, e2 := r.FloatAt(1)
		same(t, "float", f1, f2, e1, e2)
		f3, e3 := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
		require.Equal(t, e3 == nil, e1 == nil, "float %q", s)
		if e3 == nil {
			assert.Equal(t, fmt.Sprint(f3), fmt.Sprint(f1), "float %q", s)
		}
		d1, e1 := r.Decimal("v")
		d2, e2 := r.DecimalAt(1)
		same(t, "decimal", d1, d2, e1, e2)
		d1, e1 = r.Money("v")
		d2, e2 = r.MoneyAt(1)
		same(t, "money", d1, d2, e1, e2)
		d1, e1 = r.Percent("v")
		d2, e2 = r.PercentAt(1)
		same(t, "percent", d1, d2, e1, e2)
		t1, e1 := r.Time("v")
		t2, e2 := r.TimeAt(1)
		same(t, "time", t1, t2, e1, e2)
		b1, e1 := r.Bool("v")
		b2, e2 := r.BoolAt(1)
		same(t, "bool", b1, b2, e1, e2)
		assert.Equal(t, r.String("v"), r.At(1))
	})
}
