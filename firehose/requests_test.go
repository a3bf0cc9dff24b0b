package firehose_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/requests.golden")

// wire records every request a client sends to the group (not the token
// requests of the grant) and answers it from answer.
type wire struct {
	mu     sync.Mutex
	got    []string
	answer func(*http.Request) string
}

func (w *wire) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		body = b
	}
	if req.URL.Host == "auth.example" {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Request: req,
			Body: io.NopCloser(strings.NewReader(`{"access_token":"tok-g","expires_in":86400,"token_type":"Bearer"}`))}, nil
	}
	w.mu.Lock()
	w.got = append(w.got, fmt.Sprintf("%s %s\nContent-Type: %s\nCookie: %s\n%s\n", req.Method, req.URL.RequestURI(), req.Header.Get("Content-Type"), req.Header.Get("Cookie"), body))
	w.mu.Unlock()
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(w.answer(req))), Request: req}, nil
}

// firehoseAnswer answers every call of the group with a small record; a
// POST is acknowledged with an empty object.
func firehoseAnswer(req *http.Request) string {
	p := strings.TrimPrefix(req.URL.Path, "/opportunity-firehose/v2.0")
	switch {
	case req.Method == http.MethodPost:
		return `{}`
	case p == "/consumers":
		return `{"b":null,"a":null}`
	case p == "/permissions":
		return `{"GET.ConsumerSettings":"ALLOWED","EDIT.Filters.X-Svc-Geo":["60231"]}`
	case strings.HasSuffix(p, "/filters"):
		return `{"X-Svc-Geo":["60231"],"X-Svc-Deal-Id":["d1"]}`
	case strings.Contains(p, "/filters/"):
		return `["DISPLAY"]`
	case strings.HasSuffix(p, "/samplesettings"):
		return `{"Disabled":false,"SampleRate":7,"Future":1}`
	case strings.HasSuffix(p, "/websettings"):
		return `{"Endpoints":{"ewr":"https://in.example/"}}`
	case strings.HasSuffix(p, "/cloud1settings"):
		return `{"Regions":{"ewr":"us-east-1"},"Buckets":{"ewr":"bkt"},"RoleARN":"arn:r","ExternalID":"ext","PartitionMacro":"%appuuid%_%nano%.jsonl.gz"}`
	case strings.HasSuffix(p, "/cloud2settings"):
		return `{"Buckets":{"iad":"bkt-2"},"PartitionMacro":"%appuuid%_%nano%.jsonl.gz"}`
	default:
		return `{"Name":"c1","DropExchangeUID":true,"Filters":{"X-Svc-Geo":["60231"]},"SampleSettings":{"SampleRate":5},` +
			`"Cloud1Settings":{"RoleARN":"arn:r","ExternalID":"ext","PartitionMacro":"%appuuid%_%nano%.jsonl.gz"},"Extra":"kept"}`
	}
}

// TestRequestBytes pins the exact request of every method of the group
// (method, path and query, content type, cookie, body) against
// testdata/requests.golden, so that moving a method onto the generator
// cannot change what reaches the platform.
func TestRequestBytes(t *testing.T) {
	w := &wire{answer: firehoseAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithAuthURL("https://auth.example"),
		adama.WithHTTPClient(&http.Client{Transport: w}), adama.WithMaxRetries(0),
		adama.WithClientCredentials("cid", "csecret", "https://api.example/opportunity_firehose/"))
	require.NoError(t, err)
	fc := firehose.New(c)
	ctx := context.Background()
	const odd = firehose.ConsumerName("my consumer/1")
	steps := []func() error{
		func() error { _, err := fc.Consumers.Names(ctx); return err },
		func() error { _, err := fc.Consumers.Get(ctx, odd); return err },
		func() error {
			_, err := fc.Consumers.Update(ctx, &firehose.ConsumerSettings{Consumer: odd, DropExchangeUID: true,
				Filters: firehose.Filters{firehose.FilterKeyGeo: {"60231"}}, SampleSettings: &firehose.SampleSettings{SampleRate: 5}})
			return err
		},
		func() error {
			_, err := fc.Consumers.Update(ctx, &firehose.ConsumerSettings{Name: "c1",
				Filters:        firehose.Filters{firehose.FilterKeyGeo: {"60231"}},
				Cloud1Settings: &firehose.Cloud1Settings{RoleARN: "arn:r", ExternalID: "ext", PartitionMacro: "%appuuid%_%nano%.jsonl.gz"}})
			return err
		},
		func() error {
			_, err := fc.Consumers.Modify(ctx, "c1", func(s *firehose.ConsumerSettings) error { s.DropBody = true; return nil })
			return err
		},
		func() error {
			_, err := fc.Consumers.Modify(ctx, "c1", func(*firehose.ConsumerSettings) error { return firehose.ErrNoChange })
			return err
		},
		func() error { _, err := fc.Filters.List(ctx, &firehose.FilterListOptions{Consumer: odd}); return err },
		func() error { _, err := fc.Filters.Get(ctx, odd, "X-SVC-CHANNEL-TYPE"); return err },
		func() error {
			_, err := fc.Filters.Update(ctx, &firehose.Filter{Consumer: odd, Key: firehose.FilterKeyChannelType, Values: []string{"DISPLAY", "EMAIL"}})
			return err
		},
		func() error {
			_, err := fc.Filters.Update(ctx, &firehose.Filter{Consumer: "c1", Key: firehose.FilterKeyDealID})
			return err
		},
		func() error { _, err := fc.Permissions.Get(ctx); return err },
		func() error { _, err := fc.SampleSettings.Get(ctx, odd); return err },
		func() error {
			_, err := fc.SampleSettings.Update(ctx, &firehose.SampleSettings{Consumer: odd, SampleRate: 0})
			return err
		},
		func() error { _, err := fc.WebSettings.Get(ctx, odd); return err },
		func() error {
			_, err := fc.WebSettings.Update(ctx, &firehose.WebSettings{Consumer: odd, Endpoints: map[string]string{"ewr": "https://in.example/"}})
			return err
		},
		func() error { _, err := fc.Cloud1Settings.Get(ctx, odd); return err },
		func() error {
			_, err := fc.Cloud1Settings.Update(ctx, &firehose.Cloud1Settings{Consumer: odd, Regions: map[string]string{"ewr": "us-east-1"},
				Buckets: map[string]string{"ewr": "bkt"}, ASE256ServerSideEncryption: true, PartitionMacro: "%appuuid%_%nano%.jsonl.gz"})
			return err
		},
		func() error {
			_, err := fc.Cloud1Settings.Update(ctx, &firehose.Cloud1Settings{Consumer: "c1", RoleARN: "arn:r", ExternalID: "ext",
				PartitionMacro: "%appuuid%_%nano%.jsonl.gz"})
			return err
		},
		func() error { _, err := fc.Cloud2Settings.Get(ctx, odd); return err },
		func() error {
			_, err := fc.Cloud2Settings.Update(ctx, &firehose.Cloud2Settings{Consumer: odd, Buckets: map[string]string{"iad": "bkt-2"}})
			return err
		},
	}
	for i, step := range steps {
		require.NoError(t, step(), "step %d", i)
	}
	got := strings.Join(w.got, "\n")
	const file = "testdata/requests.golden"
	if *updateGolden {
		require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}
