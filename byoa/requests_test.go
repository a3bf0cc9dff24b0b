package byoa_test

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
	"github.com/adamasdk/adama-go/byoa"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/requests.golden")

// wire records every request a client sends and answers it from answer.
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
	w.mu.Lock()
	w.got = append(w.got, fmt.Sprintf("%s %s%s\nContent-Type: %s\n%s\n", req.Method, req.URL.Host, req.URL.RequestURI(), req.Header.Get("Content-Type"), body))
	w.mu.Unlock()
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(w.answer(req))), Request: req}, nil
}

// byoaAnswer answers every call of the group with a small record.
func byoaAnswer(req *http.Request) string {
	one := func(data string) string { return `{"meta":{"status":"success"},"data":` + data + `}` }
	p := req.URL.Path
	switch {
	case strings.HasPrefix(p, "/campaign_settings/"):
		return one(`[{"campaign_id":5,"executor_id":2,"low":0,"high":49,"model_id":"m","namespace":"n","uuid_type":"UUID","x":1}]`)
	case strings.HasSuffix(p, "/configuration"):
		return one(`{"emails":"a@example.com","executors":{"bidder":{"executor_id":4,"endpoints":[]}}}`)
	case strings.HasPrefix(p, "/custombidrouter/"):
		return one(`{"bidder":{"executor_id":4,"endpoints":[{"endpoint_id":"e1","sample_rate":10}]}}`)
	case strings.HasPrefix(p, "/data/decode/"):
		return one(`{"model_id":"m","Data":[{"GoalType":"cpa","Beta":[],"Boundaries":null,"Features":[{"__const":1}],"Predictions":null}]}`)
	case req.Method == http.MethodPut || req.Method == http.MethodDelete:
		return one(`{"data_size":4}`)
	default:
		return one(`{"model_id":"m","Namespace":"100667","brain_type_id":1003,"Data":"DAAA"}`)
	}
}

// TestRequestBytes pins the exact request of every method of the group
// (method, host, path and query, content type, body) against
// testdata/requests.golden, so that moving a method onto the generator
// cannot change what reaches the platform.
func TestRequestBytes(t *testing.T) {
	w := &wire{answer: byoaAnswer}
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithBYOAURL("https://byoa.example"),
		adama.WithHTTPClient(&http.Client{Transport: w}),
		adama.WithToken("tok"), adama.WithSessionCookie("sess"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	bc := byoa.New(c)
	ctx := context.Background()
	key := byoa.ModelKey{Namespace: "100 667", ModelID: "agg/2"}
	settings := func(campaignID, strategyID int64) *byoa.Settings {
		return &byoa.Settings{CampaignID: campaignID, StrategyID: strategyID, UUIDType: byoa.UUIDTypeUUID,
			Settings: []byoa.Setting{{Low: 0, High: 49, ModelID: "m", Namespace: "n"}, {ExecutorID: 2, Low: 50, High: 99, ModelID: "m2", Namespace: "n"}}}
	}
	steps := []func() error{
		func() error { _, err := bc.CampaignSettings.Get(ctx, 5); return err },
		func() error { _, err := bc.CampaignSettings.Update(ctx, settings(5, 0)); return err },
		func() error {
			_, err := bc.CampaignSettings.Modify(ctx, 5, func(s *byoa.Settings) error { s.Settings[0].High = 59; return nil })
			return err
		},
		func() error { return bc.CampaignSettings.Delete(ctx, 5) },
		func() error { _, err := bc.StrategySettings.Get(ctx, 5, 6); return err },
		func() error { _, err := bc.StrategySettings.Update(ctx, settings(5, 6)); return err },
		func() error { return bc.StrategySettings.Delete(ctx, 5, 6) },
		func() error { _, err := bc.BidRouter.Configuration(ctx, 100667); return err },
		func() error { _, err := bc.BidRouter.Executor(ctx, 100667, 4); return err },
		func() error { _, err := bc.BidRouter.SetSampleRate(ctx, 100667, 4, 0); return err },
		func() error { _, err := bc.BidRouter.SetSampleRate(ctx, 100667, 4, 35); return err },
		func() error {
			_, err := bc.Models.List(ctx, &byoa.ListOptions{Namespace: "100 667", ModelID: "agg/2"})
			return err
		},
		func() error { _, err := bc.Models.List(ctx, &byoa.ListOptions{Namespace: "100667"}); return err },
		func() error { _, err := bc.Models.Get(ctx, key); return err },
		func() error { _, err := bc.Models.Decode(ctx, key); return err },
		func() error {
			_, err := bc.Models.Upload(ctx, key, &byoa.Upload{Data: "DAAA\"x", BrainTypeID: 1003})
			return err
		},
		func() error {
			_, err := bc.Models.UploadStream(ctx, key, &byoa.StreamUpload{BrainTypeID: 1004,
				Open: func() (io.Reader, error) { return strings.NewReader("DA\"AA\n"), nil }})
			return err
		},
		func() error {
			_, err := bc.Models.UploadStream(ctx, key, &byoa.StreamUpload{BrainTypeID: 1004, Size: 4,
				Open: func() (io.Reader, error) { return strings.NewReader("DAAA"), nil }})
			return err
		},
		func() error { return bc.Models.Delete(ctx, key) },
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
