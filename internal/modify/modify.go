// Package modify is the one read-change-save loop behind every group's
// Modify method.
package modify

import (
	"context"
	"errors"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
)

// Run reads a record with get, applies change and saves it with save,
// starting over from a fresh read when save answers a version conflict
// (adama.ErrConflict), adama.DefaultModifyAttempts rounds in all. change
// may be called several times; an error from it ends Run unchanged, and
// so does any other error. After the last conflict the error names what
// (the resource and id, for the message) and wraps the conflict.
func Run[T any](ctx context.Context, what string, get func(context.Context) (*T, error), change func(*T) error, save func(context.Context, *T) (*T, error)) (*T, error) {
	var last error
	for range adama.DefaultModifyAttempts {
		rec, err := get(ctx)
		if err != nil {
			return nil, err
		}
		if err := change(rec); err != nil {
			return nil, err
		}
		out, err := save(ctx, rec)
		if err == nil {
			return out, nil
		}
		if !errors.Is(err, adama.ErrConflict) {
			return nil, err
		}
		last = err
	}
	return nil, fmt.Errorf("modify %s: %d attempts: %w", what, adama.DefaultModifyAttempts, last)
}
