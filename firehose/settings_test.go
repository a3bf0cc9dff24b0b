package firehose_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

func TestSampleSettings(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	s, err := fc.SampleSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, 15, s.SampleRate)
	assert.False(t, s.Disabled)

	for _, rate := range []int{0, 100, 7} {
		require.NoError(t, errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", &firehose.SampleSettings{SampleRate: rate}))))
		got, err := fc.SampleSettings.Get(ctx, "example-consumer")
		require.NoError(t, err)
		assert.Equal(t, rate, got.SampleRate)
	}
	require.NoError(t, errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", &firehose.SampleSettings{Disabled: true, SampleRate: 7}))))
	assert.Equal(t, true, srv.Firehose().Raw("example-consumer")["SampleSettings"].(map[string]any)["Disabled"])

	n := posts(srv)
	for _, rate := range []int{-1, 101} {
		err := errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", &firehose.SampleSettings{SampleRate: rate})))
		assert.True(t, violations(t, err).Has("SampleRate", "between 0 and 100"))
	}
	assert.True(t, violations(t, errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", nil)))).Has("SampleSettings", "required"))
	assert.Equal(t, n, posts(srv))

	srv.Firehose().SetPermissions(map[string]any{})
	err = errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", &firehose.SampleSettings{SampleRate: 1})))
	assert.ErrorIs(t, err, adama.ErrForbidden)
}

func TestWebSettings(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	w, err := fc.WebSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Len(t, w.Endpoints, 3)

	w.Endpoints["sjc"] = "https://sjc.example/in"
	require.NoError(t, errOf(fc.WebSettings.Update(ctx, webOf("example-consumer", w))))
	got, err := fc.WebSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, "https://sjc.example/in", got.Endpoints["sjc"])

	n := posts(srv)
	tests := []struct{ key, url, field, rule string }{
		{"ewr", "ftp://x.example", "Endpoints.ewr", "http"},
		{"ewr", "/relative", "Endpoints.ewr", "http"},
		{"EWR!", "https://x.example", "Endpoints", "data-center"},
	}
	for _, tt := range tests {
		err := errOf(fc.WebSettings.Update(ctx, webOf("example-consumer", &firehose.WebSettings{Endpoints: map[string]string{tt.key: tt.url}})))
		assert.True(t, violations(t, err).Has(tt.field, tt.rule), "%v", err)
	}
	assert.Equal(t, n, posts(srv))
}

func TestCloud1Settings(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	s, err := fc.Cloud1Settings.Get(ctx, "example-consumer-2")
	require.NoError(t, err)
	assert.Equal(t, "arn:aws:iam::123456789012:role/delivery", s.RoleARN)
	assert.Equal(t, firehose.DefaultPartitionMacro, s.PartitionMacro)

	// Unchanged RoleARN and ExternalID go back as they are.
	s.PartitionMacro = "%yyyy%%mm%%dd%/%hh%/%appuuid%_%nano%.jsonl.lzop"
	s.ASE256ServerSideEncryption = true
	require.NoError(t, errOf(fc.Cloud1Settings.Update(ctx, cloud1Of("example-consumer-2", s))))
	got, err := fc.Cloud1Settings.Get(ctx, "example-consumer-2")
	require.NoError(t, err)
	assert.True(t, got.ASE256ServerSideEncryption)
	assert.Equal(t, s.PartitionMacro, got.PartitionMacro)

	// Left empty, they are not sent and kept.
	require.NoError(t, errOf(fc.Cloud1Settings.Update(ctx, cloud1Of("example-consumer-2", &firehose.Cloud1Settings{Buckets: map[string]string{"ewr": "bkt-1"}}))))
	got, err = fc.Cloud1Settings.Get(ctx, "example-consumer-2")
	require.NoError(t, err)
	assert.Equal(t, "ext-0001", got.ExternalID)

	// A risky macro needs the caller's word.
	risky := &firehose.Cloud1Settings{PartitionMacro: "%yyyy%/%hh%/batch.jsonl.gz"}
	assert.True(t, violations(t, errOf(fc.Cloud1Settings.Update(ctx, cloud1Of("example-consumer-2", risky)))).Has("PartitionMacro", "%appuuid%"))
	risky.AcceptOverwriteRisk = true
	require.NoError(t, errOf(fc.Cloud1Settings.Update(ctx, cloud1Of("example-consumer-2", risky))))

	n := posts(srv)
	tests := []struct {
		name        string
		set         firehose.Cloud1Settings
		field, rule string
	}{
		{"role arn", firehose.Cloud1Settings{RoleARN: "arn:aws:iam::9:role/x"}, "RoleARN", "read-only"},
		{"external id", firehose.Cloud1Settings{ExternalID: "x"}, "ExternalID", "read-only"},
		{"unknown macro", firehose.Cloud1Settings{PartitionMacro: "%yyyy%/%week%/%appuuid%_%nano%"}, "PartitionMacro", "unknown macro"},
		{"bad path", firehose.Cloud1Settings{PartitionMacro: "/%appuuid%_%nano%"}, "PartitionMacro", "leading /"},
		{"bucket name", firehose.Cloud1Settings{Buckets: map[string]string{"ewr": "Bad_Bucket"}}, "Buckets.ewr", "bucket name"},
		{"region value", firehose.Cloud1Settings{Regions: map[string]string{"ewr": ""}}, "Regions.ewr", "required"},
		{"region key", firehose.Cloud1Settings{Regions: map[string]string{"East Coast": "us-east-1"}}, "Regions", "data-center"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := errOf(fc.Cloud1Settings.Update(ctx, cloud1Of("example-consumer-2", &tt.set)))
			assert.True(t, violations(t, err).Has(tt.field, tt.rule), "%v", err)
		})
	}
	assert.Equal(t, n, posts(srv))
}

func TestCloud2Settings(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	s, err := fc.Cloud2Settings.Get(ctx, "example-consumer-3")
	require.NoError(t, err)
	assert.Equal(t, "example-bucket-2", s.Buckets["ewr"])

	s.Buckets["iad"] = "example-bucket-3"
	require.NoError(t, errOf(fc.Cloud2Settings.Update(ctx, cloud2Of("example-consumer-3", s))))
	got, err := fc.Cloud2Settings.Get(ctx, "example-consumer-3")
	require.NoError(t, err)
	assert.Equal(t, "example-bucket-3", got.Buckets["iad"])

	// A data center outside the permissions: refused by the platform.
	s.Buckets["hkg"] = "example-bucket-4"
	assert.ErrorIs(t, errOf(fc.Cloud2Settings.Update(ctx, cloud2Of("example-consumer-3", s))), adama.ErrForbidden)

	n := posts(srv)
	err = errOf(fc.Cloud2Settings.Update(ctx, cloud2Of("example-consumer-3", &firehose.Cloud2Settings{PartitionMacro: "%hh%/fixed.json"})))
	assert.True(t, violations(t, err).Has("PartitionMacro", "%nano%"))
	assert.Equal(t, n, posts(srv))

	// A consumer without second storage answers an empty object.
	empty, err := fc.Cloud2Settings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Empty(t, empty.Buckets)
}

func TestSettingsPostFaults(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	path := prefix + "/consumers/example-consumer/samplesettings"

	// A replacing POST is not retried unless the caller says so.
	srv.FailNext(path, 1, 503, "")
	err := errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", &firehose.SampleSettings{SampleRate: 3})))
	assert.ErrorIs(t, err, adama.ErrUnavailable)
	assert.Equal(t, 1, srv.Count("POST "+path))

	srv.FailNext(path, 1, 503, "")
	require.NoError(t, errOf(fc.SampleSettings.Update(ctx, sampleOf("example-consumer", &firehose.SampleSettings{SampleRate: 3}), adama.WithIdempotent())))
	assert.Equal(t, 3, srv.Count("POST "+path))
	s, err := fc.SampleSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, 3, s.SampleRate)

	// A revoked token is renewed once and the call replayed.
	srv.RevokeTokens()
	_, err = fc.SampleSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Zero(t, srv.SessionBootstraps())
}

func TestSettingsReadChangeSave(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	s, err := fc.SampleSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, firehose.ConsumerName("example-consumer"), s.Consumer, "Get names the record's consumer")
	s.SampleRate = 9
	saved, err := fc.SampleSettings.Update(ctx, s)
	require.NoError(t, err)
	assert.Same(t, s, saved)
	assert.EqualValues(t, 9, srv.Firehose().Raw("example-consumer")["SampleSettings"].(map[string]any)["SampleRate"])

	w, err := fc.WebSettings.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, firehose.ConsumerName("example-consumer"), w.Consumer)
	c2, err := fc.Cloud2Settings.Get(ctx, "example-consumer-3")
	require.NoError(t, err)
	assert.Equal(t, firehose.ConsumerName("example-consumer-3"), c2.Consumer)

	before := posts(srv)
	for name, err := range map[string]error{
		"sample": errOf(fc.SampleSettings.Update(ctx, &firehose.SampleSettings{SampleRate: 1})),
		"web":    errOf(fc.WebSettings.Update(ctx, &firehose.WebSettings{})),
		"cloud1": errOf(fc.Cloud1Settings.Update(ctx, &firehose.Cloud1Settings{})),
		"cloud2": errOf(fc.Cloud2Settings.Update(ctx, &firehose.Cloud2Settings{})),
	} {
		assert.True(t, violations(t, err).Has("Consumer", "required"), name)
	}
	assert.Equal(t, before, posts(srv), "a record naming no consumer is not sent")
}
