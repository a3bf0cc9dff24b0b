package firehose_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

func TestFilters(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	f, err := filtersOf(fc.Filters.List(ctx, &firehose.FilterListOptions{Consumer: "example-consumer"}))
	require.NoError(t, err)
	assert.Equal(t, []string{"60231"}, f.Get(firehose.FilterKeyGeo))
	assert.Len(t, f.ChannelTypes(), 8)

	vals, err := valuesOf(fc.Filters.Get(ctx, "example-consumer", firehose.FilterKeyChannelType))
	require.NoError(t, err)
	assert.Contains(t, vals, "DISPLAY")
	last := srv.Requests()[len(srv.Requests())-1]
	assert.Equal(t, prefix+"/consumers/example-consumer/filters/x-svc-channel-type", last.Path, "the reference writes keys in lower case")

	require.NoError(t, errOf(fc.Filters.Update(ctx, &firehose.Filter{Consumer: "example-consumer", Key: firehose.FilterKeyExchangeID, Values: []string{"15", "42"}})))
	vals, err = valuesOf(fc.Filters.Get(ctx, "example-consumer", firehose.FilterKeyExchangeID))
	require.NoError(t, err)
	assert.Equal(t, []string{"15", "42"}, vals)

	// Outside the caller's permissions: the platform refuses.
	err = errOf(fc.Filters.Update(ctx, &firehose.Filter{Consumer: "example-consumer", Key: firehose.FilterKeyExchangeID, Values: []string{"15", "999"}}))
	assert.ErrorIs(t, err, adama.ErrForbidden)

	// Removing a filter while others remain is fine.
	require.NoError(t, errOf(fc.Filters.Update(ctx, &firehose.Filter{Consumer: "example-consumer", Key: firehose.FilterKeyExchangeID, Values: nil})))
	vals, err = valuesOf(fc.Filters.Get(ctx, "example-consumer", firehose.FilterKeyExchangeID))
	require.NoError(t, err)
	assert.Empty(t, vals)
}

func TestFilterSetRefusedBeforeSending(t *testing.T) {
	tests := []struct {
		name        string
		consumer    firehose.ConsumerName
		key         firehose.FilterKey
		values      []string
		field, rule string
	}{
		{"unknown key", "example-consumer", "X-Other", []string{"1"}, "filter", "one of"},
		{"channel type", "example-consumer", firehose.FilterKeyChannelType, []string{"DISPLAY", "RADIO"}, "X-Svc-Channel-Type", "channel type"},
		{"geo out of range", "example-consumer", firehose.FilterKeyGeo, []string{"60248"}, "X-Svc-Geo", "geo id"},
		{"geo not numeric", "example-consumer", firehose.FilterKeyGeo, []string{"US"}, "X-Svc-Geo", "geo id"},
		{"empty value", "example-consumer", firehose.FilterKeyDealID, []string{""}, "X-Svc-Deal-Id", "empty"},
		{"last filter removed", "example-consumer-2", firehose.FilterKeyExchangeID, nil, "X-Svc-Exch-Id", "must remain"},
		{"no name", "", firehose.FilterKeyGeo, []string{"60231"}, "name", "required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc, srv := setup(t)
			err := errOf(fc.Filters.Update(context.Background(), &firehose.Filter{Consumer: tt.consumer, Key: tt.key, Values: tt.values}))
			assert.True(t, violations(t, err).Has(tt.field, tt.rule), "%v", err)
			assert.Zero(t, posts(srv))
		})
	}
}

func TestFilterValuesAccepted(t *testing.T) {
	tests := []struct {
		key    firehose.FilterKey
		values []string
	}{
		{firehose.FilterKeyGeo, []string{"60000", "60247", "72279", "72280"}},
		{firehose.FilterKeyChannelType, []string{"MOBILE_DISPLAY_IN_APP", "NEWSFEED"}},
		{"x-svc-channel-type", []string{"VIDEO"}}, // any case
		{firehose.FilterKeyExchangeID, []string{"62"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.key), func(t *testing.T) {
			fc, srv := setup(t)
			srv.Firehose().SetPermissions(map[string]any{"EDIT.Filters.X-Svc-Geo": "ALLOWED", "EDIT.Filters.X-Svc-Channel-Type": "ALLOWED", "EDIT.Filters.X-Svc-Exch-Id": "ALLOWED"})
			require.NoError(t, errOf(fc.Filters.Update(context.Background(), &firehose.Filter{Consumer: "example-consumer", Key: tt.key, Values: tt.values})))
			got, err := valuesOf(fc.Filters.Get(context.Background(), "example-consumer", tt.key))
			require.NoError(t, err)
			assert.Equal(t, tt.values, got)
		})
	}
}

func TestPermissions(t *testing.T) {
	fc, _ := setup(t)
	ctx := context.Background()
	p, err := fc.Permissions.Get(ctx)
	require.NoError(t, err)
	assert.True(t, p.Can("GET.ConsumerSettings"))
	e, ok := p.Edit("Filters.X-Svc-Exch-Id")
	require.True(t, ok)
	assert.Contains(t, e.Values, "42")

	before, err := fc.Consumers.Get(ctx, "example-consumer")
	require.NoError(t, err)

	tests := []struct {
		name   string
		change func(*firehose.ConsumerSettings)
		field  string // "" when allowed
	}{
		{"sample rate", func(s *firehose.ConsumerSettings) { s.SampleSettings.SampleRate = 3 }, ""},
		{"exchange in list", func(s *firehose.ConsumerSettings) { s.Filters.Set(firehose.FilterKeyExchangeID, "15", "42") }, ""},
		{"exchange outside list", func(s *firehose.ConsumerSettings) { s.Filters.Set(firehose.FilterKeyExchangeID, "15", "7") }, "Filters.X-Svc-Exch-Id"},
		{"exchange removed outside list", func(s *firehose.ConsumerSettings) { s.Filters.Set(firehose.FilterKeyGeo) }, "Filters.X-Svc-Geo"},
		{"channel added", func(s *firehose.ConsumerSettings) { s.Filters.AddChannelTypes(firehose.ChannelTypeMobileVideoInApp) }, ""},
		{"endpoint in list", func(s *firehose.ConsumerSettings) { s.WebSettings.Endpoints["sjc"] = "https://x.example" }, ""},
		{"endpoint outside list", func(s *firehose.ConsumerSettings) { s.WebSettings.Endpoints["ams"] = "https://x.example" }, "WebSettings.Endpoints.ams"},
		{"bucket in list", func(s *firehose.ConsumerSettings) {
			s.Cloud1Settings = &firehose.Cloud1Settings{Buckets: map[string]string{"ewr": "b"}}
		}, ""},
		{"cloud2 macro", func(s *firehose.ConsumerSettings) {
			s.Cloud2Settings = &firehose.Cloud2Settings{PartitionMacro: "x/%nano%"}
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			after := before.Clone()
			tt.change(after)
			err := p.Check(before, after)
			if tt.field == "" {
				assert.NoError(t, err)
				return
			}
			assert.True(t, violations(t, err).Has(tt.field, "support"), "%v", err)
		})
	}

	none := firehose.Permissions{}
	after := before.Clone()
	after.DropBody = true
	assert.True(t, violations(t, none.Check(before, after)).Has("DropBody", "support"))
	assert.NoError(t, p.CheckFilter(firehose.FilterKeyChannelType, nil, []string{"VIDEO"}))
	assert.Error(t, none.CheckFilter(firehose.FilterKeyChannelType, nil, []string{"VIDEO"}))
}

func TestFilterListPage(t *testing.T) {
	fc, _ := setup(t)
	ctx := context.Background()
	p, err := fc.Filters.List(ctx, &firehose.FilterListOptions{Consumer: "example-consumer"})
	require.NoError(t, err)
	require.NotEmpty(t, p.Items)
	assert.Equal(t, len(p.Items), p.Count)
	keys := make([]firehose.FilterKey, len(p.Items))
	for i, f := range p.Items {
		keys[i] = f.Key
		assert.Equal(t, firehose.ConsumerName("example-consumer"), f.Consumer)
	}
	assert.IsNonDecreasing(t, keys, "one Filter per key, sorted by key")

	// A filter read with Get is saved back with Update as it is.
	one, err := fc.Filters.Get(ctx, "example-consumer", "x-svc-exch-id")
	require.NoError(t, err)
	assert.Equal(t, firehose.FilterKeyExchangeID, one.Key, "the key read in its canonical spelling")
	one.Values = []string{"15", "42"}
	saved, err := fc.Filters.Update(ctx, one)
	require.NoError(t, err)
	assert.Same(t, one, saved)
	vals, err := valuesOf(fc.Filters.Get(ctx, "example-consumer", firehose.FilterKeyExchangeID))
	require.NoError(t, err)
	assert.Equal(t, []string{"15", "42"}, vals)

	_, err = fc.Filters.List(ctx, nil)
	assert.True(t, violations(t, err).Has("name", "required"))
	_, err = fc.Filters.Update(ctx, nil)
	assert.True(t, violations(t, err).Has("Filter", "required"))
}
