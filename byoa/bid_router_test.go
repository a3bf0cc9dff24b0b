package byoa_test

import (
	"context"
	"github.com/adamasdk/adama-go/byoa"
	"net/http"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBidRouterConfigurationAndExecutor(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.srv.BYOA().AddExecutor(100667, "ACME Org Production Executor", adamaExecutor(4))
	f.srv.BYOA().AddExecutor(100667, "ACME Sandbox", adamaExecutor(5))

	cfg, err := f.c.BidRouter.Configuration(ctx, 100667)
	require.NoError(t, err)
	assert.Equal(t, []string{"ACME Org Production Executor", "ACME Sandbox"}, cfg.Executors.Names())
	x := cfg.Executors["ACME Org Production Executor"]
	assert.Equal(t, int64(4), x.ExecutorID)
	require.Len(t, x.Endpoints, 1)
	ep := x.Endpoints[0]
	assert.Equal(t, byoa.BrainTypeID(1003), ep.BrainTypeID)
	assert.Equal(t, byoa.ContentTypeProtobuf, ep.ContentType)
	assert.Equal(t, byoa.EnvironmentProduction, ep.Environment)
	assert.Equal(t, byoa.EndpointTypeBid, ep.EndpointType)
	assert.Equal(t, []byoa.PopID{byoa.PopIDEWR}, ep.PopIDs)
	require.NotNil(t, ep.Logging)
	assert.False(t, ep.Logging.LoggingEnabled)

	one, err := f.c.BidRouter.Executor(ctx, 100667, 5)
	require.NoError(t, err)
	name, ex, ok := one.ByID(5)
	require.True(t, ok)
	assert.Equal(t, "ACME Sandbox", name)
	assert.Equal(t, 100, ex.Endpoints[0].SampleRate)

	_, err = f.c.BidRouter.Executor(ctx, 100667, 99)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "Not_Found_Executor", ae.Code)

	empty, err := f.c.BidRouter.Configuration(ctx, 1)
	require.NoError(t, err)
	assert.Empty(t, empty.Executors)
}

func TestSetSampleRate(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.srv.BYOA().AddExecutor(7, "prod", adamaExecutor(4))
	tests := []struct {
		rate  int
		valid bool
	}{{-1, false}, {0, true}, {25, true}, {100, true}, {101, false}}
	for _, tt := range tests {
		got, err := f.c.BidRouter.SetSampleRate(ctx, 7, 4, tt.rate)
		if !tt.valid {
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve, "rate %d", tt.rate)
			assert.True(t, ve.Has("sample_rate", "between 0 and 100"))
			continue
		}
		require.NoError(t, err, "rate %d", tt.rate)
		assert.Equal(t, tt.rate, got["prod"].Endpoints[0].SampleRate)
		_, stored, _ := f.srv.BYOA().Executor(7, 4)
		assert.Equal(t, tt.rate, stored.Endpoints[0].SampleRate)
	}
	reqs := f.srv.Requests()
	last := reqs[len(reqs)-1]
	assert.Equal(t, http.MethodPatch, last.Method)
	assert.JSONEq(t, `{"sample_rate":100}`, string(last.Body))

	f.srv.FailNext("/custombidrouter", 1, http.StatusBadGateway, "")
	_, err := f.c.BidRouter.SetSampleRate(ctx, 7, 4, 10)
	require.NoError(t, err, "setting a rate is retried")
}
