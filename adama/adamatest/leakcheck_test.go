package adamatest

import (
	"context"
	"fmt"
	paths "github.com/adamasdk/adama-go/internal/route"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// recordingTB records Errorf and Cleanup instead of acting on them.
type recordingTB struct {
	testing.TB
	errs     []string
	cleanups []func()
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recordingTB) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Helper()          {}

func (r *recordingTB) finish() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
}

func TestWithTChecksClientLogsForCredentials(t *testing.T) {
	ctx := context.Background()
	t.Run("clean client passes", func(t *testing.T) {
		rec := &recordingTB{TB: t}
		srv := NewServer(WithT(rec))
		c, err := srv.NewClient()
		require.NoError(t, err)
		resp, err := c.Do(ctx, &adama.Request{Path: paths.Session})
		require.NoError(t, err)
		resp.Body.Close()
		assert.Contains(t, srv.ClientLogs(), "adama request", "clients log at debug level into the server")
		rec.finish()
		assert.Empty(t, rec.errs)
	})
	t.Run("a logged token fails the test", func(t *testing.T) {
		rec := &recordingTB{TB: t}
		srv := NewServer(WithT(rec))
		c, err := srv.NewClient()
		require.NoError(t, err)
		tok, err := c.Token(ctx)
		require.NoError(t, err)
		srv.debugLogger().Info("careless", "token", tok.AccessToken)
		assert.Equal(t, []string{"token or cookie"}, srv.LeakedSecrets())
		rec.finish()
		require.Len(t, rec.errs, 1)
		assert.NotContains(t, rec.errs[0], tok.AccessToken, "the report names no secret")
	})
}
