package qlang_test

import "sort"

// rec is a stored record for the matcher, backed by a map; every field
// counts as a string field.
type rec struct {
	id     int64
	fields map[string]string
}

func (r rec) Field(name string) (string, bool) {
	v, ok := r.fields[name]
	return v, ok
}

func (r rec) ID() int64 { return r.id }

func (r rec) Strings() []string {
	out := make([]string, 0, len(r.fields))
	for _, v := range r.fields {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}
