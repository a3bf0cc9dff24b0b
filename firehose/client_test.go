package firehose_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

// TestWithPrefixForms checks the path the generated WithPrefix gives the
// group: a missing leading "/" is added, a trailing one dropped, and an
// empty prefix means none; a nil option is ignored.
func TestWithPrefixForms(t *testing.T) {
	_, srv := setup(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	tests := []struct {
		name string
		opts []firehose.Option
		want string
	}{
		{"default", nil, "/opportunity-firehose/v2.0/consumers"},
		{"as given", []firehose.Option{firehose.WithPrefix("/next/v2.0")}, "/next/v2.0/consumers"},
		{"slashes fixed", []firehose.Option{firehose.WithPrefix("next/v2.0/")}, "/next/v2.0/consumers"},
		{"empty means none", []firehose.Option{firehose.WithPrefix("")}, "/consumers"},
		{"last wins, nil ignored", []firehose.Option{firehose.WithPrefix("/a"), nil, firehose.WithPrefix("/b")}, "/b/consumers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := firehose.New(c, tt.opts...).Consumers.Names(context.Background())
			if tt.want == "/opportunity-firehose/v2.0/consumers" {
				require.NoError(t, err, "the default prefix is the one the test server serves")
				for _, r := range srv.Requests() {
					if r.Path == tt.want {
						return
					}
				}
				t.Fatalf("no request to %s", tt.want)
			}
			var ae *adama.Error
			require.True(t, errors.As(err, &ae), "%v", err)
			assert.Equal(t, tt.want, ae.Path)
		})
	}
}
