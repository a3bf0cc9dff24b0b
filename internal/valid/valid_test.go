package valid_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

type color string

const (
	colorRed  color = "red"
	colorBlue color = "blue"
)

func (color) Values() []color { return []color{colorRed, colorBlue} }
func (c color) Valid() bool   { return c == colorRed || c == colorBlue }

func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		check func(v *valid.Validator)
		want  []adama.Violation // nil: no violation
	}{
		{"require present", func(v *valid.Validator) { v.Require("a", true) }, nil},
		{"require missing", func(v *valid.Validator) { v.Require("a", false) }, []adama.Violation{{Field: "a", Rule: "required"}}},
		{"max length ok", func(v *valid.Validator) { v.MaxLen("a", "héllo", 5) }, nil},
		{"max length", func(v *valid.Validator) { v.MaxLen("a", "héllo!", 5) }, []adama.Violation{{Field: "a", Rule: "max length 5, has 6", Value: "héllo!"}}},
		{"min length ok", func(v *valid.Validator) { v.MinLen("a", "é", 1) }, nil},
		{"min length", func(v *valid.Validator) { v.MinLen("a", "", 1) }, []adama.Violation{{Field: "a", Rule: "min length 1", Value: ""}}},
		{"range ok", func(v *valid.Validator) { v.Range("a", 5, 0, 5) }, nil},
		{"range", func(v *valid.Validator) { v.Range("a", 6, 0, 5) }, []adama.Violation{{Field: "a", Rule: "must be between 0 and 5", Value: int64(6)}}},
		{"min ok", func(v *valid.Validator) { v.Min("a", 1, 1) }, nil},
		{"min", func(v *valid.Validator) { v.Min("a", 0, 1) }, []adama.Violation{{Field: "a", Rule: "must be at least 1", Value: int64(0)}}},
		{"max ok", func(v *valid.Validator) { v.Max("a", 9, 9) }, nil},
		{"max", func(v *valid.Validator) { v.Max("a", 10, 9) }, []adama.Violation{{Field: "a", Rule: "must be at most 9", Value: int64(10)}}},
		{"pattern ok", func(v *valid.Validator) { v.Pattern("a", "ab12", "^[a-z]+[0-9]*$") }, nil},
		{"pattern", func(v *valid.Validator) { v.Pattern("a", "12ab", "^[a-z]+[0-9]*$") }, []adama.Violation{{Field: "a", Rule: "must match ^[a-z]+[0-9]*$", Value: "12ab"}}},
		{"pattern that does not compile", func(v *valid.Validator) { v.Pattern("a", "x", "(") }, []adama.Violation{{Field: "a",
			Rule: "pattern \"(\" does not compile: error parsing regexp: missing closing ): `(`", Value: "x"}}},
		{"items ok", func(v *valid.Validator) { v.Items("a", 2, 1, 2) }, nil},
		{"items unbounded", func(v *valid.Validator) { v.Items("a", 200, -1, -1) }, nil},
		{"too few items", func(v *valid.Validator) { v.Items("a", 0, 1, -1) }, []adama.Violation{{Field: "a", Rule: "at least 1 items, has 0", Value: 0}}},
		{"too many items", func(v *valid.Validator) { v.Items("a", 3, -1, 2) }, []adama.Violation{{Field: "a", Rule: "at most 2 items, has 3", Value: 3}}},
		{"read-only", func(v *valid.Validator) { v.ReadOnly("id") }, []adama.Violation{{Field: "id", Rule: "read-only: an update cannot change it"}}},
		{"enum known", func(v *valid.Validator) { valid.Enum(v, "c", colorBlue) }, nil},
		{"enum unset", func(v *valid.Validator) { valid.Enum(v, "c", color("")) }, nil},
		{"enum unknown", func(v *valid.Validator) { valid.Enum(v, "c", color("green")) }, []adama.Violation{{Field: "c", Rule: "one of: red, blue", Value: "green"}}},
		{"enum of some values", func(v *valid.Validator) { valid.EnumOf(v, "c", colorRed, colorRed) }, nil},
		{"enum of some values, unset", func(v *valid.Validator) { valid.EnumOf(v, "c", color(""), colorRed) }, nil},
		{"enum of some values, another known", func(v *valid.Validator) { valid.EnumOf(v, "c", colorBlue, colorRed) }, []adama.Violation{{Field: "c", Rule: "one of: red", Value: "blue"}}},
		{"enum of some values, unknown", func(v *valid.Validator) { valid.EnumOf(v, "c", color("green"), colorRed, colorBlue) }, []adama.Violation{{Field: "c", Rule: "one of: red, blue", Value: "green"}}},
		{"unique", func(v *valid.Validator) { valid.Unique(v, "ids", []int64{1, 2, 3}) }, nil},
		{"listed twice", func(v *valid.Validator) { valid.Unique(v, "ids", []int64{1, 2, 1, 1}) }, []adama.Violation{
			{Field: "ids[2]", Rule: "listed twice", Value: int64(1)}, {Field: "ids[3]", Rule: "listed twice", Value: int64(1)}}},
		{"check", func(v *valid.Validator) { v.Check(false, "a", "odd", 3) }, []adama.Violation{{Field: "a", Rule: "odd", Value: 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v valid.Validator
			tc.check(&v)
			err := v.Err()
			if tc.want == nil {
				assert.NoError(t, err)
				assert.Zero(t, v.Len())
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.Equal(t, tc.want, ve.Violations)
			assert.ErrorIs(t, err, adama.ErrValidation)
		})
	}
}

func TestPaths(t *testing.T) {
	assert.Equal(t, "name", valid.Path("", "name"))
	assert.Equal(t, "a[1].name", valid.Path("a[1]", "name"))
	assert.Equal(t, "vendor_attributions[0]", valid.Index("", "vendor_attributions", 0))
	assert.Equal(t, "x.list[12]", valid.Index("x", "list", 12))
}

func TestMergeAndErr(t *testing.T) {
	var inner valid.Validator
	inner.Add("id", "required", nil)
	inner.Add("", "whole", nil)
	var v valid.Validator
	v.Merge("rec", inner.Err())
	v.Merge("", nil)
	v.Merge("other", assert.AnError)
	err := v.Err()
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, []adama.Violation{{Field: "rec.id", Rule: "required"}, {Field: "rec", Rule: "whole"}, {Field: "other", Rule: assert.AnError.Error()}}, ve.Violations)
	ve.Violations[0].Field = "changed"
	assert.True(t, strings.HasPrefix(v.Err().(*adama.ValidationError).Violations[0].Field, "rec."), "Err returns a copy")
}

func TestDecimalLimitsRestateAndIsZero(t *testing.T) {
	dec := adama.MustDecimal
	for _, tc := range []struct {
		name  string
		check func(v *valid.Validator)
		want  []adama.Violation
	}{
		{"decimal at its minimum", func(v *valid.Validator) { v.DecimalMin("p", dec("0"), "0") }, nil},
		{"decimal below", func(v *valid.Validator) { v.DecimalMin("p", dec("-0.01"), "0") }, []adama.Violation{{Field: "p", Rule: "must be >= 0", Value: dec("-0.01")}}},
		{"decimal at its maximum", func(v *valid.Validator) { v.DecimalMax("p", dec("9999999.9999"), "9999999.9999") }, nil},
		{"decimal above", func(v *valid.Validator) { v.DecimalMax("p", dec("10000000"), "9999999.9999") }, []adama.Violation{{Field: "p", Rule: "at most 9999999.9999", Value: dec("10000000")}}},
		{"a limit that is no decimal", func(v *valid.Validator) { v.DecimalMax("p", dec("1"), "x") }, []adama.Violation{{Field: "p", Rule: `limit "x" is not a decimal: ` + func() string { _, err := adama.ParseDecimal("x"); return err.Error() }(), Value: dec("1")}}},
		{"restated once per field, required kept", func(v *valid.Validator) {
			var w valid.Validator
			w.MaxLen("c", "EURO", 3)
			w.Pattern("c", "EURO", "^[A-Z]{3}$")
			w.Require("d", false)
			w.Min("e[0]", -1, 1)
			v.Restate(&w, "3 letters")
		}, []adama.Violation{{Field: "c", Rule: "3 letters", Value: "EURO"}, {Field: "d", Rule: "required"}, {Field: "e[0]", Rule: "3 letters", Value: int64(-1)}}},
		{"nothing to restate", func(v *valid.Validator) { v.Restate(&valid.Validator{}, "x") }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v valid.Validator
			tc.check(&v)
			if tc.want == nil {
				assert.NoError(t, v.Err())
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, v.Err(), &ve)
			assert.Equal(t, tc.want, ve.Violations)
		})
	}
	type rec struct {
		ID    int64
		Extra map[string]string
	}
	assert.True(t, valid.IsZero(rec{}))
	assert.False(t, valid.IsZero(rec{ID: 1}))
	assert.False(t, valid.IsZero(rec{Extra: map[string]string{}}), "a kept map is not absent, as omitzero decides")
}
