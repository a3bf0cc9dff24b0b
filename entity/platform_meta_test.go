package entity_test

import (
	"context"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// serveFileAs answers with a recorded platform body of media type mt.
func serveFileAs(t *testing.T, name, mt string) http.Handler {
	t.Helper()
	b, err := os.ReadFile("testdata/platform/" + name)
	require.NoError(t, err)
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", mt)
		_, _ = w.Write(b)
	})
}

// A strategy's day parts answer as a collection that tells no count: the
// page says its total is unknown, in XML and in JSON.
func TestPlatformCollectionWithoutCount(t *testing.T) {
	for _, tc := range []struct {
		name, file, mt string
		xml            bool
	}{
		{"xml", "strategy_day_parts_no_count.xml", "application/xml", true},
		{"json", "strategy_day_parts_no_total.json", "application/vnd.svc.v1+json", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ec, srv := newTestClient(t, adamatest.WithRoute("GET /api/v2.0/strategy_day_parts/limit/strategy=42",
				adamatest.RequireSession, serveFileAs(t, tc.file, tc.mt)))
			if tc.xml {
				ec = newXMLClient(t, srv)
			}
			p, err := ec.StrategyDayParts.List(context.Background(), &entity.ListOptions{Limit: entity.LimitTo("strategy", 42)})
			require.NoError(t, err)
			require.Len(t, p.Items, 3)
			assert.False(t, p.HasTotal, "no count: the total is unknown")
			assert.Zero(t, p.TotalCount)
			assert.Equal(t, 3, p.Count)
			assert.Equal(t, int64(5103), p.Items[2].ID)
			assert.Equal(t, "SU", p.Items[2].Days)
			require.NotNil(t, p.Items[1].EndHour)
			assert.Equal(t, 23, *p.Items[1].EndHour)
			assert.Equal(t, 2, p.Items[1].Version)

			var ids []int64
			for d, err := range ec.StrategyDayParts.All(context.Background(), &entity.ListOptions{Limit: entity.LimitTo("strategy", 42), Prefetch: 2}) {
				require.NoError(t, err)
				ids = append(ids, d.ID)
			}
			assert.Equal(t, []int64{5101, 5102, 5103}, ids, "All reads the one short page and stops")
		})
	}
}
