package reporting

import (
	"fmt"
	"iter"
	"math/bits"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/csvstream"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Shape is the layout of a result's time columns.
//
// Deprecated: reporting v1 is removed in July 2026.
type Shape int

// Result shapes.
//
// Deprecated: reporting v1 is removed in July 2026.
const (
	// ShapeUnknown: neither start_date/end_date nor interval columns.
	ShapeUnknown Shape = iota
	// ShapeDates: start_date and end_date columns (normal time windows).
	ShapeDates
	// ShapeInterval: one interval column (interval-based reports and
	// special time windows).
	ShapeInterval
)

// String names the shape.
//
// Deprecated: reporting v1 is removed in July 2026.
func (s Shape) String() string {
	switch s {
	case ShapeDates:
		return "dates"
	case ShapeInterval:
		return "interval"
	}
	return "unknown"
}

// Time column names of the two result shapes.
//
// Deprecated: reporting v1 is removed in July 2026.
const (
	ColStartDate = "start_date"
	ColEndDate   = "end_date"
	ColInterval  = "interval"
)

// Rows is a streamed report result: the header, then one row per Next.
// Its memory use does not grow with the report. A Rows is not safe for
// concurrent use.
//
// Deprecated: reporting v1 is removed in July 2026.
type Rows struct {
	resp     *http.Response // the current page's
	lastMod  time.Time      // the first page's Last-Modified
	path     string
	r        *csvstream.Reader
	h        *header
	pg       *pages // nil for a single page
	before   int64  // rows of the pages before the current one
	bytes    int64  // bytes of the pages before the current one
	err      error
	closed   bool
	progress ProgressFunc
	last     int64
	plans    map[planKey]*plan
}

// CodeLineTooLong is the error code of a stream with a line (or a record
// whose quoted fields hold newlines) longer than the bound set with
// WithMaxLineBytes.
//
// Deprecated: reporting v1 is removed in July 2026.
const CodeLineTooLong = "line_too_long"

// DefaultMaxLineBytes is the default bound on one line or record of a
// report: 1 MiB, far above any real report line.
//
// Deprecated: reporting v1 is removed in July 2026.
const DefaultMaxLineBytes = csvstream.DefaultMaxLineBytes

type header struct {
	names []string
	index map[string]int
	// slots is a small open-addressing table over names (a power of two
	// long) for headers of at most maxSlotCols columns. A slot holds a
	// name's length and a 16-byte key that determines names of up to 16
	// bytes, so a lookup by name costs two loads and a few compares (no
	// hashing of the whole string, no map access). Wider headers use index.
	slots []slot
	shift uint
	seed  uint64
}

type slot struct {
	a, b uint64
	n    int32
	col  int32 // column+1; 0 for an empty slot
}

const maxSlotCols = 64

func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string) uint64 {
	_ = s[3]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

// nameKey returns two words that, with the length, determine a name of
// up to 16 bytes (overlapping loads of its first and last bytes).
func nameKey(s string) (uint64, uint64) {
	n := len(s)
	switch {
	case n >= 8:
		return le64(s), le64(s[n-8:])
	case n >= 4:
		return le32(s), le32(s[n-4:])
	case n > 0:
		return uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16, 0
	}
	return 0, 0
}

func (h *header) slotOf(a, b uint64, n int) uint {
	// One multiply: b is rotated so that equal halves (a name of 8 bytes
	// loads the same word twice) do not cancel out.
	return uint(((a ^ bits.RotateLeft64(b, 29) ^ uint64(n) ^ h.seed) * 0xC2B2AE3D27D4EB4F) >> h.shift)
}

// place fills h.slots and returns the longest probe chain.
func (h *header) place() int {
	mask := uint(len(h.slots) - 1)
	longest := 0
	for i, name := range h.names {
		if h.index[name] != i {
			continue // a duplicate: the first column of that name wins
		}
		a, b := nameKey(name)
		j, p := h.slotOf(a, b, len(name)), 1
		for h.slots[j].col != 0 {
			j, p = (j+1)&mask, p+1
		}
		h.slots[j] = slot{a: a, b: b, n: int32(len(name)), col: int32(i + 1)}
		longest = max(longest, p)
	}
	return longest
}

func newHeader(names []string) *header {
	h := &header{names: names, index: make(map[string]int, len(names))}
	for i := range h.names {
		h.names[i] = normName(h.names[i])
		if _, dup := h.index[h.names[i]]; !dup {
			h.index[h.names[i]] = i
		}
	}
	if len(names) <= maxSlotCols {
		bits := uint(4)
		for 1<<bits < 4*len(names) {
			bits++
		}
		// Try a few seeds and keep the one with the shortest probe
		// chains: with a table four times the columns, most headers get
		// every name in its home slot, so a lookup reads one slot.
		best, bestProbe := []slot(nil), len(names)+1
		var bestSeed uint64
		for try := range uint64(16) {
			h.slots, h.shift, h.seed = make([]slot, 1<<bits), 64-bits, try*0x9E3779B97F4A7C15
			if p := h.place(); p < bestProbe {
				best, bestProbe, bestSeed = h.slots, p, h.seed
				if p == 1 {
					break
				}
			}
		}
		h.slots, h.seed = best, bestSeed
	}
	return h
}

// normName is a header name as Rows keeps it: without a byte order mark
// and surrounding space.
func normName(s string) string { return strings.TrimSpace(strings.TrimPrefix(s, "\ufeff")) }

func newRows(resp *http.Response, path string, maxLine int, pg *pages) (*Rows, error) {
	r, err := csvstream.NewReader(resp.Body, csvstream.Options{RequireFinalNewline: true, TrailerPrefixes: trailerPrefixes, MaxLineBytes: maxLine})
	if err != nil {
		_ = resp.Body.Close()
		return nil, streamError(err, resp, path, 0, 0)
	}
	return &Rows{resp: resp, lastMod: lastModified(resp.Header), path: path, r: r, h: newHeader(r.Header()), pg: pg}, nil
}

// OnProgress sets a progress callback, called about every ProgressEvery
// bytes and once at the end. Set it before the first Next.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) OnProgress(fn ProgressFunc) { rs.progress = fn }

// LastModified returns the response's Last-Modified time, the value to
// pass as Query.IfModifiedSince next time; zero when absent.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) LastModified() time.Time { return rs.lastMod }

// Header returns the column names in the order of the body. The caller
// must not modify it.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Header() []string { return rs.h.names }

// Index returns the position of column name, or -1. Look a column up
// once, before the loop over the rows, and read it with the positional
// accessors (Row.At, Row.IntAt, Row.FloatAt, ...): they skip the lookup
// by name on every row.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Index(name string) int { return rs.h.col(name) }

// Shape tells which time columns the result has.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Shape() Shape {
	switch {
	case rs.h.col(ColInterval) >= 0:
		return ShapeInterval
	case rs.h.col(ColStartDate) >= 0 && rs.h.col(ColEndDate) >= 0:
		return ShapeDates
	}
	return ShapeUnknown
}

// col returns the position of column name, or -1 (also for a nil h).
func (h *header) col(name string) int {
	if h == nil {
		return -1
	}
	if h.slots != nil {
		// nameKey, inlined by hand: this is the accessors' hot path.
		var a, b uint64
		switch n := len(name); {
		case n >= 8:
			a, b = le64(name), le64(name[n-8:])
		case n >= 4:
			a, b = le32(name), le32(name[n-4:])
		case n > 0:
			a = uint64(name[0]) | uint64(name[n/2])<<8 | uint64(name[n-1])<<16
		}
		slots := h.slots
		mask := uint(len(slots) - 1)
		for j := h.slotOf(a, b, len(name)); ; j = (j + 1) & mask {
			sl := &slots[j&mask]
			if sl.col == 0 {
				return -1
			}
			if sl.a == a && sl.b == b && int(sl.n) == len(name) && (len(name) <= 16 || h.names[sl.col-1] == name) {
				return int(sl.col - 1)
			}
		}
	}
	if i, ok := h.index[name]; ok {
		return i
	}
	return -1
}

// Next advances to the next row. It returns false at the end of the
// report or on an error; check Err. At the end the body is closed.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Next() bool {
	if rs.err != nil || rs.closed {
		return false
	}
	for {
		if rs.r.Next() {
			if rs.pg != nil && rs.r.Rows() == 1 && !rs.pg.firstRow(rs.r.Record()) {
				rs.before-- // the repeated row is not delivered
				rs.err = streamError(errRepeatedPage, rs.resp, rs.path, rs.Bytes(), rs.Count())
				break
			}
			if rs.progress != nil && rs.Bytes()-rs.last >= ProgressEvery {
				rs.last = rs.Bytes()
				rs.progress(Progress{Bytes: rs.Bytes(), Rows: rs.Count()})
			}
			return true
		}
		if rs.r.Err() != nil || !rs.pg.more(rs.r.Rows()) || !rs.nextPage() {
			break
		}
	}
	if rs.err == nil {
		rs.err = streamError(rs.r.Err(), rs.resp, rs.path, rs.Bytes(), rs.Count())
	}
	_ = rs.close()
	if rs.progress != nil {
		rs.progress(Progress{Bytes: rs.Bytes(), Rows: rs.Count(), Done: true})
	}
	return false
}

// nextPage moves to the next page of a whole-report read: false, with
// rs.err set, when it cannot be read or its header is not the first
// page's.
func (rs *Rows) nextPage() bool {
	_ = rs.resp.Body.Close()
	resp, err := rs.pg.next(rs.Count())
	if err != nil {
		rs.err = err
		return false
	}
	rs.before += rs.r.Rows()
	rs.bytes += rs.r.Bytes()
	rs.resp = resp
	if err := rs.r.Reset(resp.Body); err != nil {
		if err == csvstream.ErrNoHeader {
			err = errNoPageHeader
		}
		rs.err = streamError(err, resp, rs.path, rs.Bytes(), rs.Count())
		return false
	}
	if !sameHeader(rs.r.Header(), rs.h.names) {
		rs.err = streamError(errPageHeader, resp, rs.path, rs.Bytes(), rs.Count())
		return false
	}
	return true
}

// Row returns the current row. It is valid until the next call to Next.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Row() Row { return Row{rec: rs.r.Record(), h: rs.h} }

// Err returns the error that ended the rows: nil after a complete report,
// an *adama.Error for an error document, a cut stream or a line longer
// than the bound (CodeLineTooLong), or the context's error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Err() error { return rs.err }

// Count returns how many data rows were read, over every page read so
// far.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Count() int64 { return rs.before + rs.r.Rows() }

// Bytes returns how many body bytes were read.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Bytes() int64 { return rs.bytes + rs.r.Bytes() }

// Close releases the body. It is safe to call more than once.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Close() error {
	if rs.closed {
		return nil
	}
	return rs.close()
}

func (rs *Rows) close() error {
	rs.closed = true
	return rs.resp.Body.Close()
}

// All iterates over the remaining rows; a failure is yielded once as the
// error, after which iteration stops. Each Row is valid only during its
// iteration step.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) All() iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		defer rs.Close()
		for rs.Next() {
			if !yield(rs.Row(), nil) {
				return
			}
		}
		if err := rs.Err(); err != nil {
			yield(Row{h: rs.h}, err)
		}
	}
}

// Row is one data row. Its accessors parse lazily, on call; a missing
// column is an error, never a panic. Each typed accessor comes in two
// forms with the same parsing rules and errors: by column name (Int,
// Float, ...) and by position (IntAt, FloatAt, ...), for a column located
// once with Rows.Index, which is the cheaper form in a loop over rows.
//
// Deprecated: reporting v1 is removed in July 2026.
type Row struct {
	rec []string
	h   *header
}

// Len returns the number of columns.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Len() int { return len(r.rec) }

// Values returns the row's values in header order. The slice is reused by
// the next row: copy it to keep it.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Values() []string { return r.rec }

// At returns the value of column i, or "" when out of range. It is the
// positional form of String.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) At(i int) string {
	if i < 0 || i >= len(r.rec) {
		return ""
	}
	return r.rec[i]
}

// Lookup returns the value of column name and whether the column exists.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Lookup(name string) (string, bool) {
	if i := r.index(name); i >= 0 {
		return r.rec[i], true
	}
	return "", false
}

// String returns the value of column name, or "" when there is none. It
// is the by-name form of At.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) String(name string) string {
	if i := r.h.col(name); uint(i) < uint(len(r.rec)) {
		return r.rec[i]
	}
	return ""
}

// missing is the error of an absent column: named when it was looked up
// by name, by position otherwise. It is out of line so that the accessors
// stay small.
//
//go:noinline
func missing(i int, name string, byName bool) error {
	if byName {
		return fmt.Errorf("reporting: the result has no column %q", name)
	}
	return fmt.Errorf("reporting: the result has no column at index %d", i)
}

// badValue reports value s of column i as not being what.
//
//go:noinline
func (r Row) badValue(i int, s, what string) error {
	name := ""
	if r.h != nil && i < len(r.h.names) {
		name = r.h.names[i]
	}
	return fmt.Errorf("reporting: column %q: %q is not %s", name, trunc(s), what)
}

// index returns the position of column name in r, or -1.
func (r Row) index(name string) int {
	if i := r.h.col(name); uint(i) < uint(len(r.rec)) {
		return i
	}
	return -1
}

// value returns column i without surrounding space, and whether r has
// that column.
func (r Row) value(i int) (string, bool) {
	if uint(i) >= uint(len(r.rec)) {
		return "", false
	}
	s := r.rec[i]
	// Most values have no surrounding space: skip the call.
	if n := len(s); n > 0 && s[0] > ' ' && s[0] < utf8.RuneSelf && s[n-1] > ' ' && s[n-1] < utf8.RuneSelf {
		return s, true
	}
	return strings.TrimSpace(s), true
}

// parseInt is strconv.ParseInt(s, 10, 64) == nil, with a fast path for
// an optional sign and up to 18 digits (which cannot overflow); anything
// else goes to strconv, so both accept exactly the same strings.
func parseInt(s string) (int64, bool) {
	t := s
	if len(t) > 0 && (t[0] == '-' || t[0] == '+') {
		t = t[1:]
	}
	if len(t) == 0 || len(t) > 18 {
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	}
	var v int64
	for i := 0; i < len(t); i++ {
		d := t[i] - '0'
		if d > 9 {
			n, err := strconv.ParseInt(s, 10, 64)
			return n, err == nil
		}
		v = v*10 + int64(d)
	}
	if s[0] == '-' {
		v = -v
	}
	return v, true
}

// The typed accessors come in two forms that share one implementation
// (intAt, floatAt, ...): by position (IntAt, FloatAt, ...), for a column
// located once with Rows.Index, and by name (Int, Float, ...), which look
// the column up first. Both trim the value, apply the same parsing rules
// and name the column in their errors.

func (r Row) intAt(i int, name string, byName bool) (int64, error) {
	if uint(i) >= uint(len(r.rec)) {
		return 0, missing(i, name, byName)
	}
	// Parse the value as it is first: strconv accepts no surrounding
	// space, so a value that parses needs no trimming.
	if n, ok := parseInt(r.rec[i]); ok {
		return n, nil
	}
	s, _ := r.value(i)
	n, ok := parseInt(s)
	if !ok {
		return 0, r.badValue(i, s, "an integer")
	}
	return n, nil
}

// IntAt returns column i as an integer (count, integer, rank, id), parsed
// as Int does. i is a position from Rows.Index; an i out of range (such
// as Index's -1 for a missing column) is an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) IntAt(i int) (int64, error) { return r.intAt(i, "", false) }

// Int returns column name as an integer (count, integer, rank, id). In a
// loop over many rows, IntAt with a position looked up once is cheaper.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Int(name string) (int64, error) { return r.intAt(r.h.col(name), name, true) }

func (r Row) floatAt(i int, name string, byName bool) (float64, error) {
	if uint(i) >= uint(len(r.rec)) {
		return 0, missing(i, name, byName)
	}
	// As in intAt: a value that parses as it is needs no trimming.
	if f, err := strconv.ParseFloat(strings.TrimSuffix(r.rec[i], "%"), 64); err == nil {
		return f, nil
	}
	s, _ := r.value(i)
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil {
		return 0, r.badValue(i, s, "a number")
	}
	return f, nil
}

// FloatAt returns column i as a float64, parsed as Float does. An i out
// of range is an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) FloatAt(i int) (float64, error) { return r.floatAt(i, "", false) }

// Float returns column name as a float64 (for ratios; use Decimal or
// Money for money). A trailing "%" is dropped.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Float(name string) (float64, error) { return r.floatAt(r.h.col(name), name, true) }

func (r Row) decimalAt(i int, name string, byName bool) (adama.Decimal, error) {
	s, ok := r.value(i)
	if !ok {
		return adama.Decimal{}, missing(i, name, byName)
	}
	d, err := adama.ParseDecimal(s)
	if err != nil {
		return adama.Decimal{}, r.badValue(i, s, "a decimal")
	}
	return d, nil
}

// DecimalAt returns column i as an exact decimal, parsed as Decimal does.
// An i out of range is an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) DecimalAt(i int) (adama.Decimal, error) { return r.decimalAt(i, "", false) }

// Decimal returns column name as an exact decimal.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Decimal(name string) (adama.Decimal, error) {
	return r.decimalAt(r.h.col(name), name, true)
}

// MoneyAt returns money column i as an exact decimal, as Money does. An i
// out of range is an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) MoneyAt(i int) (adama.Decimal, error) { return r.decimalAt(i, "", false) }

// Money returns a money column as an exact decimal (never a float). The
// currency is the report's, or the row's campaign_currency_code column
// when the report's currency is "campaign currency".
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Money(name string) (adama.Decimal, error) {
	return r.decimalAt(r.h.col(name), name, true)
}

func (r Row) percentAt(i int, name string, byName bool) (adama.Decimal, error) {
	s, ok := r.value(i)
	if !ok {
		return adama.Decimal{}, missing(i, name, byName)
	}
	d, err := adama.ParseDecimal(strings.TrimSpace(strings.TrimSuffix(s, "%")))
	if err != nil {
		return adama.Decimal{}, r.badValue(i, s, "a percentage")
	}
	return d, nil
}

// PercentAt returns percent column i as an exact decimal in percent
// units, as Percent does. An i out of range is an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) PercentAt(i int) (adama.Decimal, error) { return r.percentAt(i, "", false) }

// Percent returns a percent column as an exact decimal in percent units
// ("12.5" and "12.5%" both give 12.5).
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Percent(name string) (adama.Decimal, error) {
	return r.percentAt(r.h.col(name), name, true)
}

func (r Row) timeAt(i int, name string, byName bool) (time.Time, error) {
	s, ok := r.value(i)
	if !ok {
		return time.Time{}, missing(i, name, byName)
	}
	t, err := wirefmt.ParseTime(s)
	if err != nil {
		return time.Time{}, r.badValue(i, s, "a date-time")
	}
	return t, nil
}

// TimeAt returns datetime column i, parsed as Time does. An i out of
// range is an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) TimeAt(i int) (time.Time, error) { return r.timeAt(i, "", false) }

// Time returns a datetime column: YYYY-MM-DD, YYYY-MM-DD hh:mi:ss or
// YYYY-MM-DDThh:mi:ss, in the report's timezone and read as UTC.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Time(name string) (time.Time, error) { return r.timeAt(r.h.col(name), name, true) }

func (r Row) boolAt(i int, name string, byName bool) (bool, error) {
	s, ok := r.value(i)
	if !ok {
		return false, missing(i, name, byName)
	}
	b, err := strconv.ParseBool(strings.ToLower(s))
	if err != nil {
		return false, r.badValue(i, s, "a boolean")
	}
	return b, nil
}

// BoolAt returns bool column i, parsed as Bool does. An i out of range is
// an error.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) BoolAt(i int) (bool, error) { return r.boolAt(i, "", false) }

// Bool returns a bool column ("1", "0", "true", "false", "t", "f").
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Bool(name string) (bool, error) { return r.boolAt(r.h.col(name), name, true) }

// Start returns the start_date column (ShapeDates).
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Start() (time.Time, error) { return r.Time(ColStartDate) }

// End returns the end_date column (ShapeDates), inclusive.
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) End() (time.Time, error) { return r.Time(ColEndDate) }

// Interval returns the interval column (ShapeInterval): "1", "7", "30",
// "CTD", "FTD", ...
//
// Deprecated: reporting v1 is removed in July 2026.
func (r Row) Interval() string { return r.String(ColInterval) }

func trunc(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
