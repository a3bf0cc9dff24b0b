package dmp_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/dmp"
)

func TestTaxonomyFaults(t *testing.T) {
	tc, srv := newClient(t)
	ctx := context.Background()
	made, err := tc.Taxonomies.Create(ctx, sample())
	require.NoError(t, err)

	srv.FailNext("/dmp/v2.0/audience_segments/", 2, http.StatusServiceUnavailable, "")
	_, err = tc.Taxonomies.Get(ctx, made.TaxonomyID)
	require.NoError(t, err, "a read is retried")

	srv.FailNext("/dmp/v2.0/audience_segments", 1, http.StatusInternalServerError, "")
	_, err = tc.Taxonomies.Create(ctx, sample())
	var ae *adama.Error
	require.ErrorAs(t, err, &ae, "a create is not retried")
	assert.Equal(t, http.StatusInternalServerError, ae.StatusCode)
	assert.Equal(t, 1, srv.DMP().Count())

	// The whole-tree update is a POST: an answer lost on the way is
	// reported as such, not sent twice.
	cur, err := tc.Taxonomies.Get(ctx, made.TaxonomyID)
	require.NoError(t, err)
	srv.ResetRequests()
	srv.DropNext("/dmp/v2.0/audience_segments/", 1)
	_, err = tc.Taxonomies.Update(ctx, cur)
	require.Error(t, err)
	assert.True(t, errors.Is(err, adama.ErrOutcomeUnknown) || errors.Is(err, adama.ErrTransport), "%v", err)
	assert.Equal(t, 1, srv.Count("POST /dmp/v2.0/audience_segments/"+itoa(made.TaxonomyID)))

	srv.Deny("/dmp/v2.0/")
	_, err = tc.Taxonomies.Get(ctx, made.TaxonomyID)
	assert.True(t, errors.Is(err, adama.ErrForbidden) || errors.Is(err, adama.ErrUnauthorized), "%v", err)
	_, err = tc.Taxonomies.Modify(ctx, made.TaxonomyID, func(*dmp.Taxonomy) error { return errors.New("not reached") })
	assert.Error(t, err)
}
