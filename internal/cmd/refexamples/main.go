// Command refexamples writes targeting/testdata/v3/reference: for every
// operation of the targeting description whose success answer is JSON, one
// answer body assembled from the per-field examples of that answer's schema
// in the Campaigns API reference (v3.0.1807), so that
// TestV3ReferenceExamples can read each through the SDK's public call, and
// under examples/ the reference's own examples of those operations' request
// bodies, answers and query parameters. A field without an example takes its
// enum's first value or a value of its type. Vendor and product words of the
// reference take the spec's neutral words. The test reads only the files
// written; run this again (and review the diff) when the description gains
// operations:
//
//	go run ./internal/cmd/refexamples -ref PATH/campaigns-v3.0-openapi.yaml
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adamasdk/adama-go/internal/apispec"
)

func main() {
	ref := flag.String("ref", "", "the Campaigns API reference (OpenAPI, YAML)")
	out := flag.String("out", "targeting/testdata/v3/reference", "directory to write")
	flag.Parse()
	if err := run(*ref, *out); err != nil {
		fmt.Fprintln(os.Stderr, "refexamples:", err)
		os.Exit(1)
	}
}

// template turns "/a/{a_id}/b" into "/a/{}/b".
var template = regexp.MustCompile(`\{[^}]+\}`)

func run(refPath, out string) error {
	if refPath == "" {
		return fmt.Errorf("-ref is required")
	}
	l := openapi3.NewLoader()
	ref, err := l.LoadFromFile(refPath)
	if err != nil {
		return err
	}
	refOps := map[string]*openapi3.Operation{}
	for path, item := range ref.Paths.Map() {
		for method, op := range item.Operations() {
			refOps[method+" "+template.ReplaceAllString(path, "{}")] = op
		}
	}
	doc, err := apispec.Load("targeting")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	written := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if jsonAnswer(op) == nil {
				continue
			}
			rop := refOps[method+" "+template.ReplaceAllString(path, "{}")]
			var s *openapi3.Schema
			if rop != nil {
				s = jsonAnswer(rop)
			}
			if s == nil { // observed only, or not JSON in the reference: the description's own schema
				s = jsonAnswer(op)
			}
			v := build("", s, 0)
			if env, ok := v.(map[string]any); ok {
				if meta, ok := env["meta"].(map[string]any); ok {
					meta["status"] = "success" // the answer of a call that succeeded
				}
				// The reference's full list answers (agency_collection_full
				// and the like) describe one record as the data: a list
				// answers an array of them.
				if d, ok := env["data"].(map[string]any); ok && listAnswer(jsonAnswer(op)) {
					env["data"] = []any{d}
				}
			}
			b, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				return fmt.Errorf("%s: %w", op.OperationID, err)
			}
			b = neutral(b)
			if err := os.WriteFile(filepath.Join(out, op.OperationID+".json"), append(b, '\n'), 0o644); err != nil {
				return err
			}
			written++
			if rop != nil {
				n, err := writeExamples(filepath.Join(out, "examples"), op.OperationID, rop)
				if err != nil {
					return err
				}
				written += n
			}
		}
	}
	fmt.Printf("refexamples: %d bodies written to %s\n", written, out)
	return nil
}

// writeExamples writes the reference's own examples of an operation's
// request and answer bodies as OPERATION.request.NAME.json and
// OPERATION.STATUS.NAME.json, and of its parameters as
// OPERATION.IN.PARAMETER-NAME.json ({"parameter": value}).
func writeExamples(dir, opID string, op *openapi3.Operation) (int, error) {
	files := map[string]any{}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		for _, mt := range op.RequestBody.Value.Content {
			for name, ex := range mt.Examples {
				files[opID+".request."+name] = ex.Value.Value
			}
		}
	}
	for _, p := range op.Parameters {
		if p.Value == nil {
			continue
		}
		for name, ex := range p.Value.Examples {
			files[opID+"."+p.Value.In+"."+p.Value.Name+"-"+name] = map[string]any{p.Value.Name: ex.Value.Value}
		}
	}
	if op.Responses != nil {
		for code, r := range op.Responses.Map() {
			if r.Value == nil {
				continue
			}
			for _, mt := range r.Value.Content {
				for name, ex := range mt.Examples {
					files[opID+"."+code+"."+name] = ex.Value.Value
				}
			}
		}
	}
	if len(files) == 0 {
		return 0, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	for name, v := range files {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".json"), append(neutral(b), '\n'), 0o644); err != nil {
			return 0, err
		}
	}
	return len(files), nil
}

// jsonAnswer is the schema of an operation's first success answer in JSON.
func jsonAnswer(op *openapi3.Operation) *openapi3.Schema {
	if op.Responses == nil {
		return nil
	}
	codes := []string{}
	for code := range op.Responses.Map() {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		r := op.Responses.Map()[code]
		if !strings.HasPrefix(code, "2") || r.Value == nil {
			continue
		}
		if mt := r.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil && mt.Schema.Value != nil {
			return mt.Schema.Value
		}
	}
	return nil
}

// listAnswer reports whether an answer's data is an array.
func listAnswer(s *openapi3.Schema) bool {
	if s == nil {
		return false
	}
	for _, a := range s.AllOf {
		if listAnswer(a.Value) {
			return true
		}
	}
	d := s.Properties["data"]
	return d != nil && d.Value != nil && d.Value.Type.Is("array")
}

// build assembles a value from a schema: its example, else its enum's first
// value, else a value of its type; the richest alternative of anyOf/oneOf.
func build(name string, s *openapi3.Schema, depth int) any {
	if s == nil || depth > 40 {
		return nil
	}
	if s.Example != nil {
		return s.Example
	}
	if alts := append(slices.Clone(s.OneOf), s.AnyOf...); len(alts) > 0 && len(s.Properties) == 0 {
		// The richest alternative: the one whose body says the most (a
		// list's full records over its id-and-name items).
		var best any
		size := -1
		for _, a := range alts {
			v := build(name, a.Value, depth+1)
			if b, _ := json.Marshal(v); len(b) > size {
				best, size = v, len(b)
			}
		}
		return best
	}
	if len(s.AllOf) > 0 {
		m := map[string]any{}
		for _, a := range s.AllOf {
			if o, ok := build(name, a.Value, depth+1).(map[string]any); ok {
				for k, v := range o {
					m[k] = v
				}
			}
		}
		for k, p := range s.Properties {
			m[k] = build(k, p.Value, depth+1)
		}
		return m
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch {
	case s.Type.Is("object") || len(s.Properties) > 0:
		m := map[string]any{}
		for k, p := range s.Properties {
			m[k] = build(k, p.Value, depth+1)
		}
		return m
	case s.Type.Is("array"):
		if s.Items == nil {
			return []any{}
		}
		item := build(name, s.Items.Value, depth+1)
		if item == nil { // an item of no described shape: none
			return []any{}
		}
		return []any{item}
	case s.Items != nil:
		// items without type: array, a slip of the reference (the bulk
		// budget flight update's 200 beside its 207), read as the items.
		return build(name, s.Items.Value, depth+1)
	case s.Type.Is("integer"):
		return 1
	case s.Type.Is("number"):
		return 1 // a number the reference gives no example of may well be a count
	case s.Type.Is("boolean"):
		return true
	case s.Type.Is("string"):
		switch s.Format {
		case "date-time":
			return "2026-03-01T10:00:00+0000"
		case "date":
			return "2026-03-01"
		}
		if dateName.MatchString(name) {
			return "2026-03-01T10:00:00+0000"
		}
		return "text"
	}
	return nil
}

// dateName matches the names of date-time fields the reference types as
// plain strings.
var dateName = regexp.MustCompile(`(^|_)(date|on)$`)

// neutralWords are the reference's vendor and product words and the spec's
// neutral words that stand for them.
var neutralWords = []struct {
	re *regexp.Regexp
	to string
}{
	{regexp.MustCompile(`\bt1as\b`), "p1as"},
	{regexp.MustCompile(`\bt1_`), "p1_"},
	{regexp.MustCompile(`\bT1_`), "P1_"},
	{regexp.MustCompile(`\bT1\b`), "P1"},
	{regexp.MustCompile(`\bmediamath_`), "svc_"},
	{regexp.MustCompile(`(?i)\b(mediamath|infillion)\.com`), "adama.example"},
	{regexp.MustCompile(`\bTERMINALONE\b`), "PLATFORM"},
	{regexp.MustCompile(`(?i)\b(mediamath|infillion)\b`), "adama"},
}

// vendorKey matches members named after another vendor's product, which
// the bodies leave out.
var vendorKey = regexp.MustCompile(`(?m)^\s*"sizmek_[a-z_]*": [^\n]*\n`)

func neutral(b []byte) []byte {
	b = vendorKey.ReplaceAll(b, nil)
	for _, w := range neutralWords {
		b = w.re.ReplaceAll(b, []byte(w.to))
	}
	return bytes.TrimSpace(b)
}
