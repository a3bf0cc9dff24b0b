package main

import "strings"

// One-pass readers of the value types fast.go's own cases leave out:
// float64 (x-go-type: float64) from a bare number, parsed with
// strconv.ParseFloat as encoding/json does (a number as a string is left
// to internal/record), and int (x-go-type: int, held as *int where the
// property may be absent) from an integer that fits. Maps are read key by
// key (handread.go).

// numberReader is the reader (a function value) of a float64 or an int,
// or "".
func numberReader(t string) string {
	switch t {
	case "float64":
		return "func(e []byte) (float64, bool) {\nif len(e) == 0 || e[0] != '-' && (e[0] < '0' || e[0] > '9') {\nreturn 0, false\n}\n" +
			"n, err := strconv.ParseFloat(string(e), 64)\nreturn n, err == nil\n}"
	case "int":
		return "func(e []byte) (int, bool) {\nn, ok := record.ReadInt64(e)\nreturn int(n), ok && int64(int(n)) == n\n}"
	}
	return ""
}

// readMap is the reader of a map of type t whose values read with elem:
// null is nil, a key that is not valid UTF-8 (encoding/json replaces its
// bytes) or a value elem cannot read is for internal/record to decide.
func readMap(t, elem string) string {
	return "func(v []byte) (" + t + ", bool) {\nif string(v) == \"null\" {\nreturn nil, true\n}\n" +
		"if len(v) == 0 || v[0] != '{' {\nreturn nil, false\n}\n" +
		"out, read, ok := " + t + "{}, " + elem + ", true\n" +
		"err := jsonscan.Members(v, func(key, e []byte) bool {\nif !utf8.Valid(key) {\nok = false\nreturn false\n}\n" +
		"out[string(key)], ok = read(e)\nreturn ok\n})\nreturn out, ok && err == nil\n}(v)"
}

// usesStrconv reports whether the one-pass decoder of r calls strconv in
// f's reader (a float64).
func usesStrconv(r *record, f *field) bool {
	return strings.Contains(reader(f), "strconv.") && fastRecord(r)
}

// readsMap reports whether the one-pass decoder of r reads a map, whose
// keys it checks with unicode/utf8.
func readsMap(r *record) bool {
	if !fastRecord(r) {
		return false
	}
	for _, f := range r.fields {
		if strings.Contains(reader(f), "utf8.Valid") {
			return true
		}
	}
	return false
}
