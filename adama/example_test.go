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

// A rule the caller's values break comes back before anything is sent,
// every broken rule listed.
func ExampleValidationError() {
	_, err := adama.NewAuthCodeFlow("https://auth.example", "", "", "https://app.example/callback", nil)
	var ve *adama.ValidationError
	if errors.As(err, &ve) {
		fmt.Println(errors.Is(err, adama.ErrValidation), ve.Has("client_id", "required"), ve.Has("redirect_url", ""))
		for _, v := range ve.Violations {
			fmt.Println(v)
		}
	}
	// Output:
	// true true false
	// client_id: required
}

// Budgets are exact decimals: parse, add, compare and round them without
// floating point.
func ExampleDecimal() {
	daily, err := adama.ParseDecimal("12.345")
	if err != nil {
		fmt.Println(err)
		return
	}
	days := adama.DecimalFromInt(30)
	total := daily.Mul(days)
	limit := adama.MustDecimal("370")
	fmt.Println(total, total.Round(1), total.StringFixed(2))
	fmt.Println(total.Cmp(limit) > 0, total.Round(0).Equal(limit), total.Sub(total).IsZero())
	fmt.Println(adama.MustDecimal("0.1").Rat())
	// Output:
	// 370.35 370.4 370.35
	// true true true
	// 1/10
}

// An optional request field says "leave out", "send this value" (false and
// 0 included) or "clear" (null).
func ExampleOptional() {
	unset, zero, cleared := adama.Optional[int64]{}, adama.Some[int64](0), adama.Null[int64]()
	for _, o := range []adama.Optional[int64]{unset, zero, cleared} {
		v, ok := o.Get()
		fmt.Println(o.IsSet(), o.IsNull(), v, ok, o.Or(7))
	}
	// Output:
	// false false 0 false 7
	// true false 0 true 0
	// false true 0 false 7
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
