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

// errOf returns the error of a call that also returns a record.
func errOf[T any](_ T, err error) error { return err }

// valuesOf returns the values of a filter read with Filters.Get.
func valuesOf(f *firehose.Filter, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	return f.Values, nil
}

// filtersOf returns the filters of a page read with Filters.List.
func filtersOf(p *adama.Page[*firehose.Filter], err error) (firehose.Filters, error) {
	if err != nil {
		return nil, err
	}
	return firehose.FiltersOf(p), nil
}

// The records of the settings services say whose settings they are; these
// set it, keeping nil nil.
func sampleOf(name firehose.ConsumerName, r *firehose.SampleSettings) *firehose.SampleSettings {
	if r != nil {
		r.Consumer = name
	}
	return r
}

func webOf(name firehose.ConsumerName, r *firehose.WebSettings) *firehose.WebSettings {
	if r != nil {
		r.Consumer = name
	}
	return r
}

func cloud1Of(name firehose.ConsumerName, r *firehose.Cloud1Settings) *firehose.Cloud1Settings {
	if r != nil {
		r.Consumer = name
	}
	return r
}

func cloud2Of(name firehose.ConsumerName, r *firehose.Cloud2Settings) *firehose.Cloud2Settings {
	if r != nil {
		r.Consumer = name
	}
	return r
}

func consumerOf(name firehose.ConsumerName, r *firehose.ConsumerSettings) *firehose.ConsumerSettings {
	if r != nil {
		r.Consumer = name
	}
	return r
}
