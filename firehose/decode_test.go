package firehose_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

// referenceServer answers GETs with the reference's example bodies
// (testdata/reference, copied from
// the opportunity-stream configuration API reference under
// the spec's names) and a token for the client-credentials grant.
func referenceServer(t *testing.T, files map[string]string) *firehose.Client {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /oauth/token", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"access_token":"t","expires_in":86400,"token_type":"Bearer"}`))
	})
	for path, file := range files {
		body, err := os.ReadFile(file)
		require.NoError(t, err)
		mux.HandleFunc("GET "+prefix+path, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(body)
		})
	}
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithAuthURL(ts.URL), adama.WithClientCredentials("id", "secret", "aud"))
	require.NoError(t, err)
	return firehose.New(c)
}

func TestDecodeReferenceBodies(t *testing.T) {
	fc := referenceServer(t, map[string]string{
		"/consumers":           "testdata/reference/get_consumers.json",
		"/consumers/c":         "testdata/reference/get_consumer.json",
		"/consumers/posted":    "testdata/reference/post_consumer.json",
		"/consumers/c/filters": "testdata/reference/get_consumer_filters.json",
		"/consumers/c/filters/x-svc-channel-type": "testdata/reference/get_consumer_filters_one.json",
		"/permissions":                "testdata/reference/get_permissions.json",
		"/consumers/c/samplesettings": "testdata/reference/get_consumer_samplesettings.json",
		"/consumers/c/websettings":    "testdata/reference/get_consumer_websettings.json",
		"/consumers/c/cloud1settings": "testdata/reference/get_consumer_cloud1settings.json",
	})
	ctx := context.Background()

	names, err := fc.Consumers.Names(ctx)
	require.NoError(t, err)
	assert.Equal(t, []firehose.ConsumerName{"example-consumer", "example-consumer-2", "example-consumer-3"}, names)

	c, err := fc.Consumers.Get(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "example-consumer", c.Name)
	assert.True(t, c.DropZeroUID)
	assert.Equal(t, []string{"15"}, c.Filters.Get(firehose.FilterKeyExchangeID))
	assert.Len(t, c.Filters.ChannelTypes(), 8)
	assert.Equal(t, 15, c.SampleSettings.SampleRate)
	assert.Equal(t, "https://example.com", c.WebSettings.Endpoints["pao"])
	assert.Empty(t, c.Extra)
	assert.NoError(t, c.Validate())

	p, err := fc.Consumers.Get(ctx, "posted")
	require.NoError(t, err)
	assert.True(t, p.SampleSettings.Disabled)
	assert.Equal(t, "example-bucket-name", p.Cloud1Settings.Buckets["iad"])
	assert.Equal(t, "us-east-1", p.Cloud1Settings.Regions["ewr"])

	f, err := filtersOf(fc.Filters.List(ctx, &firehose.FilterListOptions{Consumer: "c"}))
	require.NoError(t, err)
	assert.Equal(t, []string{"60231"}, f.Get(firehose.FilterKeyGeo))
	assert.Len(t, f.Get(firehose.FilterKeyExchangeID), 22)

	one, err := valuesOf(fc.Filters.Get(ctx, "c", firehose.FilterKeyChannelType))
	require.NoError(t, err)
	assert.Equal(t, "DISPLAY", one[0])

	perms, err := fc.Permissions.Get(ctx)
	require.NoError(t, err)
	assert.True(t, perms.Can("POST.SampleSettings"))
	e, ok := perms.Edit("Cloud1Settings.Buckets")
	require.True(t, ok)
	assert.Equal(t, []string{"ewr", "iad", "ord", "pao", "sjc"}, e.Values)
	e, ok = perms.Edit("Filters.X-Svc-Channel-Type")
	require.True(t, ok)
	assert.Len(t, e.Values, 10)

	s, err := fc.SampleSettings.Get(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, firehose.SampleSettings{Consumer: "c", SampleRate: 15}, *s)

	w, err := fc.WebSettings.Get(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "https://newlocations.com/", w.Endpoints["ord"])

	c1, err := fc.Cloud1Settings.Get(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "lab-dump", c1.Buckets["ewr"])
	assert.False(t, c1.ASE256ServerSideEncryption)
}

func TestDecodePlatformShapedVariants(t *testing.T) {
	const body = `{"Name":"x","DropZeroUID":1,"DropExchangeUID":"maybe","DropBody":"false",
		"Filters":{"X-Svc-Exch-Id":[15,"42"],"X-Svc-Channel-Type":["DISPLAY","HOLOGRAM"],"X-Svc-Geo":"60231","X-Svc-Future":["a"]},
		"SampleSettings":{"Disabled":"false","SampleRate":"15","Burst":"x"},
		"Cloud1Settings":{"Regions":{"ewr":"us-east-1"},"ASE256ServerSideEncryption":"true","RoleARN":"arn:r","ExternalID":"e","KMSKey":"k"},
		"Cloud3Settings":{"Buckets":{"ewr":"b"}},
		"Contact":"ops@example.com"}`
	var c firehose.ConsumerSettings
	require.NoError(t, json.Unmarshal([]byte(body), &c))
	assert.True(t, c.DropZeroUID)
	assert.False(t, c.DropBody)
	assert.False(t, c.DropExchangeUID, "maybe does not fit a boolean: kept in Extra")
	assert.JSONEq(t, `"maybe"`, string(c.Extra["DropExchangeUID"]))
	assert.Equal(t, []string{"15", "42"}, c.Filters.Get(firehose.FilterKeyExchangeID))
	assert.Equal(t, []firehose.ChannelType{"DISPLAY", "HOLOGRAM"}, c.Filters.ChannelTypes(), "an unknown server value is kept")
	assert.Equal(t, []string{"60231"}, c.Filters.Get(firehose.FilterKeyGeo))
	assert.Equal(t, []string{"a"}, c.Filters["X-Svc-Future"])
	assert.Equal(t, 15, c.SampleSettings.SampleRate)
	assert.True(t, c.Cloud1Settings.ASE256ServerSideEncryption)
	assert.Equal(t, "arn:r", c.Cloud1Settings.RoleARN)
	assert.Contains(t, c.Extra, "Cloud3Settings")
	assert.Contains(t, c.Cloud1Settings.Extra, "KMSKey")

	// Written back, nothing is lost.
	out, err := json.Marshal(&c)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(out, &back))
	assert.Equal(t, "ops@example.com", back["Contact"])
	assert.Equal(t, "maybe", back["DropExchangeUID"], "a value that did not fit goes back as it came")
	assert.Equal(t, "k", back["Cloud1Settings"].(map[string]any)["KMSKey"])
	assert.Equal(t, "x", back["SampleSettings"].(map[string]any)["Burst"])
	assert.Contains(t, back, "Cloud3Settings")

	// Write strictly: the caller's unknown values are refused.
	err = c.Validate()
	ve := violations(t, err)
	assert.True(t, ve.Has("Filters.X-Svc-Channel-Type", "channel type"))
	assert.True(t, ve.Has("Filters.X-Svc-Future", "unknown filter key"))
}

func TestModifyKeepsServerValuesTheSDKDoesNotKnow(t *testing.T) {
	fc, srv := setup(t)
	srv.Firehose().PutRaw("future", map[string]any{
		"Filters":        map[string]any{"X-Svc-Channel-Type": []any{"DISPLAY", "HOLOGRAM"}},
		"SampleSettings": map[string]any{"SampleRate": 10},
	})
	ctx := context.Background()
	require.NoError(t, errOf(fc.Consumers.Modify(ctx, "future", func(s *firehose.ConsumerSettings) error {
		s.SampleSettings.SampleRate = 5
		return nil
	})))
	stored := srv.Firehose().Raw("future")
	assert.Equal(t, []any{"DISPLAY", "HOLOGRAM"}, stored["Filters"].(map[string]any)["X-Svc-Channel-Type"])

	// A new unknown value is still refused.
	err := errOf(fc.Consumers.Modify(ctx, "future", func(s *firehose.ConsumerSettings) error {
		s.Filters.AddChannelTypes("RADIO")
		return nil
	}))
	assert.True(t, violations(t, err).Has("Filters.X-Svc-Channel-Type", "channel type"))
}
