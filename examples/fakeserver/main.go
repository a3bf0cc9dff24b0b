// Command fakeserver serves the in-process fake platform (adama/adamatest)
// standalone, so tools in any language can be tested against it.
// {base_url}, {auth_url} and {byoa_url} are all the one address.
//
//	go run ./examples/fakeserver -addr 127.0.0.1:8080 -client-id ID -client-secret SECRET
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/adamasdk/adama-go/adama/adamatest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	id := flag.String("client-id", adamatest.DefaultClientID, "OAuth client id the server accepts")
	secret := flag.String("client-secret", adamatest.DefaultClientSecret, "OAuth client secret the server accepts")
	audience := flag.String("audience", adamatest.DefaultAudience, "client-credentials audience the server accepts")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *addr, *id, *secret, *audience); err != nil {
		slog.Error("fakeserver", "error", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, addr, id, secret, audience string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return serve(ctx, l, id, secret, audience)
}

// serve serves the fake on l until ctx ends.
func serve(ctx context.Context, l net.Listener, id, secret, audience string) error {
	srv := adamatest.NewUnstartedServer(adamatest.WithCredentials(id, secret), adamatest.WithAudience(audience))
	go func() {
		<-ctx.Done()
		_ = l.Close()
	}()
	fmt.Printf("fake platform listening on http://%s\n", l.Addr())
	fmt.Printf("  base_url = auth_url = byoa_url = http://%s\n", l.Addr())
	fmt.Printf("  token: POST http://%s/oauth/token (client_credentials as JSON, authorization_code with PKCE, refresh_token)\n", l.Addr())
	fmt.Printf("  session: GET http://%s/api/v2.0/session with the bearer token\n", l.Addr())
	// The server's timeouts keep a client that trickles its headers or its
	// body from holding a connection for good.
	srv.URL = "http://" + l.Addr().String()
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
	err := hs.Serve(l)
	if ctx.Err() != nil && (errors.Is(err, net.ErrClosed) || errors.Is(err, http.ErrServerClosed)) {
		return nil
	}
	return err
}
