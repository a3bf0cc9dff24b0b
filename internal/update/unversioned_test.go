package update

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/valid"
)

func TestUnversioned(t *testing.T) {
	for _, tc := range []struct{ now, before, want string }{
		{now: `{"id":1,"name":"b","code":"x"}`, before: `{"id":1,"name":"a","code":"x"}`, want: `{"name":"b"}`},
		{now: `{"id":1,"name":"a"}`, before: `{"id":1,"name":"a"}`, want: `{}`},
		{now: `{"name":"n","code":"c"}`, want: `{"name":"n","code":"c"}`},
	} {
		var b []byte
		if tc.before != "" {
			b = []byte(tc.before)
		}
		var v valid.Validator
		got, err := Unversioned(&v, []byte(tc.now), b, nil, nil, nil)
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(got.(json.RawMessage)))
	}
	var v valid.Validator
	_, err := Unversioned(&v, []byte(`{"name":null}`), []byte(`{"name":"a"}`), nil, []string{"name"}, nil)
	assert.Error(t, err, "clearing a fixed property is refused")
}
