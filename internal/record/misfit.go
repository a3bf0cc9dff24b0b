package record

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/adamasdk/adama-go/adama"
)

// misfitter is a record that lists its misfits.
type misfitter interface{ Misfits() []adama.Misfit }

// Report lists the misfits of the record rec points to: its own (the
// kept properties of extra whose name is a field, as Misfits) and, after
// them, those of the records its fields hold, each under the path from
// rec: "supply_source.id" for a nested record, "flights[2].amount" for an
// item of a list, "by_id.7.name" for a value of a map. A field holds a
// record when its type, a pointer to it, or the items of a list or map of
// it have a Misfits method. Records call it from their Misfits method.
func Report(rec any, idx Index, extra map[string]json.RawMessage) []adama.Misfit {
	out := Misfits(extra, idx, "")
	v := reflect.ValueOf(rec)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return out
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return out
	}
	for _, name := range sortedNames(idx) {
		i := idx[name]
		if i >= v.NumField() {
			continue
		}
		out = nested(out, v.Field(i), name)
	}
	return out
}

// Nested lists the misfits of the records v holds (a record, a pointer to
// one, or a list or map of them, through pointers), each under path (an
// empty path names a list's items "[i].field", a map's "key.field").
// Report calls it for every field; a record whose nested values sit
// outside its fields (a wrapper, a union) calls it directly.
func Nested(v any, path string) []adama.Misfit {
	if v == nil {
		return nil
	}
	return nested(nil, reflect.ValueOf(v), path)
}

func nested(out []adama.Misfit, v reflect.Value, path string) []adama.Misfit {
	if !v.IsValid() {
		return out
	}
	if m := asMisfitter(v); m != nil {
		for _, x := range m.Misfits() {
			x.Field = join(path, x.Field)
			out = append(out, x)
		}
		return out
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return out
		}
		return nested(out, v.Elem(), path)
	case reflect.Slice, reflect.Array:
		if !holdsRecords(v.Type().Elem()) {
			return out
		}
		for i := range v.Len() {
			out = nested(out, v.Index(i), path+"["+strconv.Itoa(i)+"]")
		}
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String || !holdsRecords(v.Type().Elem()) {
			return out
		}
		keys := make([]string, 0, v.Len())
		for _, k := range v.MapKeys() {
			keys = append(keys, k.String())
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = nested(out, v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key())), join(path, k))
		}
	}
	return out
}

// join puts name after path with a dot, or alone when path is empty; a
// name that starts with an index ("[2].id") takes no dot.
func join(path, name string) string {
	switch {
	case path == "":
		return name
	case strings.HasPrefix(name, "["):
		return path + name
	}
	return path + "." + name
}

var misfitterType = reflect.TypeFor[misfitter]()

// holdsRecords reports whether a value of t can hold a record: a record
// itself, or a pointer, list, map or interface that may.
func holdsRecords(t reflect.Type) bool {
	for range 8 {
		if t.Implements(misfitterType) || reflect.PointerTo(t).Implements(misfitterType) {
			return true
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		case reflect.Interface:
			return true
		default:
			return false
		}
	}
	return false
}

// asMisfitter returns v's Misfits method (by value or, for an addressable
// v, by pointer; a value that is not addressable is copied), or nil.
func asMisfitter(v reflect.Value) misfitter {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface {
		return nil
	}
	if v.Type().Implements(misfitterType) && v.CanInterface() {
		return v.Interface().(misfitter)
	}
	if v.Kind() == reflect.Pointer || !reflect.PointerTo(v.Type()).Implements(misfitterType) {
		return nil
	}
	if !v.CanAddr() {
		c := reflect.New(v.Type())
		c.Elem().Set(v)
		v = c.Elem()
	}
	if m, ok := v.Addr().Interface().(misfitter); ok {
		return m
	}
	return nil
}

func sortedNames(idx Index) []string {
	names := make([]string, 0, len(idx))
	for k := range idx {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// holder is a field of a struct type that can hold records.
type holder struct {
	name  string
	index []int
}

var holders sync.Map // reflect.Type -> []holder

// Held lists the misfits of the records held by the fields of the struct
// rec points to (embedded structs' fields included, named by their JSON
// names), each under its field's path, as Report does for its nested
// records. The fields that can hold a record are worked out once per type.
func Held(rec any) []adama.Misfit {
	v := reflect.ValueOf(rec)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	var out []adama.Misfit
	for _, h := range holdersOf(v.Type()) {
		f, err := v.FieldByIndexErr(h.index)
		if err != nil {
			continue // behind a nil embedded pointer
		}
		out = nested(out, f, h.name)
	}
	return out
}

func holdersOf(t reflect.Type) []holder {
	if hs, ok := holders.Load(t); ok {
		return hs.([]holder)
	}
	var hs []holder
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() || !holdsRecords(f.Type) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		hs = append(hs, holder{name: name, index: f.Index})
	}
	slices.SortFunc(hs, func(a, b holder) int { return strings.Compare(a.name, b.name) })
	holders.Store(t, hs)
	return hs
}
