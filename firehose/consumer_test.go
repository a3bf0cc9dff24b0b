package firehose_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/firehose"
)

func TestConsumersListAndGet(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	names, err := fc.Consumers.Names(ctx)
	require.NoError(t, err)
	assert.Equal(t, []firehose.ConsumerName{"example-consumer", "example-consumer-2", "example-consumer-3"}, names)

	c, err := fc.Consumers.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, "example-consumer", c.Name)
	assert.True(t, c.DropZeroUID)
	assert.True(t, c.DropExchangeUID)
	assert.False(t, c.DropBody)
	assert.Equal(t, []string{"15"}, c.Filters.Get(firehose.FilterKeyExchangeID))
	assert.Contains(t, c.Filters.ChannelTypes(), firehose.ChannelTypeDisplay)
	require.NotNil(t, c.SampleSettings)
	assert.Equal(t, 15, c.SampleSettings.SampleRate)
	require.NotNil(t, c.WebSettings)
	assert.Equal(t, "https://example.com", c.WebSettings.Endpoints["ewr"])
	assert.Nil(t, c.Cloud1Settings)

	c2, err := fc.Consumers.Get(ctx, "example-consumer-2")
	require.NoError(t, err)
	require.NotNil(t, c2.Cloud1Settings)
	assert.Equal(t, "ext-0001", c2.Cloud1Settings.ExternalID)
	assert.Equal(t, "us-east-1", c2.Cloud1Settings.Regions["iad"])

	// Bearer only: no session bootstrap, no cookie; the token came from
	// the JSON client-credentials body with the audience.
	assert.Zero(t, srv.SessionBootstraps())
	var sawToken bool
	for _, r := range srv.Requests() {
		if strings.HasPrefix(r.Path, prefix) {
			assert.Empty(t, r.Header.Get("Cookie"))
			assert.True(t, strings.HasPrefix(r.Header.Get("Authorization"), "Bearer "))
		}
		if r.Path == "/oauth/token" {
			sawToken = true
			assert.Contains(t, r.Header.Get("Content-Type"), "application/json")
			var body map[string]string
			require.NoError(t, json.Unmarshal(r.Body, &body))
			assert.Equal(t, "client_credentials", body["grant_type"])
			assert.Equal(t, "https://firehose.example/api", body["audience"])
		}
	}
	assert.True(t, sawToken)
}

func TestConsumerGetErrors(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	_, err := fc.Consumers.Get(ctx, "nobody")
	assert.True(t, errors.Is(err, adama.ErrNotFound), "%v", err)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, prefix+"/consumers/nobody", ae.Path)

	_, err = fc.Consumers.Get(ctx, "")
	assert.True(t, violations(t, err).Has("name", "required"))

	srv.FailNext(prefix+"/consumers", 2, 503, "")
	names, err := fc.Consumers.Names(ctx)
	require.NoError(t, err, "a GET is retried")
	assert.Len(t, names, 3)

	srv.Deny(prefix + "/permissions")
	_, err = fc.Permissions.Get(ctx)
	assert.True(t, errors.Is(err, adama.ErrForbidden), "%v", err)
}

func TestConsumerRoundTripKeepsUnknownFields(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	srv.Firehose().PutRaw("rt", map[string]any{
		"DropZeroUID":    "true", // a boolean as a string
		"ContactEmail":   "ops@example.com",
		"Filters":        map[string]any{"X-Svc-Exch-Id": []any{15, "42"}}, // a number among strings
		"SampleSettings": map[string]any{"Disabled": false, "SampleRate": "15", "Burst": 3},
		"Cloud1Settings": map[string]any{"Buckets": map[string]any{"ewr": "bkt-a"}, "RoleARN": "arn:x", "ExternalID": "e-1",
			"StorageClass": "STANDARD_IA"},
		"WebSettings": map[string]any{"Endpoints": map[string]any{"ewr": "https://in.example"}, "TimeoutMS": 250},
	})
	c, err := fc.Consumers.Get(ctx, "rt")
	require.NoError(t, err)
	assert.True(t, c.DropZeroUID)
	assert.Equal(t, 15, c.SampleSettings.SampleRate)
	assert.Equal(t, []string{"15", "42"}, c.Filters.Get(firehose.FilterKeyExchangeID))
	assert.JSONEq(t, `"ops@example.com"`, string(c.Extra["ContactEmail"]))
	assert.JSONEq(t, `3`, string(c.SampleSettings.Extra["Burst"]))

	require.NoError(t, errOf(fc.Consumers.Update(ctx, consumerOf("rt", c))))
	stored := srv.Firehose().Raw("rt")
	assert.Equal(t, "ops@example.com", stored["ContactEmail"])
	assert.Equal(t, true, stored["DropZeroUID"])
	assert.EqualValues(t, 3, stored["SampleSettings"].(map[string]any)["Burst"])
	assert.Equal(t, "STANDARD_IA", stored["Cloud1Settings"].(map[string]any)["StorageClass"])
	assert.EqualValues(t, 250, stored["WebSettings"].(map[string]any)["TimeoutMS"])
	assert.Equal(t, "arn:x", stored["Cloud1Settings"].(map[string]any)["RoleARN"])
}

func TestConsumerModify(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	err := errOf(fc.Consumers.Modify(ctx, "example-consumer", func(s *firehose.ConsumerSettings) error {
		s.SampleSettings.SampleRate = 5
		s.Filters.AddChannelTypes(firehose.ChannelTypeMobileVideoInApp)
		return nil
	}))
	require.NoError(t, err)
	stored := srv.Firehose().Raw("example-consumer")
	assert.EqualValues(t, 5, stored["SampleSettings"].(map[string]any)["SampleRate"])
	assert.Contains(t, stored["Filters"].(map[string]any)["X-Svc-Channel-Type"], "MOBILE_VIDEO_IN_APP")

	// The default macro lacks %nano%, but left as it was it is not refused.
	require.NoError(t, errOf(fc.Consumers.Modify(ctx, "example-consumer-2", func(s *firehose.ConsumerSettings) error {
		s.DropBody = true
		return nil
	})))
	assert.Equal(t, true, srv.Firehose().Raw("example-consumer-2")["DropBody"])

	before := posts(srv)
	assert.NoError(t, errOf(fc.Consumers.Modify(ctx, "example-consumer", func(*firehose.ConsumerSettings) error { return firehose.ErrNoChange })))
	boom := errors.New("boom")
	assert.ErrorIs(t, errOf(fc.Consumers.Modify(ctx, "example-consumer", func(*firehose.ConsumerSettings) error { return boom })), boom)
	assert.Equal(t, before, posts(srv), "nothing sent")
}

func TestConsumerModifyRefusedBeforeSending(t *testing.T) {
	tests := []struct {
		name, consumer, field, rule string
		change                      func(*firehose.ConsumerSettings)
	}{
		{"role arn", "example-consumer-2", "Cloud1Settings.RoleARN", "read-only", func(s *firehose.ConsumerSettings) { s.Cloud1Settings.RoleARN = "arn:other" }},
		{"external id", "example-consumer-2", "Cloud1Settings.ExternalID", "read-only", func(s *firehose.ConsumerSettings) { s.Cloud1Settings.ExternalID = "other" }},
		{"sample rate", "example-consumer", "SampleSettings.SampleRate", "between 0 and 100", func(s *firehose.ConsumerSettings) { s.SampleSettings.SampleRate = 101 }},
		{"no filter", "example-consumer", "Filters", "at least one filter", func(s *firehose.ConsumerSettings) { s.Filters = firehose.Filters{} }},
		{"channel type", "example-consumer", "Filters.X-Svc-Channel-Type", "channel type", func(s *firehose.ConsumerSettings) {
			s.Filters.AddChannelTypes("HOLOGRAM")
		}},
		{"geo", "example-consumer", "Filters.X-Svc-Geo", "geo id", func(s *firehose.ConsumerSettings) { s.Filters.Set(firehose.FilterKeyGeo, "59999") }},
		{"macro changed without nano", "example-consumer-2", "Cloud1Settings.PartitionMacro", "%nano%", func(s *firehose.ConsumerSettings) {
			s.Cloud1Settings.PartitionMacro = "%yyyy%/%appuuid%.jsonl.gz"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc, srv := setup(t)
			err := errOf(fc.Consumers.Modify(context.Background(), firehose.ConsumerName(tt.consumer), func(s *firehose.ConsumerSettings) error {
				tt.change(s)
				return nil
			}))
			assert.True(t, violations(t, err).Has(tt.field, tt.rule), "%v", err)
			assert.Zero(t, posts(srv))
		})
	}
}

func TestConsumerReplace(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()
	c, err := fc.Consumers.Get(ctx, "example-consumer-2")
	require.NoError(t, err)

	// The same RoleARN is accepted (read first, compared).
	c.Cloud1Settings.Buckets["ewr"] = "other-bucket"
	c.Cloud1Settings.AcceptOverwriteRisk = true // the default macro has no %nano%
	require.NoError(t, errOf(fc.Consumers.Update(ctx, consumerOf("example-consumer-2", c))))
	assert.Equal(t, "other-bucket", srv.Firehose().Raw("example-consumer-2")["Cloud1Settings"].(map[string]any)["Buckets"].(map[string]any)["ewr"])

	c.Cloud1Settings.RoleARN = "arn:aws:iam::1:role/mine"
	err = errOf(fc.Consumers.Update(ctx, consumerOf("example-consumer-2", c)))
	assert.True(t, violations(t, err).Has("Cloud1Settings.RoleARN", "read-only"))

	err = errOf(fc.Consumers.Update(ctx, nil))
	assert.True(t, violations(t, err).Has("ConsumerSettings", "required"))
	err = errOf(fc.Consumers.Update(ctx, &firehose.ConsumerSettings{DropBody: true}))
	assert.True(t, violations(t, err).Has("Consumer", "required"), "a record that names no consumer")
}

func TestFakeRefusesWhatTheClientWouldRefuse(t *testing.T) {
	// Raw requests that skip the SDK's checks meet the platform's rules.
	fc, srv := setup(t)
	_ = fc
	c, err := srv.NewClient()
	require.NoError(t, err)
	ctx := context.Background()
	post := func(path, body string) error {
		resp, err := c.Do(ctx, &adama.Request{Method: "POST", Path: prefix + path, Body: []byte(body), ContentType: "application/json", Auth: adama.AuthBearer})
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	tests := []struct {
		name, path, body string
		want             error
	}{
		{"rate above 100", "/consumers/example-consumer/samplesettings", `{"SampleRate":101}`, adama.ErrBadRequest},
		{"rate below 0", "/consumers/example-consumer/samplesettings", `{"SampleRate":-1}`, adama.ErrBadRequest},
		{"rate ok", "/consumers/example-consumer/samplesettings", `{"SampleRate":100}`, nil},
		{"no filters", "/consumers/example-consumer", `{"Filters":{}}`, adama.ErrBadRequest},
		{"unknown filter", "/consumers/example-consumer", `{"Filters":{"X-Other":["1"]}}`, adama.ErrBadRequest},
		{"role arn", "/consumers/example-consumer-2/cloud1settings", `{"RoleARN":"arn:other"}`, adama.ErrBadRequest},
		{"role arn kept", "/consumers/example-consumer-2/cloud1settings", `{"RoleARN":"arn:aws:iam::123456789012:role/delivery","Buckets":{"ewr":"b-1"}}`, nil},
		{"exchange outside permissions", "/consumers/example-consumer/filters/x-svc-exch-id", `["15","999"]`, adama.ErrForbidden},
		{"exchange within permissions", "/consumers/example-consumer/filters/x-svc-exch-id", `["15","42"]`, nil},
		{"geo needs support", "/consumers/example-consumer/filters/x-svc-geo", `["60040"]`, adama.ErrForbidden},
		{"bucket of a data center outside permissions", "/consumers/example-consumer-2/cloud1settings", `{"Buckets":{"ams":"b-2"}}`, adama.ErrForbidden},
		{"unknown consumer", "/consumers/nobody/samplesettings", `{"SampleRate":1}`, adama.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := post(tt.path, tt.body)
			if tt.want == nil {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, tt.want)
		})
	}
}

func TestWithPrefixAndDroppedConnections(t *testing.T) {
	_, srv := setup(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	ctx := context.Background()

	other := firehose.New(c, firehose.WithPrefix("/firehose-next/v2.0"))
	_, err = other.Consumers.Names(ctx)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, "/firehose-next/v2.0/consumers", ae.Path)

	fc := firehose.New(c)
	srv.DropNext(prefix+"/consumers/example-consumer", 1)
	got, err := fc.Consumers.Get(ctx, "example-consumer")
	require.NoError(t, err, "a GET is retried after a cut connection")
	assert.Equal(t, "example-consumer", got.Name)
}

func TestOneClientHoldsBothGrants(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t))
	session := srv.IssueToken() // stands for the authorization-code grant's token
	c, err := srv.NewClient(adama.WithToken(session))
	require.NoError(t, err)
	fc := firehose.New(c)
	ctx := context.Background()
	_, err = fc.Consumers.Names(ctx)
	require.NoError(t, err)
	ec := entity.New(c)
	_, err = ec.Organizations.List(ctx, nil)
	require.NoError(t, err)

	var firehoseAuth, entityAuth string
	for _, r := range srv.Requests() {
		switch {
		case strings.HasPrefix(r.Path, prefix):
			firehoseAuth = r.Header.Get("Authorization")
			assert.Empty(t, r.Header.Get("Cookie"))
		case strings.HasPrefix(r.Path, "/api/v2.0/organizations"):
			entityAuth = r.Header.Get("Authorization")
		}
	}
	assert.Equal(t, "Bearer "+session, entityAuth)
	assert.NotEqual(t, entityAuth, firehoseAuth, "group G sends the client-credentials token")
	assert.True(t, strings.HasPrefix(firehoseAuth, "Bearer "))
	assert.Equal(t, 1, srv.TokensIssued(), "one client-credentials token fetched")

	// A client without the client-credentials grant is refused before sending.
	only, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithToken(srv.IssueToken()))
	require.NoError(t, err)
	n := len(srv.Requests())
	_, err = firehose.New(only).Consumers.Names(ctx)
	assert.ErrorContains(t, err, "client-credentials")
	assert.Equal(t, n, len(srv.Requests()))
}

func TestConsumerReadChangeSave(t *testing.T) {
	fc, srv := setup(t)
	ctx := context.Background()

	saved, err := fc.Consumers.Modify(ctx, "example-consumer", func(s *firehose.ConsumerSettings) error {
		s.SampleSettings.SampleRate = 6
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, firehose.ConsumerName("example-consumer"), saved.Consumer)
	assert.Equal(t, 6, saved.SampleSettings.SampleRate, "Modify returns the record saved")

	before := posts(srv)
	read, err := fc.Consumers.Modify(ctx, "example-consumer", func(*firehose.ConsumerSettings) error { return firehose.ErrNoChange })
	require.NoError(t, err)
	assert.Equal(t, 6, read.SampleSettings.SampleRate, "ErrNoChange returns the record read")
	assert.Equal(t, before, posts(srv), "nothing sent")

	// Get names the record's consumer; Update saves it there and returns it.
	c, err := fc.Consumers.Get(ctx, "example-consumer")
	require.NoError(t, err)
	assert.Equal(t, firehose.ConsumerName("example-consumer"), c.Consumer)
	c.DropZeroUID = true
	got, err := fc.Consumers.Update(ctx, c)
	require.NoError(t, err)
	assert.Same(t, c, got)
	assert.Equal(t, true, srv.Firehose().Raw("example-consumer")["DropZeroUID"])

	// A record with Name but no Consumer is saved under its Name.
	c.Consumer, c.Name, c.DropBody = "", "example-consumer", true
	_, err = fc.Consumers.Update(ctx, c)
	require.NoError(t, err)
	reqs := srv.Requests()
	assert.Equal(t, prefix+"/consumers/example-consumer", reqs[len(reqs)-1].Path)
	assert.Equal(t, true, srv.Firehose().Raw("example-consumer")["DropBody"])
}
