// Command quickstart runs the main job of the SDK end to end.
//
// With no configuration it starts the fake platform (adama/adamatest) in
// process and runs against it, so it needs no credentials:
//
//	go run ./examples/quickstart
//
// Against a real deployment, set ADAMA_BASE_URL and ADAMA_AUTH_URL, and
// either ADAMA_ACCESS_TOKEN, or ADAMA_CLIENT_ID and ADAMA_CLIENT_SECRET
// together with ADAMA_AUTH_CODE, ADAMA_CODE_VERIFIER and ADAMA_REDIRECT_URL
// from an authorization-code redirect (or, for client-credentials
// deployments, ADAMA_AUDIENCE instead of the code).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

// run does the quickstart, writing what it does to w.
func run(ctx context.Context, w io.Writer, getenv func(string) string) error {
	c, cleanup, err := connect(ctx, w, getenv)
	if err != nil {
		return err
	}
	defer cleanup()

	tok, err := c.Token(ctx)
	if err != nil {
		return fmt.Errorf("token: %w", err)
	}
	fmt.Fprintf(w, "token:    obtained (%s, expires %s)\n", tok.Type(), tok.Expiry.Format(time.RFC3339))

	resp, err := c.Do(ctx, &adama.Request{Path: "/api/v2.0/session", Auth: adama.AuthBearer})
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	resp.Body.Close()
	fmt.Fprintln(w, "session:  established (adama_session cookie kept for later calls)")

	orgID, err := entityStep(ctx, w, c)
	if err != nil {
		return err
	}
	if err := reportStep(ctx, w, c, orgID); err != nil {
		return err
	}
	fmt.Fprintln(w, "done.")
	return nil
}

// connect returns a client for the deployment the environment names, or
// for a fake platform started in process.
func connect(ctx context.Context, w io.Writer, getenv func(string) string) (*adama.Client, func(), error) {
	base := getenv(adama.EnvBaseURL)
	if base == "" {
		srv := adamatest.NewServer()
		fmt.Fprintf(w, "platform: in-process fake at %s (set %s to use a real deployment)\n", srv.URL, adama.EnvBaseURL)
		c, err := srv.NewClient()
		if err != nil {
			srv.Close()
			return nil, nil, err
		}
		return c, srv.Close, nil
	}
	fmt.Fprintf(w, "platform: %s\n", base)
	opts := []adama.Option{adama.WithEnvFrom(getenv)}
	if code := getenv("ADAMA_AUTH_CODE"); code != "" {
		authURL := getenv(adama.EnvAuthURL)
		if authURL == "" {
			authURL = base
		}
		flow, err := adama.NewAuthCodeFlow(authURL, getenv(adama.EnvClientID), getenv(adama.EnvClientSecret), getenv("ADAMA_REDIRECT_URL"), nil)
		if err != nil {
			return nil, nil, err
		}
		tok, err := flow.Exchange(ctx, code, getenv("ADAMA_CODE_VERIFIER"))
		if err != nil {
			return nil, nil, fmt.Errorf("exchanging the authorization code: %w", err)
		}
		opts = []adama.Option{adama.WithBaseURL(base), adama.WithAuthURL(authURL), adama.WithTokenSource(flow.TokenSource(ctx, tok))}
	}
	c, err := adama.NewClient(opts...)
	return c, func() {}, err
}
