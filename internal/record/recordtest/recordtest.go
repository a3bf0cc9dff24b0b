// Package recordtest holds what the tests of generated records share: the
// check that a one-pass decoder agrees with internal/record, and the
// platform-shaped bodies of a package's testdata to run it over.
package recordtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// SameAsSlow checks that where the one-pass decoder fast decides on b, it
// gives exactly the record the decoder of internal/record, slow, gives.
func SameAsSlow[T any](t testing.TB, b []byte, fast func(*T, []byte) bool, slow func(*T, []byte) error) {
	t.Helper()
	var f, s T
	if !fast(&f, b) {
		return
	}
	if err := slow(&s, b); err != nil {
		t.Fatalf("%T: the one-pass decoder read %s, internal/record fails: %v", f, b, err)
	}
	if !reflect.DeepEqual(f, s) {
		fb, _ := json.Marshal(f)
		sb, _ := json.Marshal(s)
		t.Fatalf("%T of %s:\none pass: %+v\n%s\nrecord:   %+v\n%s", f, b, f, fb, s, sb)
	}
}

// Bodies returns the files matching pattern (the package's recorded
// platform answers), each followed by its data member and, where the body
// or its data member is an array, by the array's items.
func Bodies(t testing.TB, pattern string) [][]byte {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
		var env struct{ Data json.RawMessage }
		if json.Unmarshal(b, &env) == nil && env.Data != nil {
			out = append(out, env.Data)
			out = append(out, elements(env.Data)...)
		}
		out = append(out, elements(b)...)
	}
	return out
}

// elements returns the items of the JSON array b, or nothing.
func elements(b []byte) [][]byte {
	var items []json.RawMessage
	if json.Unmarshal(b, &items) != nil {
		return nil
	}
	out := make([][]byte, len(items))
	for i, it := range items {
		out[i] = it
	}
	return out
}
