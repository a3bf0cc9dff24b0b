package modify

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

type rec struct{ Version, N int64 }

func TestRun(t *testing.T) {
	conflict := &adama.Error{StatusCode: 409, Code: "conflict"}
	boom := errors.New("boom")
	tests := []struct {
		name       string
		conflicts  int   // saves that answer a conflict first
		getErr     error // from the first get
		changeErr  error
		wantErr    error
		wantSaves  int
		wantGets   int
		wantResult bool
	}{
		{name: "first round", wantSaves: 1, wantGets: 1, wantResult: true},
		{name: "after two conflicts", conflicts: 2, wantSaves: 3, wantGets: 3, wantResult: true},
		{name: "conflicts every round", conflicts: 99, wantErr: adama.ErrConflict, wantSaves: adama.DefaultModifyAttempts, wantGets: adama.DefaultModifyAttempts},
		{name: "get fails", getErr: boom, wantErr: boom, wantGets: 1},
		{name: "change fails", changeErr: boom, wantErr: boom, wantGets: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gets, saves := 0, 0
			out, err := Run(context.Background(), "thing 7",
				func(context.Context) (*rec, error) {
					gets++
					if tt.getErr != nil {
						return nil, tt.getErr
					}
					return &rec{Version: int64(gets)}, nil
				},
				func(r *rec) error { r.N = 42; return tt.changeErr },
				func(_ context.Context, r *rec) (*rec, error) {
					saves++
					if saves <= tt.conflicts {
						return nil, conflict
					}
					return &rec{Version: r.Version + 1, N: r.N}, nil
				})
			assert.Equal(t, tt.wantGets, gets)
			assert.Equal(t, tt.wantSaves, saves)
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				assert.Nil(t, out)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, &rec{Version: int64(gets) + 1, N: 42}, out, "the record saved is the last one read, changed")
		})
	}
}
