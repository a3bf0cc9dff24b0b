package byoa

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"
)

// These tests pin the exact bytes group H sends to {byoa_url}. gock
// intercepts the client's own transport; they never run in parallel.

const okEnvelope = `{"data":[],"meta":{"status":"success"}}`

// gockClient returns a group H client whose {base_url} and {byoa_url} are
// different hosts, with a session bootstrapped on {base_url}.
func gockClient(t *testing.T) *Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc) })
	gock.New("https://api.example").Get("/api/v2.0/session").
		MatchHeader("Authorization", "^Bearer tok-1$").
		Reply(200).SetHeader("Set-Cookie", "adama_session=ck-1; Path=/; HttpOnly").
		JSON(map[string]any{"meta": map[string]any{"status": "ok"}, "data": map[string]any{}})
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithBYOAURL("https://byoa.example"),
		adama.WithHTTPClient(hc), adama.WithToken("tok-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	return New(c)
}

func byoaMock(method, path string) *gock.Request {
	r := gock.New("https://byoa.example").
		MatchHeader("Authorization", "^Bearer tok-1$").
		MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchHeader("Accept", "^application/json$")
	path += "$"
	switch method {
	case "PUT":
		return r.Put(path)
	case "PATCH":
		return r.Patch(path)
	case "DELETE":
		return r.Delete(path)
	}
	return r.Get(path)
}

func TestExactRequests(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		query  map[string]string
		reply  string
		call   func(*Client) error
	}{
		{"campaign put", "PUT", "/campaign_settings/999999",
			`{"settings":[{"executor_id":2,"low":0,"high":99,"model_id":"<ModelName>","namespace":"<OrganizationID>"}],"uuid_type":"UUID"}`, nil, okEnvelope,
			func(c *Client) error {
				_, err := c.CampaignSettings.Update(context.Background(), owned(999999, 0, &Settings{UUIDType: UUIDTypeUUID,
					Settings: []Setting{{Low: 0, High: 99, ModelID: "<ModelName>", Namespace: "<OrganizationID>"}}}))
				return err
			}},
		{"strategy put", "PUT", "/campaign_settings/999999/strategies/888888",
			`{"settings":[{"executor_id":2,"low":10,"high":19,"model_id":"m","namespace":"n"}]}`, nil, okEnvelope,
			func(c *Client) error {
				_, err := c.StrategySettings.Update(context.Background(), owned(999999, 888888, &Settings{
					Settings: []Setting{{ExecutorID: 2, Low: 10, High: 19, ModelID: "m", Namespace: "n"}}}))
				return err
			}},
		{"campaign get", "GET", "/campaign_settings/5", "", nil, okEnvelope,
			func(c *Client) error { _, err := c.CampaignSettings.Get(context.Background(), 5); return err }},
		{"campaign delete", "DELETE", "/campaign_settings/5", "", nil, okEnvelope,
			func(c *Client) error { err := c.CampaignSettings.Delete(context.Background(), 5); return err }},
		{"strategy get", "GET", "/campaign_settings/5/strategies/6", "", nil, okEnvelope,
			func(c *Client) error { _, err := c.StrategySettings.Get(context.Background(), 5, 6); return err }},
		{"strategy delete", "DELETE", "/campaign_settings/5/strategies/6", "", nil, okEnvelope,
			func(c *Client) error { err := c.StrategySettings.Delete(context.Background(), 5, 6); return err }},
		{"configuration", "GET", "/custombidrouter/100667/configuration", "", nil, `{"data":{},"meta":{"status":"success"}}`,
			func(c *Client) error { _, err := c.BidRouter.Configuration(context.Background(), 100667); return err }},
		{"executor", "GET", "/custombidrouter/100667/executors/4", "", nil, `{"data":{},"meta":{"status":"success"}}`,
			func(c *Client) error { _, err := c.BidRouter.Executor(context.Background(), 100667, 4); return err }},
		{"sample rate", "PATCH", "/custombidrouter/100667/executors/4", `{"sample_rate":0}`, nil, `{"data":{},"meta":{"status":"success"}}`,
			func(c *Client) error {
				_, err := c.BidRouter.SetSampleRate(context.Background(), 100667, 4, 0)
				return err
			}},
		{"model put", "PUT", "/data/100667/models/aggregate_2", `{"data":"DAAA","brain_type_id":1003}`, nil, `{"data":{"data_size":4},"meta":{"status":"success"}}`,
			func(c *Client) error {
				_, err := c.Models.Upload(context.Background(), ModelKey{Namespace: "100667", ModelID: "aggregate_2"}, &Upload{Data: "DAAA", BrainTypeID: 1003})
				return err
			}},
		{"model stream", "PUT", "/data/100667/models/aggregate_2", `{"brain_type_id":1004,"data":"DAAA"}`, nil, `{"data":{"data_size":4},"meta":{"status":"success"}}`,
			func(c *Client) error {
				_, err := c.Models.UploadStream(context.Background(), ModelKey{Namespace: "100667", ModelID: "aggregate_2"}, &StreamUpload{BrainTypeID: 1004, Size: 4,
					Open: func() (io.Reader, error) { return strings.NewReader("DAAA"), nil }})
				return err
			}},
		{"model get", "GET", "/data/100667/models/aggregate_2", "", nil, `{"data":{"model_id":"aggregate_2"},"meta":{"status":"success"}}`,
			func(c *Client) error {
				_, err := c.Models.Get(context.Background(), ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
				return err
			}},
		{"model decode", "GET", "/data/decode/100667/models/aggregate_2", "", nil, `{"data":{"Data":[]},"meta":{"status":"success"}}`,
			func(c *Client) error {
				_, err := c.Models.Decode(context.Background(), ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
				return err
			}},
		{"model delete", "DELETE", "/data/100667/models/aggregate_2", "", nil, `{"data":{"data_size":4},"meta":{"status":"success"}}`,
			func(c *Client) error {
				err := c.Models.Delete(context.Background(), ModelKey{Namespace: "100667", ModelID: "aggregate_2"})
				return err
			}},
		{"namespace", "GET", "/data/100667", "", map[string]string{"model_id": "^aggregate_2$"}, `{"data":{"model_id":"aggregate_2"},"meta":{"status":"success"}}`,
			func(c *Client) error {
				_, err := c.Models.List(context.Background(), &ListOptions{Namespace: "100667", ModelID: "aggregate_2"})
				return err
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer gock.Off()
			c := gockClient(t)
			m := byoaMock(tt.method, tt.path)
			for k, v := range tt.query {
				m = m.MatchParam(k, v)
			}
			if tt.body != "" {
				m = m.MatchType("json").BodyString(tt.body)
			}
			m.Reply(200).SetHeader("Content-Type", "application/json").BodyString(tt.reply)
			require.NoError(t, tt.call(c))
			assert.True(t, gock.IsDone(), "every expected request was made")
		})
	}
}

func TestNotFoundCodesKeepTheirStatus(t *testing.T) {
	defer gock.Off()
	c := gockClient(t)
	byoaMock("GET", "/data/mm/models/fake_model").Reply(400).SetHeader("Content-Type", "application/json").
		BodyString(`{"errors":[{"code":"Not_Found_ModelData","message":"ModelData with namespace(mm), model_id(fake_model) not found."}],"meta":{"status":"error"}}`)
	_, err := c.Models.Get(context.Background(), ModelKey{Namespace: "mm", ModelID: "fake_model"})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	assert.Equal(t, "Not_Found_ModelData", ae.Code)
	assert.Equal(t, "/data/mm/models/fake_model", ae.Path)
	assert.ErrorIs(t, err, adama.ErrNotFound, "a not-found code is not found whatever the status")
	assert.NotErrorIs(t, err, adama.ErrBadRequest)
}

// owned sets whose settings rec holds and returns it.
func owned(campaignID, strategyID int64, rec *Settings) *Settings {
	rec.CampaignID, rec.StrategyID = campaignID, strategyID
	return rec
}
