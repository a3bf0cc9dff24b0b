// Package update builds the body of an update of a record read, changed
// and saved: the version read and the properties that changed since, as
// every generated updateRequest sends them.
package update

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Body returns the body of an update of a record kept for read-change-save: {"version":n, ...} with the
// properties of now that differ from before (every property of now when
// before is nil, a record built by hand), a property before had and now
// lacks as null, in now's order, the rest by name. It leaves out the
// create-only properties and refuses, in v, clearing a fixed one and a
// sent value that breaks check's rules.
func Body(v *valid.Validator, now, before []byte, version int64, createOnly, fixed []string, check func(*valid.Validator)) (any, error) {
	body := record.ToMap(now)
	if before != nil {
		body = record.Diff(record.ToMap(before), body)
	}
	for _, k := range createOnly {
		delete(body, k)
	}
	delete(body, "version")
	for _, k := range fixed {
		if raw, ok := body[k]; ok && record.IsNull(raw) {
			v.Add(k, "cannot be cleared", nil)
		}
	}
	if check != nil {
		var all valid.Validator
		check(&all)
		v.Merge("", sentOnly(all.Err(), body))
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return json.RawMessage(versionFirst(version, body, objectKeys(now))), nil
}

// sentOnly keeps the violations of err (an *adama.ValidationError) whose
// field is one of body's properties or the version: an update checks
// what it sends.
func sentOnly(err error, body map[string]json.RawMessage) error {
	ve, ok := err.(*adama.ValidationError)
	if !ok || ve == nil {
		return err
	}
	var v valid.Validator
	for _, x := range ve.Violations {
		root, _, _ := strings.Cut(x.Field, ".")
		root, _, _ = strings.Cut(root, "[")
		if _, sent := body[root]; sent || root == "version" {
			v.Add(x.Field, x.Rule, x.Value)
		}
	}
	return v.Err()
}

// objectKeys returns the property names of the JSON object b in order.
func objectKeys(b []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}

// versionFirst writes {"version":n, ...body} with body's properties in
// the order of order, then the rest (cleared unknown properties) by name.
func versionFirst(version int64, body map[string]json.RawMessage, order []string) []byte {
	var out bytes.Buffer
	out.WriteString("{\"version\":")
	out.WriteString(strconv.FormatInt(version, 10))
	put := func(k string) {
		kb, _ := json.Marshal(k)
		out.WriteByte(',')
		out.Write(kb)
		out.WriteByte(':')
		out.Write(body[k])
		delete(body, k)
	}
	for _, k := range order {
		if _, ok := body[k]; ok {
			put(k)
		}
	}
	rest := make([]string, 0, len(body))
	for k := range body {
		rest = append(rest, k)
	}
	slices.Sort(rest)
	for _, k := range rest {
		put(k)
	}
	out.WriteByte('}')
	return out.Bytes()
}
