package wire

import (
	"encoding"
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// fieldTypes maps a struct type's JSON names to field types, embedded
// structs flattened.
var fieldTypes sync.Map // reflect.Type -> map[string]reflect.Type

// FieldTypes returns the JSON names of a struct type's fields (embedded
// structs flattened, pointers followed) with their types, cached per type.
// The map is shared: callers must not modify it.
func FieldTypes(t reflect.Type) map[string]reflect.Type { return fieldsOf(t) }

func fieldsOf(t reflect.Type) map[string]reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	if m, ok := fieldTypes.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	collectFields(t, m)
	fieldTypes.Store(t, m)
	return m
}

func collectFields(t reflect.Type, m map[string]reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				collectFields(ft, m)
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := m[name]; !dup {
			m[name] = f.Type
		}
	}
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textType        = reflect.TypeFor[encoding.TextUnmarshaler]()
	moneyType       = reflect.TypeFor[adama.Money]()
)

// EntityJSON converts an XML entity into the JSON object the same entity
// has in the JSON form, using t (the record type it will be decoded into)
// to choose JSON types: numbers and booleans for numeric and bool fields,
// arrays where the field is a slice, strings otherwise. Properties the type
// does not know stay strings, so nothing is lost.
func EntityJSON(e *Entity, t reflect.Type) []byte {
	return AppendEntityJSON(nil, e, t)
}

// AppendEntityJSON appends EntityJSON(e, t) to dst and returns the
// extended slice.
func AppendEntityJSON(dst []byte, e *Entity, t reflect.Type) []byte {
	return appendEntity(dst, e, planOf(t))
}

// scalarKind says how a property typed by a record field is written.
type scalarKind uint8

const (
	kindString scalarKind = iota // strings, text and JSON unmarshalers, the rest
	kindInt
	kindUint
	kindFloat
	kindBool
)

// fieldPlan is what writing a property or related entity needs to know of
// the record field it goes into, worked out once per type.
type fieldPlan struct {
	kind scalarKind
	// slice says the field (pointers followed) is a slice; elem is then the
	// plan of its element type, else the plan of the field's type.
	slice bool
	elem  *typePlan
	typ   reflect.Type // the field type, plans built on first use
	once  sync.Once
}

// typePlan holds a record type's field plans by JSON name.
type typePlan struct {
	fields map[string]*fieldPlan
}

func (tp *typePlan) field(name string) *fieldPlan {
	if tp == nil {
		return nil
	}
	return tp.fields[name]
}

// related returns the plan of the record type a related entity stored in
// the field decodes into, and whether the field is a slice.
func (fp *fieldPlan) related() (*typePlan, bool) {
	fp.once.Do(func() {
		ft := fp.typ
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Slice {
			fp.slice = true
			fp.elem = planOf(ft.Elem())
			return
		}
		fp.elem = planOf(ft)
	})
	return fp.elem, fp.slice
}

// plans caches typePlans by type (reflect.Type -> *typePlan).
var plans sync.Map

// emptyPlan is the plan of a type that is not a struct: no known fields.
var emptyPlan = &typePlan{}

func planOf(t reflect.Type) *typePlan {
	if t == nil {
		return emptyPlan
	}
	if p, ok := plans.Load(t); ok {
		return p.(*typePlan)
	}
	fields := fieldsOf(t)
	tp := &typePlan{fields: make(map[string]*fieldPlan, len(fields))}
	for name, ft := range fields {
		tp.fields[name] = &fieldPlan{kind: kindOf(ft), typ: ft}
	}
	p, _ := plans.LoadOrStore(t, tp)
	return p.(*typePlan)
}

func kindOf(ft reflect.Type) scalarKind {
	for ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if reflect.PointerTo(ft).Implements(unmarshalerType) || reflect.PointerTo(ft).Implements(textType) {
		return kindString
	}
	switch ft.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return kindInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return kindUint
	case reflect.Float32, reflect.Float64:
		return kindFloat
	case reflect.Bool:
		return kindBool
	}
	return kindString
}

// nameSet is the set of keys an object already has: a short array while
// it is small, a map beyond.
type nameSet struct {
	arr [nameSetList]string
	n   int
	m   map[string]struct{}
}

const nameSetList = 32

func (s *nameSet) has(k string) bool {
	if s.m != nil {
		_, ok := s.m[k]
		return ok
	}
	for _, x := range s.arr[:s.n] {
		if x == k {
			return true
		}
	}
	return false
}

func (s *nameSet) add(k string) {
	if s.m == nil && s.n < nameSetList {
		s.arr[s.n] = k
		s.n++
		return
	}
	if s.m == nil {
		s.m = make(map[string]struct{}, 2*nameSetList)
		for _, x := range s.arr[:s.n] {
			s.m[x] = struct{}{}
		}
	}
	s.m[k] = struct{}{}
}

func appendKey(b []byte, first *bool, k string) []byte {
	if !*first {
		b = append(b, ',')
	}
	*first = false
	b = appendString(b, k)
	return append(b, ':')
}

func appendEntity(b []byte, e *Entity, tp *typePlan) []byte {
	b = append(b, '{')
	first := true
	var seen nameSet
	if e.ID != "" {
		b = appendKey(b, &first, "id")
		b = appendScalar(b, e.ID, tp.field("id"))
		seen.add("id")
	}
	if e.Name != "" {
		b = appendKey(b, &first, "name")
		b = appendString(b, e.Name)
		seen.add("name")
	}
	if e.Type != "" {
		b = appendKey(b, &first, "entity_type")
		b = appendString(b, e.Type)
		seen.add("entity_type")
	}
	if e.Version != "" {
		b = appendKey(b, &first, "version")
		b = appendScalar(b, e.Version, tp.field("version"))
		seen.add("version")
	}
	for i := range e.Props {
		p := &e.Props[i]
		if seen.has(p.Name) {
			continue
		}
		seen.add(p.Name)
		b = appendKey(b, &first, p.Name)
		switch {
		case len(p.Amounts) == 0 && p.CurrencyCode != "":
			b = append(b, `[{"currency_code":`...)
			b = appendString(b, p.CurrencyCode)
			b = append(b, `,"value":`...)
			b = appendString(b, p.Value)
			b = append(b, `}]`...)
		case len(p.Amounts) > 0:
			b = append(b, '[')
			for j, a := range p.Amounts {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"currency_code":`...)
				b = appendString(b, a.CurrencyCode)
				b = append(b, `,"value":`...)
				b = appendString(b, a.Value)
				b = append(b, '}')
			}
			b = append(b, ']')
		default:
			b = appendScalar(b, p.Value, tp.field(p.Name))
		}
	}
	if e.Session != nil && !seen.has("session") {
		seen.add("session")
		b = appendKey(b, &first, "session")
		b = append(b, `{"sessionid":`...)
		b = appendString(b, e.Session.SessionID)
		if e.Session.Expires != "" {
			b = append(b, `,"expires":`...)
			b = appendString(b, e.Session.Expires)
		}
		b = append(b, '}')
	}
	if len(e.Related) == 0 {
		return append(b, '}')
	}
	// Related entities, grouped by rel in order of first appearance.
	if len(e.Related) > nameSetList {
		for _, g := range relGroups(e.Related) {
			if !seen.has(g.key) {
				b = appendRelated(b, &first, tp, g.key, g.list)
			}
		}
		return append(b, '}')
	}
	var arr [nameSetList]*Entity
	for i := range e.Related {
		k := relKey(&e.Related[i])
		if seen.has(k) || relSeenBefore(e.Related[:i], k) {
			continue
		}
		list := arr[:0]
		for j := i; j < len(e.Related); j++ {
			if relKey(&e.Related[j]) == k {
				list = append(list, &e.Related[j])
			}
		}
		b = appendRelated(b, &first, tp, k, list)
	}
	return append(b, '}')
}

func relKey(r *Entity) string {
	if r.Rel == "" {
		return r.Type
	}
	return r.Rel
}

func relSeenBefore(before []Entity, k string) bool {
	for i := range before {
		if relKey(&before[i]) == k {
			return true
		}
	}
	return false
}

// appendRelated writes key k with the related entities of one group: an
// array where the field is a slice (or, unknown, the group has several),
// else the first entity.
func appendRelated(b []byte, first *bool, tp *typePlan, k string, list []*Entity) []byte {
	b = appendKey(b, first, k)
	var (
		et    *typePlan
		slice bool
	)
	fp := tp.field(k)
	if fp != nil {
		et, slice = fp.related()
	}
	if slice || (fp == nil && len(list) > 1) {
		b = append(b, '[')
		for j, r := range list {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendEntity(b, r, et)
		}
		return append(b, ']')
	}
	return appendEntity(b, list[0], et)
}

type relGroup struct {
	key  string
	list []*Entity
}

// relGroups groups related entities by rel (their type when rel is
// empty), groups in order of first appearance.
func relGroups(related []Entity) []relGroup {
	var groups []relGroup
	var index map[string]int
	for i := range related {
		r := &related[i]
		k := relKey(r)
		g := -1
		if index != nil {
			if j, ok := index[k]; ok {
				g = j
			}
		} else {
			for j := range groups {
				if groups[j].key == k {
					g = j
					break
				}
			}
		}
		if g < 0 {
			g = len(groups)
			groups = append(groups, relGroup{key: k})
			if index != nil {
				index[k] = g
			} else if len(groups) > nameSetList {
				index = make(map[string]int, 2*len(groups))
				for j := range groups {
					index[groups[j].key] = j
				}
			}
		}
		groups[g].list = append(groups[g].list, r)
	}
	return groups
}

// appendScalar appends v typed for the field fp describes (a string when
// fp is nil).
func appendScalar(b []byte, v string, fp *fieldPlan) []byte {
	if fp == nil {
		return appendString(b, v)
	}
	switch fp.kind {
	case kindInt:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return strconv.AppendInt(b, n, 10) // "00" and "+5" are not JSON numbers
		}
		if v == "" {
			return append(b, "null"...)
		}
	case kindUint:
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			return strconv.AppendUint(b, n, 10)
		}
		if v == "" {
			return append(b, "null"...)
		}
	case kindFloat:
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return strconv.AppendFloat(b, f, 'g', -1, 64)
		}
		if v == "" {
			return append(b, "null"...)
		}
	case kindBool:
		if x, err := wirefmt.ParseBool(v); err == nil {
			return strconv.AppendBool(b, x)
		}
	}
	return appendString(b, v)
}

// appendString appends s as a JSON string, escaped byte for byte as
// encoding/json escapes it (HTML characters, U+2028 and U+2029 escaped,
// invalid UTF-8 replaced), so records keep the same raw bytes.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// EntityFromJSON builds the XML entity of a JSON object (the fake server's
// XML form): id, name, entity_type and version become attributes; scalars
// become props (booleans as 1/0, dates with a local_time child); money
// arrays become amount children; nested objects and arrays of objects
// become related entities with rel set to their key.
func EntityFromJSON(obj map[string]any) Entity {
	e := Entity{}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := obj[k]
		switch k {
		case "id":
			e.ID = scalarString(v)
			continue
		case "name":
			if s, ok := v.(string); ok {
				e.Name = s
				continue
			}
		case "entity_type":
			if s, ok := v.(string); ok {
				e.Type = s
				continue
			}
		case "version":
			e.Version = scalarString(v)
			continue
		}
		switch x := v.(type) {
		case nil:
			continue
		case map[string]any:
			r := EntityFromJSON(x)
			r.Rel = k
			e.Related = append(e.Related, r)
		case []any:
			if amounts, ok := moneyAmounts(x); ok {
				e.Props = append(e.Props, Prop{Name: k, Amounts: amounts})
				continue
			}
			for _, it := range x {
				if m, ok := it.(map[string]any); ok {
					r := EntityFromJSON(m)
					r.Rel = k
					e.Related = append(e.Related, r)
				}
			}
		default:
			p := Prop{Name: k, Value: scalarString(v)}
			if s, ok := v.(string); ok && len(s) >= 19 && s[4] == '-' && s[10] == 'T' {
				if t, err := wirefmt.ParseTime(s); err == nil {
					p.LocalTime = &LocalTime{Value: t.UTC().Format("2006-01-02T15:04:05"), ZoneName: "UTC"}
				}
			}
			e.Props = append(e.Props, p)
		}
	}
	return e
}

func moneyAmounts(x []any) ([]Amount, bool) {
	if len(x) == 0 {
		return nil, false
	}
	out := make([]Amount, 0, len(x))
	for _, it := range x {
		m, ok := it.(map[string]any)
		if !ok || len(m) != 2 {
			return nil, false
		}
		cc, ok1 := m["currency_code"].(string)
		val, ok2 := m["value"]
		if !ok1 || !ok2 {
			return nil, false
		}
		out = append(out, Amount{CurrencyCode: cc, Value: scalarString(val)})
	}
	return out, true
}

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		if x {
			return "1"
		}
		return "0"
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		return x.String()
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case time.Time:
		return wirefmt.FormatTime(x)
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}
