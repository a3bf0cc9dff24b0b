package entity_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// recordedListing serves the platform's recorded agency listing (page
// size 30, 31 records on the second page) by page_offset, from
// testdata/platform/agencies_page{1,2,3}.ext, and notes each page_offset
// asked for. Any other offset is a 400, as the recording has no such page.
func recordedListing(t *testing.T, ext, mt string, mu *sync.Mutex, asked *[]string) http.Handler {
	t.Helper()
	pages := map[string][]byte{}
	for i, off := range []string{"", "30", "60"} {
		b, err := os.ReadFile(fmt.Sprintf("testdata/platform/agencies_page%d.%s", i+1, ext))
		require.NoError(t, err)
		pages[off] = b
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		off := r.URL.Query().Get("page_offset")
		mu.Lock()
		*asked = append(*asked, off+"/"+r.URL.Query().Get("page_limit"))
		mu.Unlock()
		b, ok := pages[off]
		if !ok {
			http.Error(w, "no recorded page at this offset", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", mt)
		_, _ = w.Write(b)
	})
}

// All follows the platform's next-page link (JSON) and otherwise steps by
// the page size it asked for (XML, which carries no link), so a page with
// more records than asked for never shifts the next page.
func TestPlatformPagingFollowsTheLink(t *testing.T) {
	for _, format := range []string{"json", "xml"} {
		for _, prefetch := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/prefetch=%d", format, prefetch), func(t *testing.T) {
				var mu sync.Mutex
				var asked []string
				mt := "application/vnd.svc.v1+json"
				if format == "xml" {
					mt = "application/xml"
				}
				ec, srv := newTestClient(t, adamatest.WithRoute("GET /api/v2.0/agencies", adamatest.RequireSession,
					recordedListing(t, format, mt, &mu, &asked)))
				if format == "xml" {
					ec = newXMLClient(t, srv)
				}
				var ids []int64
				for a, err := range ec.Agencies.All(context.Background(), &entity.ListOptions{PageLimit: 30, Prefetch: prefetch}) {
					require.NoError(t, err)
					ids = append(ids, a.ID)
				}
				require.Len(t, ids, 91, "30 + 31 + 30 records")
				assert.Equal(t, int64(1999), ids[60], "the second page's 31st record")
				assert.Equal(t, int64(1060), ids[61], "the third page's first record is read")
				assert.Equal(t, int64(1089), ids[90])
				mu.Lock()
				defer mu.Unlock()
				slices.Sort(asked)
				assert.Equal(t, []string{"/30", "30/30", "60/30"}, asked, "never page_offset=61")
			})
		}
	}
}

// Where the platform's link names another offset than counting would,
// All goes where the link says, with the link's parameters.
func TestAllFollowsLinkOverCounting(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	ec, _ := newTestClient(t, adamatest.WithRoute("GET /api/v2.0/agencies", adamatest.RequireSession,
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			mu.Lock()
			asked = append(asked, q.Get("page_offset")+"/"+q.Get("page_limit")+"/"+q.Get("sort_by"))
			mu.Unlock()
			w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
			switch q.Get("page_offset") {
			case "":
				_, _ = w.Write([]byte(`{"data":[{"id":1,"version":0},{"id":2,"version":0}],"meta":{"status":"success","offset":0,"count":2,"total_count":9,"next_page":"https://api.example/api/v2.0/agencies?page_offset=5&page_limit=2&sort_by=id"}}`))
			case "5":
				_, _ = w.Write([]byte(`{"data":[{"id":6,"version":0}],"meta":{"status":"success","offset":5,"count":1}}`))
			default:
				http.Error(w, "unexpected page", http.StatusBadRequest)
			}
		})))
	for _, prefetch := range []int{0, 3} {
		mu.Lock()
		asked = nil
		mu.Unlock()
		var ids []int64
		for a, err := range ec.Agencies.All(context.Background(), &entity.ListOptions{PageLimit: 2, Prefetch: prefetch}) {
			require.NoError(t, err)
			ids = append(ids, a.ID)
		}
		assert.Equal(t, []int64{1, 2, 6}, ids, "prefetch %d", prefetch)
		mu.Lock()
		assert.Equal(t, "/2/", asked[0])
		assert.Contains(t, asked, "5/2/id", "the link's page, with its parameters")
		mu.Unlock()
	}
}
