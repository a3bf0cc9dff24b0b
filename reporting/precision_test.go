package reporting_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// TestPrecision: float columns (money, percent) carry precision decimals,
// 8 when the query leaves it out, as the reporting reference says; count
// columns are integers whatever the precision.
func TestPrecision(t *testing.T) {
	svc, srv := newService(t, adamatest.WithReportRows(20))
	decimals := func(s string) int {
		_, frac, ok := strings.Cut(s, ".")
		if !ok {
			return 0
		}
		return len(frac)
	}
	read := func(p *int) (spend, ctr []string) {
		q := baseQuery()
		q.Precision = p
		rows, err := svc.Stream(context.Background(), q)
		require.NoError(t, err)
		for rows.Next() {
			r := rows.Row()
			spend = append(spend, r.String("total_spend"))
			ctr = append(ctr, r.String("ctr"))
			_, err := r.Int("impressions")
			require.NoError(t, err)
		}
		require.NoError(t, rows.Err())
		return spend, ctr
	}
	spend8, ctr8 := read(nil)
	require.Len(t, spend8, 20)
	assert.Empty(t, lastQuery(srv, "/performance").Query.Get("precision"), "nothing sent: the platform's default")
	for _, p := range []int{0, 1, 3, 8} {
		spend, ctr := read(adama.Ptr(p))
		assert.Equal(t, strconv.Itoa(p), lastQuery(srv, "/performance").Query.Get("precision"))
		for i := range spend {
			assert.Equal(t, p, decimals(spend[i]), "precision %d: %s", p, spend[i])
			assert.Equal(t, p, decimals(ctr[i]), "precision %d: %s", p, ctr[i])
			// Fewer decimals are the same value cut short.
			want := spend8[i]
			if p == 0 {
				want, _, _ = strings.Cut(want, ".")
			} else {
				want = want[:len(want)-(8-p)]
			}
			assert.Equal(t, want, spend[i])
		}
	}
	for i := range spend8 {
		assert.Equal(t, 8, decimals(spend8[i]), spend8[i])
		assert.Equal(t, 8, decimals(ctr8[i]), ctr8[i])
	}

	// Out of range: refused before sending, and by the server.
	q := baseQuery()
	q.Precision = adama.Ptr(9)
	_, err := svc.Stream(context.Background(), q)
	assert.ErrorIs(t, err, adama.ErrValidation)
	c, err := srv.NewClient()
	require.NoError(t, err)
	resp, err := c.Do(context.Background(), &adama.Request{Method: http.MethodGet, Path: reporting.PathPrefix + "/performance",
		Query: func() map[string][]string {
			v := baseQuery().Values()
			v.Set("precision", "9")
			return v
		}()})
	if err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
	}
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	assert.Equal(t, "invalid_precision", ae.Reason)
}

// TestPrecisionBodies reads bodies of both precisions: the exact decimals
// come through Money and Percent, and Float parses either.
func TestPrecisionBodies(t *testing.T) {
	eight := regexp.MustCompile(`^\d+\.\d{8}$`)
	for _, tt := range []struct {
		file        string
		spend, ctr  string
		eightDigits bool
	}{
		{"precision_8.csv", "22.2975", "1.0090817", true},
		{"precision_0.csv", "22", "1", false},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tt.file))
			require.NoError(t, err)
			defer f.Close()
			rows, err := reporting.NewRows(f)
			require.NoError(t, err)
			require.True(t, rows.Next())
			r := rows.Row()
			assert.Equal(t, tt.eightDigits, eight.MatchString(r.String("total_spend")))
			spend, err := r.Money("total_spend")
			require.NoError(t, err)
			assert.Equal(t, tt.spend, spend.String())
			ctr, err := r.Percent("ctr")
			require.NoError(t, err)
			assert.Equal(t, tt.ctr, ctr.String())
			_, err = r.Float("ctr")
			require.NoError(t, err)
			for rows.Next() {
			}
			require.NoError(t, rows.Err())
			assert.EqualValues(t, 2, rows.Count())
		})
	}
}
