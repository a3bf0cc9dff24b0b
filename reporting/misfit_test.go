package reporting_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/reporting"
)

// oddMetaMisfits are the values of testdata/odd_meta.json that fit no
// documented form; the field type "decimal128" (unknown to the SDK) is
// kept in its field, not reported.
var oddMetaMisfits = []adama.Misfit{
	{Field: "Version", Raw: json.RawMessage(`"two"`)},
	{Field: "time_rollups", Raw: json.RawMessage(`"by_day"`)},
	{Field: "Transition.next_version", Raw: json.RawMessage(`"soon"`)},
	{Field: "structure.metrics.impressions.maxLength", Raw: json.RawMessage(`"long"`)},
}

func oddMetaServer(t *testing.T) *adamatest.Server {
	t.Helper()
	body, err := os.ReadFile("testdata/odd_meta.json")
	require.NoError(t, err)
	return adamatest.NewServer(adamatest.WithT(t), adamatest.WithRoute("GET /reporting/v1/std/odd_report/meta", adamatest.RequireBearer,
		http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=UTF-8")
			_, _ = w.Write(body)
		})))
}

// TestMetaMisfitReported: a report description with ill-typed values
// (which failed the call before) decodes; each misfit is reported with
// its path and raw value, unknown properties and enum values are kept.
// Descriptions are only read, never sent, so nothing goes back.
func TestMetaMisfitReported(t *testing.T) {
	srv := oddMetaServer(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	m, err := reporting.New(c).Meta(context.Background(), "odd_report")
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, "Odd Report", m.Name)
	assert.Equal(t, "odd_report_v2", m.Transition.ReplacedBy)
	assert.Zero(t, m.Version)
	assert.Equal(t, reporting.FieldType("decimal128"), m.Structure.Metrics["spend"].Type, "an unknown enum value is kept")
	assert.Equal(t, []string{"campaign_id"}, m.AccessFields())
	assert.JSONEq(t, `{"x":1}`, string(m.Extra["future_section"]))
	assert.NotContains(t, m.Extra, "Name", "a property read into its field is not in Extra")
	assert.Equal(t, oddMetaMisfits, m.Misfits())
}

// TestMetaMisfitStrict: a strict client's Meta fails naming the fields.
func TestMetaMisfitStrict(t *testing.T) {
	srv := oddMetaServer(t)
	c, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	_, err = reporting.New(c).Meta(context.Background(), "odd_report")
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrMisfit)
	var ae *adama.Error
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, adama.CodeMisfit, ae.Code)
	assert.Contains(t, ae.Error(), `Version: "two"`)
	assert.Contains(t, ae.Error(), `structure.metrics.impressions.maxLength: "long"`)
}

// TestReportsMisfitStrict: the report list reports an entry's misfit
// under its name, and a strict client's Reports fails on it.
func TestReportsMisfitStrict(t *testing.T) {
	body := []byte(`{"reports":{"odd":{"Name":"Odd","Version":{},"URI_Data":"d","URI_Meta":"m"},"fine":{"Name":"Fine","Version":1}}}`)
	// The list's path is the fake's own: serve it under /ref, the
	// client's base URL.
	var srv *adamatest.Server
	srv = adamatest.NewServer(adamatest.WithT(t), adamatest.WithRoute("/ref/", adamatest.Public,
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := strings.TrimPrefix(r.URL.Path, "/ref")
			if p != "/reporting/v1/std/meta" {
				r2 := r.Clone(r.Context())
				r2.URL.Path, r2.URL.RawPath, r2.RequestURI = p, "", ""
				srv.ServeHTTP(w, r2) // the session and the rest: the fake's
				return
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(body)
		})))
	client := func(opts ...adama.Option) *adama.Client {
		c, err := adama.NewClient(append(append(srv.ClientOptions(), adama.WithBaseURL(srv.URL+"/ref")), opts...)...)
		require.NoError(t, err)
		return c
	}
	c := client()
	list, err := reporting.New(c).Reports(context.Background())
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, []adama.Misfit{{Field: "Version", Raw: json.RawMessage(`{}`)}}, list[1].Misfits())

	_, err = reporting.New(client(adama.WithStrictDecoding())).Reports(context.Background())
	assert.ErrorIs(t, err, adama.ErrMisfit)
	assert.ErrorContains(t, err, "reports.odd.Version: {}")
}
