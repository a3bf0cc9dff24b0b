package main

import (
	"bytes"
	"fmt"
	"strings"
)

// reader is the Go expression that reads the JSON value v into a field of
// f's type through the readers of internal/record, giving (value, ok), or
// "" when the one-pass decoder does not read the type (the record then
// decodes through internal/record only).
func reader(f *field) string {
	if f.slowOnly || f.fastRead != "" {
		return f.fastRead
	}
	// elem is the reader of a value of type t, as a function value, or "".
	elem := func(t string) string {
		switch {
		case t == "int64":
			return "record.ReadInt64"
		case t == "string":
			return "record.ReadText"
		case t == "bool":
			return "record.ReadBool"
		case f.enum && isASCIIIdent(t):
			return "record.ReadEnum[" + t + "]"
		case t == "*adama.Decimal", t == "*adama.Time":
			return "record.ReadUnmarshaler[" + t[1:] + "]"
		case f.nested != "" && t == "*"+f.nested:
			return "func(e []byte) (" + t + ", bool) {\nreturn " + readRecord("e", f) + "\n}"
		}
		return valueReader(f, t)
	}
	t := f.typ
	if e, ok := strings.CutPrefix(t, "[]"); ok {
		if r := elem(e); r != "" {
			return "record.ReadList(v, " + r + ")"
		}
		return ""
	}
	if f.nested != "" && t == "*"+f.nested {
		return readRecord("v", f)
	}
	if r := elem(t); r != "" {
		return r + "(v)"
	}
	if e, ok := strings.CutPrefix(t, "*"); ok {
		if r := elem(e); r != "" {
			return "record.ReadPtr(v, " + r + ")"
		}
	}
	return ""
}

// plainValue reports whether a field of Go type t is a value (not a
// pointer, slice or map), which JSON null leaves unchanged.
func plainValue(t string) bool {
	return !strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "[]") && !strings.HasPrefix(t, "map[")
}

// readRecord is the call that reads the JSON value arg into the nested
// record f holds (through decodeKept where the record keeps its body,
// snapshot.go).
func readRecord(arg string, f *field) string {
	decode := "decodeValid"
	if f.keepsBody {
		decode = "decodeKept"
	}
	return "record.ReadRecord(" + arg + ", (*" + f.nested + ")." + decode + ")"
}

// fastRecord reports whether every field of r has a reader.
func fastRecord(r *record) bool {
	for _, f := range r.fields {
		if reader(f) == "" {
			return false
		}
	}
	return true
}

// renderDecode writes the record's UnmarshalJSON: a one-pass decoder
// without reflection (decodeFast) for the forms the platform documents,
// falling back to internal/record for anything else (a value of no
// documented form, a key that differs from a field's name only in case),
// so that both give the same record.
func renderDecode(b *bytes.Buffer, r *record, alias, idx, dep string) {
	var codecs []*field
	for _, f := range r.fields {
		if f.codec != "" {
			codecs = append(codecs, f)
		}
	}
	after := func() {
		for _, f := range codecs {
			fmt.Fprintf(b, "x.%s = decode%s(x.%s)\n", f.name, f.codec, f.name)
		}
		renderAliases(b, r)
	}
	fast := fastRecord(r)

	unmarshal := "UnmarshalJSON"
	if r.snapshot {
		unmarshal = "unmarshal"
		renderKeep(b, r, dep)
	} else {
		fmt.Fprintf(b, "\n// UnmarshalJSON reads the record leniently (see Misfits), keeping\n// unknown properties in Extra.\n%s", dep)
	}
	fmt.Fprintf(b, "func (x *%s) %s(b []byte) error {\n", r.name, unmarshal)
	if fast {
		b.WriteString("if !jsonscan.Valid(b) {\nreturn x.decodeSlow(b)\n}\nreturn x.decodeValid(b)\n}\n")
	} else {
		b.WriteString("return x.decodeSlow(b)\n}\n")
	}

	b.WriteString("\n// decodeValid decodes b, known to be valid JSON.\n")
	fmt.Fprintf(b, "func (x *%s) decodeValid(b []byte) error {\n", r.name)
	if fast {
		b.WriteString("if x.decodeFast(b) {\nreturn nil\n}\n")
	}
	b.WriteString("return x.decodeSlow(b)\n}\n")

	b.WriteString("\n// decodeSlow decodes b through internal/record.\n")
	fmt.Fprintf(b, "func (x *%s) decodeSlow(b []byte) error {\n", r.name)
	fmt.Fprintf(b, "if err := %s(b, (*%s)(x), %s, &x.Extra); err != nil {\nreturn err\n}\n", r.slow, alias, idx)
	after()
	b.WriteString("return nil\n}\n")

	if !fast {
		return
	}
	b.WriteString("\n// decodeFast decodes the valid JSON b in one pass, reporting false\n")
	b.WriteString("// (leaving x to be reset) where decodeSlow must decide.\n")
	fmt.Fprintf(b, "func (x *%s) decodeFast(b []byte) bool {\n*x = %s{}\nif record.IsNull(b) {\nreturn true\n}\n", r.name, r.name)
	b.WriteString("ok := true\nerr := jsonscan.Members(b, func(key, v []byte) bool {\nswitch string(key) {\n")
	names := make([]string, len(r.fields))
	for i, f := range r.fields {
		names[i] = fmt.Sprintf("%q", f.json)
		if plainValue(f.typ) && !(f.valueItems && !f.list) && !f.callsDecoder {
			// As encoding/json: null leaves a value field as it is, so a
			// repeated property's null does not undo the value before it.
			// (A record held by value is reset by null: encoding/json
			// passes null to its UnmarshalJSON.)
			fmt.Fprintf(b, "case %q:\nif !record.IsNull(v) {\nx.%s, ok = %s\n}\n", f.json, f.name, reader(f))
			continue
		}
		fmt.Fprintf(b, "case %q:\nx.%s, ok = %s\n", f.json, f.name, reader(f))
	}
	fmt.Fprintf(b, "default:\nok = record.KeepUnknown(&x.Extra, key, v, %s)\n}\nreturn ok\n})\n", strings.Join(names, ", "))
	b.WriteString("if err != nil || !ok {\nreturn false\n}\n")
	after()
	b.WriteString("return true\n}\n")
}
