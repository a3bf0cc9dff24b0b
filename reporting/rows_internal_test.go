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

func TestHeaderLookup(t *testing.T) {
	wide := make([]string, 100)
	for i := range wide {
		wide[i] = "col_" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26)
	}
	tests := []struct {
		name  string
		names []string
		miss  []string
	}{
		{"report columns", []string{"start_date", "end_date", "campaign_id", "campaign_name", "impressions", "clicks", "total_spend", "ctr"}, []string{"click", "clicks ", "start_datE", "", "total_spend_"}},
		{"short names", []string{"a", "ab", "abc", "abcd", "abcde", "", "x"}, []string{"b", "ba", "acb", "abce", "abcdf"}},
		{"long names sharing both ends", []string{"abcdefgh_X_12345678", "abcdefgh_Y_12345678", "abcdefgh_12345678"}, []string{"abcdefgh_Z_12345678", "abcdefgh12345678"}},
		{"duplicates keep the first", []string{"id", "name", "id", "name"}, []string{"ids"}},
		{"wide header", wide, []string{"col_", "col_zz"}},
		{"byte order mark and spaces", []string{"\ufeffstart_date", " clicks "}, []string{"\ufeffstart_date"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHeader(append([]string(nil), tt.names...))
			for i, n := range h.names {
				want := i
				if first := h.index[n]; first < i {
					want = first
				}
				assert.Equal(t, want, h.col(n), n)
				assert.Equal(t, want, h.col(strings.Clone(n)), n)
			}
			for _, n := range tt.miss {
				assert.Equal(t, -1, h.col(n), n)
			}
		})
	}
}
