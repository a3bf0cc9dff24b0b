package reporting

import (
	"encoding"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

type planKey struct{ t reflect.Type }

// plan maps header columns to struct fields for one struct type.
type plan struct {
	cols []planCol
}

type planCol struct {
	col   int
	name  string
	index []int
	set   setter
}

type setter func(v reflect.Value, s string) error

var (
	decimalType   = reflect.TypeFor[adama.Decimal]()
	timeType      = reflect.TypeFor[time.Time]()
	adamaTimeType = reflect.TypeFor[adama.Time]()
	textUnmarshal = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// Decode stores the current row in dst, a pointer to a struct. Fields are
// matched to columns by their `csv:"name"` tag (`csv:"-"` skips a field),
// or by a case-insensitive match of the field name when untagged; the
// column order comes from the header. Supported field types: string, bool,
// integers, floats, adama.Decimal, time.Time, adama.Time, any
// encoding.TextUnmarshaler, and pointers to them (an empty value leaves a
// pointer nil). Columns without a field and fields without a column are
// ignored.
//
// Deprecated: reporting v1 is removed in July 2026.
func (rs *Rows) Decode(dst any) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("reporting: Decode needs a non-nil pointer to a struct, got %T", dst)
	}
	p, err := rs.plan(rv.Elem().Type())
	if err != nil {
		return err
	}
	return p.decode(rv.Elem(), rs.r.Record(), rs.Count())
}

func (rs *Rows) plan(t reflect.Type) (*plan, error) {
	if p, ok := rs.plans[planKey{t}]; ok {
		return p, nil
	}
	p, err := buildPlan(t, rs.h)
	if err != nil {
		return nil, err
	}
	if rs.plans == nil {
		rs.plans = map[planKey]*plan{}
	}
	rs.plans[planKey{t}] = p
	return p, nil
}

func buildPlan(t reflect.Type, h *header) (*plan, error) {
	p := &plan{}
	lower := make(map[string]int, len(h.names))
	for i, n := range h.names {
		if _, dup := lower[strings.ToLower(n)]; !dup {
			lower[strings.ToLower(n)] = i
		}
	}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		tag, hasTag := f.Tag.Lookup("csv")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		col := -1
		if hasTag && name != "" {
			col = h.col(name)
		} else if i, ok := lower[strings.ToLower(f.Name)]; ok {
			col = i
			name = h.names[i]
		}
		if col < 0 {
			continue
		}
		set, err := setterFor(f.Type)
		if err != nil {
			return nil, fmt.Errorf("reporting: field %s.%s: %w", t.Name(), f.Name, err)
		}
		p.cols = append(p.cols, planCol{col: col, name: name, index: f.Index, set: set})
	}
	return p, nil
}

func (p *plan) decode(v reflect.Value, rec []string, row int64) error {
	for _, c := range p.cols {
		if c.col >= len(rec) {
			continue
		}
		fv, err := v.FieldByIndexErr(c.index)
		if err != nil {
			return fmt.Errorf("reporting: row %d: column %q: %w", row, c.name, err)
		}
		if err := c.set(fv, rec[c.col]); err != nil {
			return fmt.Errorf("reporting: row %d: column %q: %w", row, c.name, err)
		}
	}
	return nil
}

func setterFor(t reflect.Type) (setter, error) {
	switch t {
	case decimalType:
		return func(v reflect.Value, s string) error {
			s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
			if s == "" {
				v.SetZero()
				return nil
			}
			d, err := adama.ParseDecimal(s)
			if err != nil {
				return fmt.Errorf("%q is not a decimal", trunc(s))
			}
			v.Set(reflect.ValueOf(d))
			return nil
		}, nil
	case timeType, adamaTimeType:
		return func(v reflect.Value, s string) error {
			if strings.TrimSpace(s) == "" {
				v.SetZero()
				return nil
			}
			tm, err := wirefmt.ParseTime(s)
			if err != nil {
				return fmt.Errorf("%q is not a date-time", trunc(s))
			}
			if v.Type() == adamaTimeType {
				v.Set(reflect.ValueOf(adama.Time{Time: tm}))
			} else {
				v.Set(reflect.ValueOf(tm))
			}
			return nil
		}, nil
	}
	if reflect.PointerTo(t).Implements(textUnmarshal) {
		return func(v reflect.Value, s string) error {
			return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
		}, nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		inner, err := setterFor(t.Elem())
		if err != nil {
			return nil, err
		}
		return func(v reflect.Value, s string) error {
			if strings.TrimSpace(s) == "" {
				v.SetZero()
				return nil
			}
			nv := reflect.New(t.Elem())
			if err := inner(nv.Elem(), s); err != nil {
				return err
			}
			v.Set(nv)
			return nil
		}, nil
	case reflect.String:
		return func(v reflect.Value, s string) error { v.SetString(strings.Clone(s)); return nil }, nil
	case reflect.Bool:
		return func(v reflect.Value, s string) error {
			s = strings.ToLower(strings.TrimSpace(s))
			if s == "" {
				v.SetBool(false)
				return nil
			}
			b, err := strconv.ParseBool(s)
			if err != nil {
				return fmt.Errorf("%q is not a boolean", trunc(s))
			}
			v.SetBool(b)
			return nil
		}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return func(v reflect.Value, s string) error {
			s = strings.TrimSpace(s)
			if s == "" {
				v.SetInt(0)
				return nil
			}
			n, err := strconv.ParseInt(s, 10, bits)
			if err != nil {
				return fmt.Errorf("%q is not an integer of %d bits", trunc(s), bits)
			}
			v.SetInt(n)
			return nil
		}, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		bits := t.Bits()
		return func(v reflect.Value, s string) error {
			s = strings.TrimSpace(s)
			if s == "" {
				v.SetUint(0)
				return nil
			}
			n, err := strconv.ParseUint(s, 10, bits)
			if err != nil {
				return fmt.Errorf("%q is not an unsigned integer of %d bits", trunc(s), bits)
			}
			v.SetUint(n)
			return nil
		}, nil
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		return func(v reflect.Value, s string) error {
			s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
			if s == "" {
				v.SetFloat(0)
				return nil
			}
			f, err := strconv.ParseFloat(s, bits)
			if err != nil {
				return fmt.Errorf("%q is not a number", trunc(s))
			}
			v.SetFloat(f)
			return nil
		}, nil
	}
	return nil, errors.New("unsupported type " + t.String())
}

// DecodeAll decodes each remaining row into a T (a struct, see
// Rows.Decode). A failure (a bad value, a cut stream, an error document)
// is yielded once, after which iteration stops. The rows are closed when
// the iteration ends.
//
// Deprecated: reporting v1 is removed in July 2026.
func DecodeAll[T any](rs *Rows) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		defer rs.Close()
		var zero T
		for rs.Next() {
			var v T
			if err := rs.Decode(&v); err != nil {
				yield(zero, err)
				return
			}
			if !yield(v, nil) {
				return
			}
		}
		if err := rs.Err(); err != nil {
			yield(zero, err)
		}
	}
}
