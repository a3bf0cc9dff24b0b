package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/entity"
)

// rawClient talks to the standalone fake the way a client in another
// language does: plain HTTP, a JSON token request, the session cookie
// taken from the session answer, hand-built requests.
type rawClient struct {
	t      *testing.T
	base   string
	token  string
	cookie string
	cfg    *adama.Client // an SDK client on the same server
}

const (
	rawID     = "raw-id"
	rawSecret = "raw-secret"
	rawAud    = "raw-aud"
)

// startRaw serves the fake on a fresh port for the test's lifetime and
// signs in as a third-party client would.
func startRaw(t *testing.T) *rawClient {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, l, rawID, rawSecret, rawAud) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	rc := &rawClient{t: t, base: "http://" + l.Addr().String()}

	body, _ := json.Marshal(map[string]string{"grant_type": "client_credentials", "client_id": rawID, "client_secret": rawSecret, "audience": rawAud})
	resp, err := http.Post(rc.base+"/oauth/token", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&tok))
	_ = resp.Body.Close()
	require.NotEmpty(t, tok.AccessToken)
	rc.token = tok.AccessToken

	req, _ := http.NewRequest(http.MethodGet, rc.base+"/api/v2.0/session", nil)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+rc.token)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	for _, c := range resp.Cookies() {
		if c.Name == adama.SessionCookieName {
			rc.cookie = c.Value
		}
	}
	require.NotEmpty(t, rc.cookie)

	rc.cfg, err = adama.NewClient(adama.WithBaseURL(rc.base), adama.WithAuthURL(rc.base), adama.WithBYOAURL(rc.base),
		adama.WithClientCredentials(rawID, rawSecret, rawAud))
	require.NoError(t, err)
	t.Cleanup(func() { _ = rc.cfg.Close() })
	return rc
}

// do sends one request with the bearer and the session cookie; accept ""
// sends no Accept header (the platform then answers in XML). A form body
// is sent form-encoded.
func (rc *rawClient) do(method, path, accept string, form url.Values) (*http.Response, []byte) {
	rc.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, rc.base+path, body)
	require.NoError(rc.t, err)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	req.Header.Set("Authorization", "Bearer "+rc.token)
	req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: rc.cookie})
	resp, err := http.DefaultClient.Do(req)
	require.NoError(rc.t, err)
	b, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	require.NoError(rc.t, err)
	return resp, b
}

// xmlEntities is a collection answer as a third-party XML client reads it.
type xmlEntities struct {
	XMLName  xml.Name `xml:"result"`
	Entities struct {
		Count      *int      `xml:"count,attr"`
		Start      *int      `xml:"start,attr"`
		TotalCount *string   `xml:"total_count,attr"`
		Entity     []xmlProp `xml:"entity"`
	} `xml:"entities"`
	Status struct {
		Code string `xml:"code,attr"`
	} `xml:"status"`
}

type xmlProp struct {
	ID string `xml:"id,attr"`
}

// Item 7: an XML collection's count is the number of matches in the whole
// list and there is no total_count attribute.
func TestRawXMLCountIsTheTotal(t *testing.T) {
	rc := startRaw(t)
	resp, body := rc.do(http.MethodGet, "/api/v2.0/organizations", "application/json", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var js struct {
		Meta struct {
			TotalCount json.Number `json:"total_count"`
		} `json:"meta"`
	}
	require.NoError(t, json.Unmarshal(body, &js))
	total, err := js.Meta.TotalCount.Int64()
	require.NoError(t, err)
	require.Greater(t, total, int64(1), "the seed holds more than one organization")

	for _, path := range []string{"/api/v2.0/organizations?page_limit=1", "/api/v2.0/organizations?page_limit=1&page_offset=1&sort_by=-id"} {
		resp, body = rc.do(http.MethodGet, path, "", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var x xmlEntities
		require.NoError(t, xml.Unmarshal(body, &x), string(body))
		assert.Equal(t, "ok", x.Status.Code)
		require.NotNil(t, x.Entities.Count, string(body))
		assert.Equal(t, int(total), *x.Entities.Count, "count is the whole list's")
		assert.Nil(t, x.Entities.TotalCount, "no total_count attribute: %s", body)
		assert.Len(t, x.Entities.Entity, 1, "one entity on the page")
		assert.NotContains(t, string(body), "total_count")
	}

	// The SDK reads the same total from the XML form.
	page, err := entity.New(rc.cfg, entity.WithXML()).Organizations.List(context.Background(), &entity.ListOptions{PageLimit: 1})
	require.NoError(t, err)
	assert.Len(t, page.Items, 1)
	assert.Equal(t, int(total), page.TotalCount)
}
