package firehose_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
)

const prefix = "/opportunity-firehose/v2.0"

// setup starts a fake platform tied to t and returns the group G client.
func setup(t *testing.T) (*firehose.Client, *adamatest.Server) {
	t.Helper()
	srv := adamatest.NewServer(adamatest.WithT(t))
	c, err := srv.NewClient()
	require.NoError(t, err)
	return firehose.New(c), srv
}

// violations returns the *adama.ValidationError in err.
func violations(t *testing.T, err error) *adama.ValidationError {
	t.Helper()
	var ve *adama.ValidationError
	require.True(t, errors.As(err, &ve), "want a validation error, got %v", err)
	return ve
}

// posts counts the POST requests the server saw under the group's prefix.
func posts(srv *adamatest.Server) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Method == "POST" && len(r.Path) >= len(prefix) && r.Path[:len(prefix)] == prefix {
			n++
		}
	}
	return n
}
