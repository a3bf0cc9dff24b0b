package adamatest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
)

func ExampleNewServer() {
	srv := adamatest.NewServer()
	defer srv.Close()
	c, err := srv.NewClient()
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()

	// Fault injection: the next two session calls answer 503, and the
	// client's retries ride them out.
	srv.FailNext("/api/v2.0/session", 2, http.StatusServiceUnavailable, "0")
	resp, err := c.Do(ctx, &adama.Request{Path: "/api/v2.0/session", Auth: adama.AuthBearer})
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode, srv.Count("GET "+"/api/v2.0/session"))

	// Denied paths answer 403.
	srv.Deny("/api/v2.0/session")
	_, err = c.Do(ctx, &adama.Request{Path: "/api/v2.0/session", Auth: adama.AuthBearer})
	fmt.Println(errors.Is(err, adama.ErrForbidden))
	// Output:
	// 200 3
	// true
}
