package wire

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/adama"
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
	var b bytes.Buffer
	writeEntity(&b, e, t)
	return b.Bytes()
}

func writeEntity(b *bytes.Buffer, e *Entity, t reflect.Type) {
	fields := fieldsOf(t)
	b.WriteByte('{')
	first := true
	key := func(k string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeString(b, k)
		b.WriteByte(':')
	}
	seen := map[string]bool{}
	if e.ID != "" {
		key("id")
		writeScalar(b, e.ID, fields["id"], true)
		seen["id"] = true
	}
	if e.Name != "" {
		key("name")
		writeString(b, e.Name)
		seen["name"] = true
	}
	if e.Type != "" {
		key("entity_type")
		writeString(b, e.Type)
		seen["entity_type"] = true
	}
	if e.Version != "" {
		key("version")
		writeScalar(b, e.Version, fields["version"], true)
		seen["version"] = true
	}
	for i := range e.Props {
		p := &e.Props[i]
		if seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		key(p.Name)
		ft := fields[p.Name]
		if len(p.Amounts) == 0 && p.CurrencyCode != "" {
			b.WriteString(`[{"currency_code":`)
			writeString(b, p.CurrencyCode)
			b.WriteString(`,"value":`)
			writeString(b, p.Value)
			b.WriteString(`}]`)
			continue
		}
		if len(p.Amounts) > 0 {
			b.WriteByte('[')
			for j, a := range p.Amounts {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(`{"currency_code":`)
				writeString(b, a.CurrencyCode)
				b.WriteString(`,"value":`)
				writeString(b, a.Value)
				b.WriteByte('}')
			}
			b.WriteByte(']')
			continue
		}
		writeScalar(b, p.Value, ft, ft != nil)
	}
	if e.Session != nil && !seen["session"] {
		seen["session"] = true
		key("session")
		b.WriteString(`{"sessionid":`)
		writeString(b, e.Session.SessionID)
		if e.Session.Expires != "" {
			b.WriteString(`,"expires":`)
			writeString(b, e.Session.Expires)
		}
		b.WriteByte('}')
	}
	// Related entities, grouped by rel in document order.
	var rels []string
	groups := map[string][]*Entity{}
	for i := range e.Related {
		r := &e.Related[i]
		k := r.Rel
		if k == "" {
			k = r.Type
		}
		if _, ok := groups[k]; !ok {
			rels = append(rels, k)
		}
		groups[k] = append(groups[k], r)
	}
	for _, k := range rels {
		if seen[k] {
			continue
		}
		key(k)
		ft := fields[k]
		for ft != nil && ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		list := groups[k]
		if (ft != nil && ft.Kind() == reflect.Slice) || (ft == nil && len(list) > 1) {
			var et reflect.Type
			if ft != nil {
				et = ft.Elem()
			}
			b.WriteByte('[')
			for j, r := range list {
				if j > 0 {
					b.WriteByte(',')
				}
				writeEntity(b, r, et)
			}
			b.WriteByte(']')
		} else {
			writeEntity(b, list[0], ft)
		}
	}
	b.WriteByte('}')
}

// writeScalar writes v typed for ft. known says whether ft is meaningful.
func writeScalar(b *bytes.Buffer, v string, ft reflect.Type, known bool) {
	if !known || ft == nil {
		writeString(b, v)
		return
	}
	for ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if reflect.PointerTo(ft).Implements(unmarshalerType) || reflect.PointerTo(ft).Implements(textType) {
		writeString(b, v)
		return
	}
	switch ft.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			b.WriteString(strconv.FormatInt(n, 10)) // "00" and "+5" are not JSON numbers
			return
		}
		if v == "" {
			b.WriteString("null")
			return
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			b.WriteString(strconv.FormatUint(n, 10))
			return
		}
		if v == "" {
			b.WriteString("null")
			return
		}
	case reflect.Float32, reflect.Float64:
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
			return
		}
		if v == "" {
			b.WriteString("null")
			return
		}
	case reflect.Bool:
		if x, err := adama.ParseBool(v); err == nil {
			b.WriteString(strconv.FormatBool(x))
			return
		}
	case reflect.Interface:
		// json.RawMessage-like targets keep the string.
	}
	writeString(b, v)
}

func writeString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
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
				if t, err := adama.ParseTime(s); err == nil {
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
		return adama.FormatTime(x)
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}
