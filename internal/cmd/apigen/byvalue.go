package main

import "fmt"

// A list of records marked x-go-by-value: true holds the records by value
// ([]R, not []*R), for packages whose public records were declared so
// before they were generated. Misfits and the one-pass decoder treat the
// elements as they treat []*R (a null element is the zero record).

// byValue turns f, a list of records, into a list of record values.
func byValue(f *field) error {
	if !f.list || f.nested == "" || f.typ != "[]*"+f.nested {
		return fmt.Errorf("x-go-by-value applies to a list of records")
	}
	f.typ = "[]" + f.nested
	r := f.nested
	f.fastRead = "record.ReadList(v, func(e []byte) (" + r + ", bool) {\np, ok := " + readRecord("e", r) +
		"\nif p == nil {\nreturn " + r + "{}, ok\n}\nreturn *p, ok\n})"
	return nil
}
