package update

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

func TestBody(t *testing.T) {
	const before = `{"id":1,"version":3,"name":"a","code":"x","kind":"k","gone":1}`
	for _, tc := range []struct {
		name              string
		now, before       string
		createOnly, fixed []string
		check             func(*valid.Validator)
		want              string
		wantErr           []string // violated fields
	}{
		{name: "what changed, the version first, in the record's order", now: `{"id":1,"version":3,"name":"b","code":"x","kind":"k","gone":1}`, before: before,
			want: `{"version":3,"name":"b"}`},
		{name: "a property the record lost is sent as null", now: `{"id":1,"version":3,"name":"a","code":"x","kind":"k"}`, before: before,
			want: `{"version":3,"gone":null}`},
		{name: "a record built by hand sends every property", now: `{"name":"n","code":"c"}`,
			want: `{"version":0,"name":"n","code":"c"}`},
		{name: "create-only properties are left out", now: `{"id":1,"version":3,"name":"a","code":"y","kind":"k","gone":1}`, before: before,
			createOnly: []string{"code"}, want: `{"version":0}`},
		{name: "clearing a fixed property is refused", now: `{"id":1,"version":3,"name":null,"code":"x","kind":"k","gone":1}`, before: before,
			fixed: []string{"name"}, wantErr: []string{"name"}},
		{name: "only the rules of what is sent are checked", now: `{"id":1,"version":3,"name":"b","code":"x","kind":"k","gone":1}`, before: before,
			check: func(v *valid.Validator) {
				v.Add("name", "too short", "b")
				v.Add("kind", "unknown", "k") // not sent: not reported
				v.Add("version", "required", nil)
			}, wantErr: []string{"name", "version"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b []byte
			if tc.before != "" {
				b = []byte(tc.before)
			}
			var v valid.Validator
			version := int64(3)
			if tc.before == "" || tc.createOnly != nil {
				version = 0
			}
			got, err := Body(&v, []byte(tc.now), b, version, tc.createOnly, tc.fixed, tc.check)
			if tc.wantErr != nil {
				var ve *adama.ValidationError
				require.True(t, errors.As(err, &ve), "%v", err)
				var fields []string
				for _, x := range ve.Violations {
					fields = append(fields, x.Field)
				}
				assert.ElementsMatch(t, tc.wantErr, fields)
				return
			}
			require.NoError(t, err)
			raw, ok := got.(json.RawMessage)
			require.True(t, ok)
			assert.Equal(t, tc.want, string(raw))
		})
	}
}
