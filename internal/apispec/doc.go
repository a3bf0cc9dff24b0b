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
// Observed platform behaviour that differs from the references, and the
// choices of Go names and SDK value types, are extension fields (x-adama-…
// and x-go-…) the generator reads; internal/cmd/apigen's doc lists them.
package apispec

import (
	"context"
	"embed"
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// FS holds every group's document, named after the group's package
// ("dmp.yaml").
//
//go:embed *.yaml
var FS embed.FS

// Groups lists the groups described, by package name, in name order.
func Groups() []string {
	entries, _ := FS.ReadDir(".")
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			out = append(out, name)
		}
	}
	return out
}

// Load reads and validates the document of one group ("dmp").
func Load(group string) (*openapi3.T, error) {
	b, err := FS.ReadFile(group + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("apispec: no document for group %q", group)
	}
	return Parse(b)
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
