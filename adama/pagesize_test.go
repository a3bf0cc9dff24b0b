package adama_test

import (
	"context"
	"io"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

// The default response limit leaves a wide margin over the largest page
// the platform sends: 100 records with full=* in XML.
func TestDefaultLimitOverLargestPage(t *testing.T) {
	collections := []string{"strategies", "campaigns", "advertisers", "atomic_creatives", "pixel_bundles", "deals", "site_lists", "users"}
	var opts []adamatest.Option
	for _, col := range collections {
		opts = append(opts, adamatest.WithEntities(col, 100))
	}
	srv := newServer(t, opts...)
	c := newClient(t, srv)
	largest := int64(0)
	for _, col := range collections {
		for _, accept := range []string{"application/xml", "application/json"} {
			resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/" + col, Accept: accept,
				Query: url.Values{"full": {"*"}, "page_limit": {"100"}}})
			require.NoError(t, err, col)
			n, err := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			require.NoError(t, err)
			t.Logf("%s %s: %d bytes", col, accept, n)
			largest = max(largest, n)
		}
	}
	assert.LessOrEqual(t, largest*32, int64(adama.DefaultMaxResponseBytes), "the default limit is at least 32 times the largest page")
}
