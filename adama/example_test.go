package adama_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/internal/valid"
)

func ExampleNewClient() {
	srv := adamatest.NewServer() // a real deployment: adama.WithBaseURL, adama.WithAuthURL, credentials
	defer srv.Close()

	c, err := adama.NewClient(
		adama.WithBaseURL(srv.URL),
		adama.WithAuthURL(srv.URL),
		adama.WithHTTPClient(srv.Client()),
		adama.WithClientCredentials(srv.ClientID(), srv.ClientSecret(), adamatest.DefaultAudience),
		adama.WithMaxRetries(2),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/session", Auth: adama.AuthBearer})
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode)
	// Output: 200
}

func ExampleError() {
	srv := adamatest.NewServer()
	defer srv.Close()
	c, _ := srv.NewClient()

	srv.FailNext("/api/v2.0/session", 1, http.StatusNotFound, "")
	_, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/session", Auth: adama.AuthBearer})
	var ae *adama.Error
	if errors.As(err, &ae) {
		fmt.Println(ae.StatusCode, ae.Code, errors.Is(err, adama.ErrNotFound))
	}
	// Output: 404 not_found true
}

func ExampleAuthCodeFlow() {
	srv := adamatest.NewServer()
	defer srv.Close()
	flow, err := adama.NewAuthCodeFlow(srv.URL, srv.ClientID(), srv.ClientSecret(), adamatest.DefaultRedirectURL, srv.Client())
	if err != nil {
		fmt.Println(err)
		return
	}
	authURL, verifier := flow.AuthURL("state-1")

	// The user opens authURL and approves; the platform redirects to the
	// redirect URL with a code. Here the fake approves at once.
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(authURL)
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))

	ctx := context.Background()
	tok, err := flow.Exchange(ctx, loc.Query().Get("code"), verifier)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithHTTPClient(srv.Client()),
		adama.WithTokenSource(flow.TokenSource(ctx, tok)))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp, err = c.Do(ctx, &adama.Request{Path: "/api/v2.0/session", Auth: adama.AuthBearer})
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println(tok.RefreshToken != "", resp.StatusCode)
	// Output: true 200
}

func ExampleValidator() {
	var v valid.Validator
	name := "a name that is far too long for the platform's sixty-four character limit"
	v.MaxLen("name", name, 64)
	v.Range("bid_aggressiveness", 120, 0, 100)
	err := v.Err()
	fmt.Println(errors.Is(err, adama.ErrValidation))
	fmt.Println(err)
	// Output:
	// true
	// adama: invalid request: name: max length 64, has 73 (got a name that is far too long for the platform's sixty-four character limit); bid_aggressiveness: must be between 0 and 100 (got 120)
}

func ExampleMoney() {
	m := adama.MustMoney("USD", "0.10")
	total := m[0].Value.Add(adama.MustDecimal("0.20"))
	fmt.Println(m, total)
	// Output: 0.1 USD 0.3
}

// Client.Do calls an endpoint that no group package wraps yet: build the
// Request (host, path, credentials), read the 2xx answer yourself.
func ExampleClient_Do() {
	srv := adamatest.NewServer() // holds agency 1, "Acme Direct"
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()

	resp, err := c.Do(context.Background(), &adama.Request{
		Method: http.MethodGet,
		Host:   adama.HostBase,
		Path:   "/api/v2.0/agencies/1",
		Auth:   adama.AuthSession,
	})
	if err != nil {
		fmt.Println(err) // an *adama.Error for a server error, as from any group call
		return
	}
	defer resp.Body.Close()
	var answer struct {
		Data struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.StatusCode, answer.Data.ID, answer.Data.Name)
	// Output: 200 1 Acme Direct
}
