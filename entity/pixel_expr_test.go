package entity

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPixelTargetExprLimit checks the spec §8 limit of 1024 characters: an
// expression is refused with an error whenever it is not a valid expression
// within the limit, and never comes back as (nil, nil), whatever its size in
// bytes.
func TestPixelTargetExprLimit(t *testing.T) {
	valid1024 := "( " + strings.Repeat("[1] OR ", 144) + "[1234567890] )" // 1024 ASCII characters
	require.Len(t, valid1024, 1024)
	tests := []struct {
		name    string
		in      string
		wantErr string // "" means valid
	}{
		{"1024 ascii characters", valid1024, ""},
		{"1025 ascii characters", "( " + strings.Repeat("[1] OR ", 144) + "[12345678901] )", "max length 1024"},
		{"over 1024 bytes, under 1024 characters", "( [1] )" + strings.Repeat("é", 600), "must have the form"},
		{"1024 multibyte characters", strings.Repeat("é", 1024), "must have the form"},
		{"1025 multibyte characters", strings.Repeat("é", 1025), "max length 1024"},
		{"invalid utf-8 over 1024 bytes", strings.Repeat("\xff", 1025), "max length 1024"},
		{"invalid utf-8 under 1024 bytes", strings.Repeat("\xff", 10), "must have the form"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := ParsePixelTargetExpr(tt.in)
			if tt.wantErr == "" {
				require.NoError(t, err)
				require.NotNil(t, e)
				assert.Equal(t, tt.in, e.String())
				return
			}
			assert.Nil(t, e)
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve, "a refused expression must come back as an error, got (%v, %v)", e, err)
			assert.True(t, ve.Has("pixel_target_expr", tt.wantErr), "%v", err)

			// Strategy validation refuses what parse refuses.
			s := goodStrat()
			s.PixelTargetExpr = tt.in
			verr := Validate(s, false)
			require.ErrorAs(t, verr, &ve, "validation accepted %d bytes / %d characters", len(tt.in), utf8.RuneCountInString(tt.in))
			assert.True(t, ve.Has("pixel_target_expr", ""), "%v", verr)
		})
	}
}

// TestPixelTargetExprStringNeverPanics renders values a caller may build by
// hand, including nil.
func TestPixelTargetExprStringNeverPanics(t *testing.T) {
	tests := []struct {
		name string
		e    *PixelTargetExpr
		want string
	}{
		{"nil", nil, ""},
		{"zero", &PixelTargetExpr{}, ""},
		{"include only, no op", &PixelTargetExpr{Include: []int64{1, 2}}, "( [1] OR [2] )"},
		{"exclude only", &PixelTargetExpr{Exclude: []int64{3}, ExcludeOp: SetOpAnd}, "NOT ( [3] )"},
		{"both", &PixelTargetExpr{Include: []int64{1, 2}, IncludeOp: SetOpAnd, Exclude: []int64{3, 4}, ExcludeOp: SetOpOr}, "( [1] AND [2] ) AND NOT ( [3] OR [4] )"},
		{"odd values kept", &PixelTargetExpr{Include: []int64{-1}, IncludeOp: "XOR"}, "( [-1] )"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			require.NotPanics(t, func() { got = tt.e.String() })
			assert.Equal(t, tt.want, got)
		})
	}
}
