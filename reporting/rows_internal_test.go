package reporting

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

func TestWithMaxLineBytes(t *testing.T) {
	body := "campaign_id,campaign_name\n1,short\n2," + strings.Repeat("n", 300) + "\n"
	tests := []struct {
		name string
		opts []RowsOption
		rows int64
		code string
	}{
		{"default bound", nil, 2, ""},
		{"bound under the long line", []RowsOption{WithMaxLineBytes(100)}, 1, CodeLineTooLong},
		{"bound at the long line", []RowsOption{WithMaxLineBytes(303)}, 2, ""},
		{"no bound", []RowsOption{WithMaxLineBytes(-1)}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader(body)), Header: http.Header{}}
			rows, err := newRows(resp, "/reporting/v1/std/performance", tt.opts...)
			require.NoError(t, err)
			for rows.Next() {
			}
			assert.Equal(t, tt.rows, rows.Count())
			if tt.code == "" {
				assert.NoError(t, rows.Err())
				return
			}
			var ae *adama.Error
			require.ErrorAs(t, rows.Err(), &ae)
			assert.Equal(t, tt.code, ae.Code)
			assert.Equal(t, "/reporting/v1/std/performance", ae.Path)
			assert.Equal(t, http.MethodGet, ae.Method)
		})
	}
}
