package adama_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
)

// These tests pin the exact bytes the client sends. gock intercepts the
// client's own transport; they never run in parallel.

func TestExactRequestShapes(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)

	gock.New("https://auth.example").
		Post("/oauth/token").
		MatchType("json"). // exact Content-Type: application/json

		BodyString(`{"audience":"aud-1","grant_type":"client_credentials","client_id":"cid","client_secret":"csecret"}`).
		Reply(200).
		JSON(map[string]any{"access_token": "tok-1", "expires_in": 86400, "token_type": "Bearer"})
	gock.New("https://api.example").
		Get("/api/v2.0/session").
		MatchHeader("Authorization", "^Bearer tok-1$").
		Reply(200).
		SetHeader("Set-Cookie", "adama_session=ck-1; Path=/; HttpOnly").
		JSON(map[string]any{"meta": map[string]any{"status": "ok"}, "data": map[string]any{}})
	gock.New("https://api.example").
		Post("/api/v2.0/agencies").
		MatchHeader("Authorization", "^Bearer tok-1$").
		MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchType("url").
		MatchHeader("Accept", "^application/json$").
		MatchHeader("User-Agent", "^adama-go/").
		BodyString(`name=Acme&organization_id=1&status=0`).
		Reply(200).
		JSON(map[string]any{"meta": map[string]any{"status": "ok"}, "data": map[string]any{"id": 7}})

	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithAuthURL("https://auth.example"),
		adama.WithHTTPClient(hc), adama.WithClientCredentials("cid", "csecret", "aud-1"))
	require.NoError(t, err)
	resp, err := c.Do(context.Background(), &adama.Request{
		Method: http.MethodPost, Path: "/api/v2.0/agencies",
		Body: []byte("name=Acme&organization_id=1&status=0"), ContentType: "application/x-www-form-urlencoded",
	})
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Contains(t, string(body), `"id":7`)
	assert.True(t, gock.IsDone(), "every expected request was made")
}

func TestQueryEncoding(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	gock.New("https://api.example").
		Get("/api/v2.0/advertisers").
		MatchParam("q", `^name=:\*a&b\*$`).
		MatchParam("with", "^agency,organization$").
		Reply(200).JSON(map[string]any{"meta": map[string]any{"status": "ok"}})
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc), adama.WithToken("t"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/advertisers", Auth: adama.AuthBearer,
		Query: map[string][]string{"q": {"name=:*a&b*"}, "with": {"agency,organization"}}})
	require.NoError(t, err)
	resp.Body.Close()
	assert.True(t, gock.IsDone())
}
