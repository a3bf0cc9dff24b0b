package entityfake

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFormHelpers(t *testing.T) {
	tests := []struct {
		name   string
		id     string
		body   string
		status int
		items  []map[string]string
		says   string
	}{
		{"items in order", "7", "m.2.a=y&m.1.a=x&m.1.b=z", 0, []map[string]string{{"a": "x", "b": "z"}, {"a": "y"}}, ""},
		{"a bad id", "0", "m.1.a=x", 400, nil, "id must be a positive integer"},
		{"a malformed body", "7", "m.1.a=%zz", 400, nil, "malformed form body"},
		{"an unknown key", "7", "m.1.a=x&other=1", 400, nil, "unknown field other"},
		{"an unknown item field", "7", "m.1.c=x", 400, nil, "unknown field m.1.c"},
		{"no items", "7", "", 400, nil, "no m items"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/x/"+tt.id, strings.NewReader(tt.body))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.SetPathValue("id", tt.id)
			w := httptest.NewRecorder()
			var items []map[string]string
			id, ok := pathForm(w, r, "id")
			if ok {
				items, ok = formItems(w, r, "m", "no m items", "a", "b")
			}
			if tt.status == 0 {
				assert.True(t, ok, w.Body.String())
				assert.Equal(t, int64(7), id)
				assert.Equal(t, tt.items, items)
				return
			}
			assert.False(t, ok)
			assert.Equal(t, tt.status, w.Code)
			assert.Contains(t, w.Body.String(), tt.says)
		})
	}
}
