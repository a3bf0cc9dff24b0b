package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateIntegerHeldAs checks that an integer's limits are checked on
// a field held as int or as a named integer type of the package
// (x-go-hand-type), converted to int64, and that other holders stay an
// error.
func TestValidateIntegerHeldAs(t *testing.T) {
	for _, tc := range []struct {
		name, prop string
		want       []string
		wantErr    string
	}{
		{
			name: "int, always sent",
			prop: "{type: integer, minimum: 0, maximum: 99, x-go-hand-type: int, x-adama-send-zero: true}",
			want: []string{`v.Range(valid.Path(at, "n"), int64(x.N), 0, 99)`},
		},
		{
			name: "a named integer type, left out when zero",
			prop: "{type: integer, minimum: 1000, maximum: 1004, x-go-hand-type: Level, x-go-omitempty: true}",
			want: []string{"if x.N != *new(Level) {", `v.Range(valid.Path(at, "n"), int64(x.N), 1000, 1004)`},
		},
		{
			name: "int64 is not converted",
			prop: "{type: integer, minimum: 1}",
			want: []string{`v.Min(valid.Path(at, "n"), *x.N, 1)`},
		},
		{
			name:    "a composite holder is an error",
			prop:    "{type: integer, minimum: 1, x-go-hand-type: \"map[string]int\"}",
			wantErr: "limits on an integer held as map[string]int",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := validateDoc(t, "    R:\n      type: object\n      x-go-validate: true\n      properties:\n        n: "+tc.prop+"\n", "")
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			got := collapse(src)
			for _, w := range tc.want {
				assert.True(t, strings.Contains(got, w), "missing %q in\n%s", w, src)
			}
		})
	}
}
