package wire_test

import (
	"context"
	"io"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/fake/entityfake"
)

// TestParseMatchesDecodeOnFakePages runs the differential check over the
// XML the fake serves: a page of every collection (full, and with its
// embedded relations), single records, and error answers.
func TestParseMatchesDecodeOnFakePages(t *testing.T) {
	cols := entityfake.NewStore().Collections()
	opts := []adamatest.Option{}
	for _, c := range cols {
		opts = append(opts, adamatest.WithEntities(c, 3))
	}
	srv := adamatest.NewServer(opts...)
	t.Cleanup(srv.Close)
	c, err := srv.NewClient()
	require.NoError(t, err)
	get := func(t *testing.T, path string, q url.Values) []byte {
		t.Helper()
		resp, err := c.Do(context.Background(), &adama.Request{Method: "GET", Path: path, Query: q, Accept: "application/xml"})
		if err != nil {
			var ae *adama.Error
			require.ErrorAs(t, err, &ae)
			return []byte(ae.Body)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return b
	}
	types := []reflect.Type{nil, reflect.TypeFor[entity.Strategy](), reflect.TypeFor[entity.Campaign](),
		reflect.TypeFor[entity.Advertiser](), reflect.TypeFor[entity.AtomicCreative](), reflect.TypeFor[entity.SiteList](),
		reflect.TypeFor[entity.Organization](), reflect.TypeFor[node]()}
	withs := map[string][]string{"strategies": {"campaign,advertiser,agency"}, "campaigns": {"advertiser", "strategies"},
		"advertisers": {"agency,organization"}, "atomic_creatives": {"concept", "advertiser"}}
	related := 0
	for _, col := range cols {
		t.Run(col, func(t *testing.T) {
			path := "/api/v2.0/" + col
			page := get(t, path, url.Values{"full": {"*"}})
			require.Contains(t, string(page), "<entities")
			checkSameAsDecode(t, page, types...)
			with := get(t, path, url.Values{"with": withs[col]})
			related += strings.Count(string(with), ` rel="`)
			checkSameAsDecode(t, with, types...)
			checkSameAsDecode(t, get(t, path+"/1", nil), types...)
			missing := get(t, path+"/999999", nil)
			require.Contains(t, string(missing), `<status code="not_found"`)
			checkSameAsDecode(t, missing, types...)
		})
	}
	require.NotZero(t, related, "some pages carry related entities")
}
