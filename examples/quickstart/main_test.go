package main

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

func TestQuickstartAgainstInProcessFake(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(string) string { return "" }))
	assert.Contains(t, out.String(), "in-process fake")
	assert.Contains(t, out.String(), "session:  established")
	assert.Contains(t, out.String(), "rules broken before sending")
	assert.Contains(t, out.String(), `"Summer sale" "Spring sale" "Autumn sale"`)
	assert.Contains(t, out.String(), "stale update refused: version conflict")
	assert.Contains(t, out.String(), `external_id "crm-1" kept, version 2`)
	assert.Contains(t, out.String(), "21 rows streamed")
	assert.Contains(t, out.String(), "done.")
}

func TestQuickstartAgainstConfiguredDeployment(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	env := map[string]string{
		"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL,
		"ADAMA_ACCESS_TOKEN": srv.IssueToken(),
	}
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(k string) string { return env[k] }))
	assert.Contains(t, out.String(), "platform: "+srv.URL)
	assert.Contains(t, out.String(), "done.")
}

func TestQuickstartWithAuthorizationCode(t *testing.T) {
	srv := adamatest.NewServer()
	defer srv.Close()
	flow, err := adama.NewAuthCodeFlow(srv.URL, srv.ClientID(), srv.ClientSecret(), adamatest.DefaultRedirectURL, srv.Client())
	require.NoError(t, err)
	authURL, verifier := flow.AuthURL("st")
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(authURL)
	require.NoError(t, err)
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)

	env := map[string]string{
		"ADAMA_BASE_URL": srv.URL, "ADAMA_AUTH_URL": srv.URL,
		"ADAMA_CLIENT_ID": srv.ClientID(), "ADAMA_CLIENT_SECRET": srv.ClientSecret(),
		"ADAMA_AUTH_CODE": loc.Query().Get("code"), "ADAMA_CODE_VERIFIER": verifier, "ADAMA_REDIRECT_URL": adamatest.DefaultRedirectURL,
	}
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, func(k string) string { return env[k] }))
	assert.Contains(t, out.String(), "token:    obtained")
	assert.Contains(t, out.String(), "done.")
}
