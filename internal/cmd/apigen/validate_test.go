package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// validateBehaviour is the test compiled with the code generated from
// validateSchemas: one valid record per side, then one record breaking
// each kind of rule, and the field and rule the check reports.
const validateBehaviour = `package pkg

import (
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

func ptr[T any](x T) *T { return &x }

func good() *Thing {
	return &Thing{Name: "abc", Count: ptr[int64](3), Color: ColorRed, Tags: []string{"a", "b"},
		Colors: []Color{ColorBlue}, Item: &Item{N: 1}, Items: []Item{{N: 9}}, Version: 2}
}

func TestGeneratedRules(t *testing.T) {
	for _, tc := range []struct {
		name        string
		create      bool
		mut         func(*Thing)
		field, rule string
	}{
		{"create valid", true, func(*Thing) {}, "", ""},
		{"update valid", false, func(*Thing) {}, "", ""},
		{"update leaves out what is not set", false, func(x *Thing) { *x = Thing{} }, "", ""},
		{"read-only fields are not checked", true, func(x *Thing) { x.ID = -5; x.Version = -1 }, "", ""},
		{"required", true, func(x *Thing) { x.Name = "" }, "name", "required"},
		{"required enum", true, func(x *Thing) { x.Color = "" }, "color", "required"},
		{"required record", true, func(x *Thing) { x.Item = nil }, "item", "required"},
		{"required on create only", false, func(x *Thing) { x.Name, x.Color, x.Item = "", "", nil }, "", ""},
		{"min length", true, func(x *Thing) { x.Name = "a" }, "name", "min length 2"},
		{"max length", false, func(x *Thing) { x.Name = "abcdef" }, "name", "max length 5, has 6"},
		{"pattern", true, func(x *Thing) { x.Name = "AB" }, "name", "must match ^[a-z]+$"},
		{"int32 by format", true, func(x *Thing) { x.Count = ptr[int64](1 << 31) }, "count", "must be between -2147483648 and 2147483647"},
		{"minimum of the update body", false, func(x *Thing) { x.Version = -1 }, "version", "must be at least 0"},
		{"unknown enum value", true, func(x *Thing) { x.Color = "green" }, "color", "one of: red, blue"},
		{"unknown enum value in a list", false, func(x *Thing) { x.Colors = []Color{"red", "pink"} }, "colors[1]", "one of: red, blue"},
		{"too few items", true, func(x *Thing) { x.Tags = []string{} }, "tags", "at least 1 items, has 0"},
		{"too many items", true, func(x *Thing) { x.Tags = []string{"a", "b", "c"} }, "tags", "at most 2 items, has 3"},
		{"unique items", false, func(x *Thing) { x.Tags = []string{"a", "a"} }, "tags[1]", "listed twice"},
		{"nested record, with its path", true, func(x *Thing) { x.Item.N = 0 }, "item.n", "must be between 1 and 9"},
		{"nested list, with its path", false, func(x *Thing) { x.Items = append(x.Items, Item{N: 10}) }, "items[1].n", "must be between 1 and 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := good()
			tc.mut(x)
			var v valid.Validator
			x.validate(&v, tc.create)
			err := v.Err()
			if tc.field == "" {
				if err != nil {
					t.Fatalf("want no violation, got %v", err)
				}
				return
			}
			ve, ok := err.(*adama.ValidationError)
			if !ok || len(ve.Violations) != 1 {
				t.Fatalf("want one violation, got %v", err)
			}
			if got := ve.Violations[0]; got.Field != tc.field || got.Rule != tc.rule {
				t.Fatalf("want %s: %s, got %s: %s", tc.field, tc.rule, got.Field, got.Rule)
			}
		})
	}
}

func TestAllBrokenRulesTogether(t *testing.T) {
	var v valid.Validator
	(&Thing{Name: "A", Color: "x", Item: &Item{}}).validate(&v, true)
	var fields []string
	for _, x := range v.Err().(*adama.ValidationError).Violations {
		fields = append(fields, x.Field)
	}
	if got := strings.Join(fields, " "); got != "name name color item.n" {
		t.Fatalf("got %q", got)
	}
}

func TestGeneratedParameter(t *testing.T) {
	for x, want := range map[int64]bool{0: false, 1: true, 1000: true, 1001: false} {
		var v valid.Validator
		checkPageLimit(&v, x)
		if (v.Err() == nil) != want {
			t.Errorf("page_limit %d: got %v", x, v.Err())
		}
	}
}
`

// TestValidateCompiles generates the code of validateSchemas into a
// package of the module, and runs validateBehaviour against it: the
// generated checks compile and enforce each kind of rule.
func TestValidateCompiles(t *testing.T) {
	src, err := validateDoc(t, validateSchemas,
		"    PageLimit:\n      name: page_limit\n      in: query\n      schema: {type: integer, minimum: 1, maximum: 1000}\n      x-go-validate: true\n")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	dir, err := os.MkdirTemp("testdata", "validate")
	require.NoError(t, err)
	t.Cleanup(func() {
		os.RemoveAll(dir)
		os.Remove("testdata") // only when empty
	})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "records_gen.go"), []byte(src), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rules_test.go"), []byte(validateBehaviour), 0o644))
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "test", "-count=1", "./"+filepath.ToSlash(dir))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
}
