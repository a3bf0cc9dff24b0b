package firehose_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

// These tests pin the exact bytes the client sends. gock intercepts the
// client's own transport; they never run in parallel.

func gockClient(t *testing.T) *firehose.Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc); gock.Off() })
	gock.New("https://auth.example").
		Post("/oauth/token").
		MatchType("json").
		BodyString(`{"audience":"https://api.example/opportunity_firehose/","grant_type":"client_credentials","client_id":"cid","client_secret":"csecret"}`).
		Reply(200).
		JSON(map[string]any{"access_token": "tok-g", "expires_in": 86400, "token_type": "Bearer"})
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithAuthURL("https://auth.example"),
		adama.WithHTTPClient(hc), adama.WithClientCredentials("cid", "csecret", "https://api.example/opportunity_firehose/"))
	require.NoError(t, err)
	return firehose.New(c)
}

// noCookie fails a request that carries a cookie (group G is bearer only).
func noCookie(req *http.Request, _ *gock.Request) (bool, error) {
	return req.Header.Get("Cookie") == "", nil
}

func TestExactRequests(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		body   string // "" for none
		reply  any
		call   func(context.Context, *firehose.Client) error
	}{
		{"consumers", "GET", "/opportunity-firehose/v2.0/consumers", "", map[string]any{"a": nil},
			func(ctx context.Context, fc *firehose.Client) error { _, err := fc.Consumers.Names(ctx); return err }},
		{"consumer", "GET", "/opportunity-firehose/v2.0/consumers/my%20consumer", "", map[string]any{"Name": "my consumer"},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := fc.Consumers.Get(ctx, "my consumer")
				return err
			}},
		{"replace", "POST", "/opportunity-firehose/v2.0/consumers/c1",
			`{"DropZeroUID":false,"DropExchangeUID":true,"DropBody":false,"Filters":{"X-Svc-Geo":["60231"]},"SampleSettings":{"Disabled":false,"SampleRate":5}}`, map[string]any{},
			func(ctx context.Context, fc *firehose.Client) error {
				return errOf(fc.Consumers.Update(ctx, consumerOf("c1", &firehose.ConsumerSettings{DropExchangeUID: true,
					Filters: firehose.Filters{firehose.FilterKeyGeo: {"60231"}}, SampleSettings: &firehose.SampleSettings{SampleRate: 5}})))
			}},
		{"filters", "GET", "/opportunity-firehose/v2.0/consumers/c1/filters", "", map[string]any{},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := filtersOf(fc.Filters.List(ctx, &firehose.FilterListOptions{Consumer: "c1"}))
				return err
			}},
		{"filter get", "GET", "/opportunity-firehose/v2.0/consumers/c1/filters/x-svc-channel-type", "", []string{"DISPLAY"},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := valuesOf(fc.Filters.Get(ctx, "c1", firehose.FilterKeyChannelType))
				return err
			}},
		{"filter set", "POST", "/opportunity-firehose/v2.0/consumers/c1/filters/x-svc-channel-type", `["DISPLAY","EMAIL"]`, nil,
			func(ctx context.Context, fc *firehose.Client) error {
				return errOf(fc.Filters.Update(ctx, &firehose.Filter{Consumer: "c1", Key: firehose.FilterKeyChannelType, Values: []string{"DISPLAY", "EMAIL"}}))
			}},
		{"permissions", "GET", "/opportunity-firehose/v2.0/permissions", "", map[string]any{"GET.Consumers": "ALLOWED"},
			func(ctx context.Context, fc *firehose.Client) error { _, err := fc.Permissions.Get(ctx); return err }},
		{"sample get", "GET", "/opportunity-firehose/v2.0/consumers/c1/samplesettings", "", map[string]any{"SampleRate": 1},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := fc.SampleSettings.Get(ctx, "c1")
				return err
			}},
		{"sample set", "POST", "/opportunity-firehose/v2.0/consumers/c1/samplesettings", `{"Disabled":false,"SampleRate":0}`, nil,
			func(ctx context.Context, fc *firehose.Client) error {
				return errOf(fc.SampleSettings.Update(ctx, sampleOf("c1", &firehose.SampleSettings{SampleRate: 0})))
			}},
		{"web get", "GET", "/opportunity-firehose/v2.0/consumers/c1/websettings", "", map[string]any{},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := fc.WebSettings.Get(ctx, "c1")
				return err
			}},
		{"web set", "POST", "/opportunity-firehose/v2.0/consumers/c1/websettings", `{"Endpoints":{"ewr":"https://in.example/"}}`, nil,
			func(ctx context.Context, fc *firehose.Client) error {
				return errOf(fc.WebSettings.Update(ctx, webOf("c1", &firehose.WebSettings{Endpoints: map[string]string{"ewr": "https://in.example/"}})))
			}},
		{"cloud1 get", "GET", "/opportunity-firehose/v2.0/consumers/c1/cloud1settings", "", map[string]any{},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := fc.Cloud1Settings.Get(ctx, "c1")
				return err
			}},
		{"cloud1 set", "POST", "/opportunity-firehose/v2.0/consumers/c1/cloud1settings",
			`{"Regions":{"ewr":"us-east-1"},"Buckets":{"ewr":"bkt"},"ASE256ServerSideEncryption":true,"PartitionMacro":"%appuuid%_%nano%.jsonl.gz"}`, nil,
			func(ctx context.Context, fc *firehose.Client) error {
				return errOf(fc.Cloud1Settings.Update(ctx, cloud1Of("c1", &firehose.Cloud1Settings{Regions: map[string]string{"ewr": "us-east-1"},
					Buckets: map[string]string{"ewr": "bkt"}, ASE256ServerSideEncryption: true, PartitionMacro: "%appuuid%_%nano%.jsonl.gz"})))
			}},
		{"cloud2 get", "GET", "/opportunity-firehose/v2.0/consumers/c1/cloud2settings", "", map[string]any{},
			func(ctx context.Context, fc *firehose.Client) error {
				_, err := fc.Cloud2Settings.Get(ctx, "c1")
				return err
			}},
		{"cloud2 set", "POST", "/opportunity-firehose/v2.0/consumers/c1/cloud2settings", `{"Buckets":{"iad":"bkt-2"}}`, nil,
			func(ctx context.Context, fc *firehose.Client) error {
				return errOf(fc.Cloud2Settings.Update(ctx, cloud2Of("c1", &firehose.Cloud2Settings{Buckets: map[string]string{"iad": "bkt-2"}})))
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc := gockClient(t)
			m := gock.New("https://api.example")
			plain, err := url.PathUnescape(tt.path)
			require.NoError(t, err)
			if tt.method == "POST" {
				m = m.Post(plain)
			} else {
				m = m.Get(plain)
			}
			m = m.AddMatcher(func(req *http.Request, _ *gock.Request) (bool, error) { return req.URL.EscapedPath() == tt.path, nil })
			m = m.MatchHeader("Authorization", "^Bearer tok-g$").MatchHeader("Accept", "^application/json$").AddMatcher(noCookie)
			if tt.body != "" {
				m = m.MatchType("json").BodyString(tt.body)
			}
			if tt.reply != nil {
				m.Reply(200).JSON(tt.reply)
			} else {
				m.Reply(200)
			}
			require.NoError(t, tt.call(context.Background(), fc))
			assert.True(t, gock.IsDone(), "every expected request was made")
		})
	}
}

// Filters.Set takes the answer in either form: the reference's (200,
// application/json, an object) and a bare 200 with no body and no media
// type (the fake's earlier answer); an error answer still fails.
func TestFilterSetAnswerForms(t *testing.T) {
	ref, err := os.ReadFile(filepath.Join("testdata", "reference", "post_consumer_filters_one.json"))
	require.NoError(t, err)
	tests := []struct {
		name, contentType, body string
		status                  int
		wantErr                 error
	}{
		{"reference: application/json object", "application/json", string(ref), 200, nil},
		{"bare 200", "", "", 200, nil},
		{"application/json, no body", "application/json", "", 200, nil},
		{"refused", "application/json", `{"errors":[{"code":"denied","message":"no"}],"meta":{"status":"error"}}`, 403, adama.ErrForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc := gockClient(t)
			resp := gock.New("https://api.example").Post("/opportunity-firehose/v2.0/consumers/c1/filters/x-svc-geo").
				MatchType("json").BodyString(`["60231"]`).Reply(tt.status)
			if tt.contentType != "" {
				resp.SetHeader("Content-Type", tt.contentType)
			}
			resp.BodyString(tt.body)
			err := errOf(fc.Filters.Update(context.Background(), &firehose.Filter{Consumer: "c1", Key: firehose.FilterKeyGeo, Values: []string{"60231"}}, adama.WithCallRetries(0)))
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
			} else {
				assert.NoError(t, err)
			}
			assert.True(t, gock.IsDone())
		})
	}
}
