package adama

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGatePauseKeepsTheLongest(t *testing.T) {
	var g gate
	require.NoError(t, g.wait(context.Background()), "never paused: no wait")

	g.pause(time.Hour)
	long := g.until.Load()
	g.pause(time.Minute)
	assert.Equal(t, long, g.until.Load(), "a shorter pause leaves the longer one")
	g.pause(2 * time.Hour)
	assert.Greater(t, g.until.Load(), long, "a longer pause replaces it")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, g.wait(ctx), context.Canceled, "a paused gate holds the call until its context ends")

	// Pauses set at once by many calls keep the longest of them.
	var c gate
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() { c.pause(time.Duration(i+1) * time.Hour) })
	}
	wg.Wait()
	until := time.Unix(0, c.until.Load())
	assert.True(t, until.After(time.Now().Add(63*time.Hour)), "the 64-hour pause stands: %v", until)

	// A pause that has ended lets calls through.
	var e gate
	e.until.Store(time.Now().Add(-time.Second).UnixNano())
	assert.NoError(t, e.wait(ctx))
}
