// Package apispec holds the machine-readable description of the platform:
// one OpenAPI 3 document per API group, named after the group's package
// (entity.yaml is group A, targeting.yaml group B, reporting.yaml C,
// creatives.yaml D, deals.yaml E, dmp.yaml F, firehose.yaml G, byoa.yaml
// H), written for this project from the platform specification and the
// public API references. The documents are the source the generator
// (internal/cmd/apigen) writes each group's records, enums, rules and
// services from; tests read them through Load to check the SDK and the
// fake against them.
//
// A group's document may be split into parts: targeting.yaml holds the
// info, servers and the first resources, and each targeting.NAME.yaml
// beside it holds more paths and components (and may add services, client
// fields and tags under info). Load joins them in name order: mappings are
// merged key by key (one key defined twice is an error), lists are
// appended. Parts let one resource family be described in a file of its
// own.
//
// Observed platform behaviour that differs from the references, and the
// choices of Go names and SDK value types, are extension fields (x-adama-…
// and x-go-…) the generator reads; internal/cmd/apigen's doc lists them.
package apispec

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"go.yaml.in/yaml/v3"
)

// FS holds every group's document, named after the group's package
// ("dmp.yaml"), and the parts of split documents ("targeting.NAME.yaml").
//
//go:embed *.yaml
var FS embed.FS

// Groups lists the groups described, by package name, in name order.
func Groups() []string {
	entries, _ := FS.ReadDir(".")
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok && !strings.Contains(name, ".") {
			out = append(out, name)
		}
	}
	return out
}

// Load reads and validates the document of one group ("dmp"), joined with
// its parts.
func Load(group string) (*openapi3.T, error) {
	b, err := FS.ReadFile(group + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("apispec: no document for group %q", group)
	}
	parts, err := Parts(group)
	if err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return Parse(b)
	}
	docs := [][]byte{b}
	for _, p := range parts {
		pb, err := FS.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("apispec: %w", err)
		}
		docs = append(docs, pb)
	}
	joined, err := Join(parts, docs...)
	if err != nil {
		return nil, err
	}
	return Parse(joined)
}

// Parts lists the file names of a group's parts ("targeting.orgs.yaml"),
// in name order.
func Parts(group string) ([]string, error) {
	return fs.Glob(FS, group+".*.yaml")
}

// Join merges the YAML documents docs into the first: mappings key by key,
// where a key both define must hold mappings or lists on both sides
// (merged again, or appended), and any other key defined twice is an
// error naming it. names name docs[1:] in errors. The first document's
// keys keep their order and come first, so the generator's order by line
// stays the order of the files.
func Join(names []string, docs ...[]byte) ([]byte, error) {
	var base yaml.Node
	if err := yaml.Unmarshal(docs[0], &base); err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	for i, d := range docs[1:] {
		var part yaml.Node
		if err := yaml.Unmarshal(d, &part); err != nil {
			return nil, fmt.Errorf("apispec: %s: %w", names[i], err)
		}
		if len(part.Content) == 0 {
			continue
		}
		if err := mergeNode(base.Content[0], part.Content[0], ""); err != nil {
			return nil, fmt.Errorf("apispec: %s: %w", names[i], err)
		}
	}
	return yaml.Marshal(&base)
}

// mergeNode merges src into dst; at is the path of keys, for errors.
func mergeNode(dst, src *yaml.Node, at string) error {
	switch {
	case dst.Kind == yaml.SequenceNode && src.Kind == yaml.SequenceNode:
		dst.Content = append(dst.Content, src.Content...)
		return nil
	case dst.Kind != yaml.MappingNode || src.Kind != yaml.MappingNode:
		return fmt.Errorf("%s is defined twice", strings.TrimPrefix(at, "."))
	}
	for i := 0; i+1 < len(src.Content); i += 2 {
		k, v := src.Content[i], src.Content[i+1]
		found := false
		for j := 0; j+1 < len(dst.Content); j += 2 {
			if dst.Content[j].Value == k.Value {
				if err := mergeNode(dst.Content[j+1], v, at+"."+k.Value); err != nil {
					return err
				}
				found = true
				break
			}
		}
		if !found {
			dst.Content = append(dst.Content, k, v)
		}
	}
	return nil
}

// Parse reads and validates one OpenAPI 3 document.
func Parse(b []byte) (*openapi3.T, error) {
	l := openapi3.NewLoader()
	l.IncludeOrigin = true
	doc, err := l.LoadFromData(b)
	if err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	return doc, nil
}
