package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// validateMoreBehaviour is the test compiled with the code generated from
// validateMoreSchemas, with the hand-written parts its document names.
const validateMoreBehaviour = `package pkg

import (
	"encoding/json"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

type Money struct{ Value adama.Decimal }

func (m *Money) UnmarshalJSON(b []byte) error {
	var w struct{ Value adama.Decimal }
	err := json.Unmarshal(b, &w)
	m.Value = w.Value
	return err
}

func (m *Money) validateAt(v *valid.Validator, at string, _ bool) {
	v.DecimalMin(valid.Path(at, "value"), m.Value, "0")
}

func (o *Owner) checkOwner(v *valid.Validator, at string, _ bool) {
	v.Check(o.ID != 13, valid.Path(at, "id"), "unlucky", o.ID)
}

func (d *Deal) checkDeal(v *valid.Validator, at string, create bool) {
	v.Check(!create || d.Name != "x", valid.Path(at, "name"), "not x on create", d.Name)
}

func dec(s string) *adama.Decimal { d := adama.MustDecimal(s); return &d }

func good() *Deal {
	return &Deal{Name: "n", Code: "ABC", IDs: []int64{1, 2}, CPM: dec("2.5"), Owner: Owner{ID: 3}, Price: &Money{Value: adama.MustDecimal("1")}}
}

func TestMoreRules(t *testing.T) {
	for _, tc := range []struct {
		name        string
		create      bool
		mut         func(*Deal)
		field, rule string
	}{
		{"create valid", true, func(*Deal) {}, "", ""},
		{"update leaves out what is not set", false, func(x *Deal) { *x = Deal{Name: "n"} }, "", ""},
		{"required text always sent", true, func(x *Deal) { x.Name = "" }, "name", "required"},
		{"required list always sent", true, func(x *Deal) { x.IDs = nil }, "ids", "required"},
		{"required record held by value", true, func(x *Deal) { x.Owner = Owner{} }, "owner", "required"},
		{"required hand-written record", true, func(x *Deal) { x.Price = nil }, "price", "required"},
		{"x-go-rule, two limits broken, one violation", true, func(x *Deal) { x.Code = "ABCD" }, "code", "3 capitals"},
		{"x-go-rule, the pattern", false, func(x *Deal) { x.Code = "abc" }, "code", "3 capitals"},
		{"the list's own limit", false, func(x *Deal) { x.IDs = []int64{1, 2, 3} }, "ids", "at most 2 items, has 3"},
		{"an item's limit, in the items' words", true, func(x *Deal) { x.IDs = []int64{1, 0} }, "ids[1]", "a positive id"},
		{"decimal minimum", true, func(x *Deal) { x.CPM = dec("-0.5") }, "cpm", "must be >= 0"},
		{"decimal maximum", false, func(x *Deal) { x.CPM = dec("10.01") }, "cpm", "at most 10"},
		{"the record held by value, by its rules", true, func(x *Deal) { x.Owner.ID = -2 }, "owner.id", "must be at least 1"},
		{"its hand-written rules", false, func(x *Deal) { x.Owner.ID = 13 }, "owner.id", "unlucky"},
		{"the hand-written record's own rules", true, func(x *Deal) { x.Price.Value = adama.MustDecimal("-1") }, "price.value", "must be >= 0"},
		{"the record's hand-written rules", true, func(x *Deal) { x.Name = "x" }, "name", "not x on create"},
		{"read-only properties state no rule", true, func(x *Deal) { x.Ro = new(int64) }, "", ""},
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
`

// TestValidateMoreCompiles generates the code of validateMoreSchemas into
// a package of the module, beside validateMoreBehaviour, and runs it: the
// checks of validate_more.go and validate_also.go compile and enforce
// each kind of rule.
func TestValidateMoreCompiles(t *testing.T) {
	src, err := validateDoc(t, validateMoreSchemas, "    {}\n")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	dir, err := os.MkdirTemp("testdata", "validatemore")
	require.NoError(t, err)
	t.Cleanup(func() {
		os.RemoveAll(dir)
		os.Remove("testdata") // only when empty
	})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "records_gen.go"), []byte(src), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rules_test.go"), []byte(validateMoreBehaviour), 0o644))
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "test", "-count=1", "./"+filepath.ToSlash(dir))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
}
