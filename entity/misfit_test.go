package entity_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// strategyMisfits are the values of strategy_misfit.json that fit no
// documented form, the embedded campaign's under its path; goal_type
// "maybe" (an unknown enum value) is kept in its field, not reported.
var strategyMisfits = []adama.Misfit{
	{Field: "bid_aggressiveness", Raw: json.RawMessage(`"50.5"`)},
	{Field: "budget", Raw: json.RawMessage(`"lots"`)},
	{Field: "campaign_id", Raw: json.RawMessage(`{}`)},
	{Field: "status", Raw: json.RawMessage(`"maybe"`)},
	{Field: "campaign.total_budget", Raw: json.RawMessage(`"x"`)},
}

// misfitServer serves the ill-typed strategy as JSON (903) and XML (904)
// and records the forms posted to 903, answering with the same body.
func misfitServer(t *testing.T) (*adamatest.Server, *[]url.Values) {
	t.Helper()
	body, err := os.ReadFile("testdata/platform/strategy_misfit.json")
	require.NoError(t, err)
	var forms []url.Values
	post := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.NoError(t, r.ParseForm())
		forms = append(forms, r.PostForm)
		w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
		_, _ = w.Write(body)
	})
	xmlBody, err := os.ReadFile("testdata/platform/strategy_misfit.xml")
	require.NoError(t, err)
	srv := adamatest.NewServer(adamatest.WithT(t),
		adamatest.WithRoute("GET /api/v2.0/strategies/903", adamatest.RequireSession, serveFile(t, "strategy_misfit.json")),
		adamatest.WithRoute("POST /api/v2.0/strategies/903", adamatest.RequireSession, post),
		adamatest.WithRoute("GET /api/v2.0/strategies/904", adamatest.RequireSession, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/xml")
			_, _ = w.Write(xmlBody)
		})),
	)
	return srv, &forms
}

// TestStrategyMisfitReportedAndKept: an ill-typed strategy (which failed
// whole before, naming the field) decodes; each misfit is reported with
// its path and raw value; an update sends neither a zero nor a change for
// a misfit left alone, the form of the record carries the raw value, and
// a field the caller sets is sent.
func TestStrategyMisfitReportedAndKept(t *testing.T) {
	srv, forms := misfitServer(t)
	c, err := srv.NewClient()
	require.NoError(t, err)
	ec := entity.New(c)
	ctx := context.Background()

	s, err := ec.Strategies.Get(ctx, 903, nil)
	require.NoError(t, err, "a misfit does not fail the record")
	assert.Equal(t, "Odd strategy", s.Name)
	assert.Equal(t, entity.GoalType("maybe"), s.GoalType, "an unknown enum value is kept, not a misfit")
	assert.Zero(t, s.CampaignID)
	assert.Nil(t, s.Status)
	assert.Nil(t, s.BidAggressiveness)
	require.NotNil(t, s.Campaign)
	assert.Equal(t, int64(12), s.Campaign.ID)
	assert.Equal(t, strategyMisfits, s.Misfits())

	vals, err := entity.FormOf(s, &s.Common)
	require.NoError(t, err)
	assert.Equal(t, "50.5", vals.Get("bid_aggressiveness"), "the record's form carries the raw value")
	assert.Equal(t, "maybe", vals.Get("status"))
	assert.Equal(t, `{}`, vals.Get("campaign_id"))

	s.Name = "Renamed"
	_, err = ec.Strategies.Update(ctx, s)
	require.NoError(t, err)
	require.Len(t, *forms, 1)
	assert.Equal(t, url.Values{"name": {"Renamed"}, "version": {"2"}}, (*forms)[0], "a misfit left alone is neither zeroed nor sent")

	s, err = ec.Strategies.Get(ctx, 903, nil)
	require.NoError(t, err)
	s.BidAggressiveness, s.CampaignID = adama.Ptr(40), 12
	_, err = ec.Strategies.Update(ctx, s)
	require.NoError(t, err)
	require.Len(t, *forms, 2)
	assert.Equal(t, url.Values{"bid_aggressiveness": {"40"}, "campaign_id": {"12"}, "version": {"2"}}, (*forms)[1], "a set field replaces its kept value")
}

// TestStrategyMisfitXML: in XML, a prop or an attribute whose text fits
// no form is reported with its text, and the record decodes.
func TestStrategyMisfitXML(t *testing.T) {
	srv, _ := misfitServer(t)
	ec := newXMLClient(t, srv)
	s, err := ec.Strategies.Get(context.Background(), 904, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(12), s.CampaignID)
	assert.Equal(t, entity.GoalType("maybe"), s.GoalType)
	assert.JSONEq(t, `"kept"`, string(s.Extra["future_flag"]))
	assert.Equal(t, []adama.Misfit{
		{Field: "bid_aggressiveness", Raw: json.RawMessage(`"lots"`)},
		{Field: "status", Raw: json.RawMessage(`"maybe"`)},
		{Field: "version", Raw: json.RawMessage(`"two"`)},
	}, s.Misfits())
	assert.Equal(t, int64(904), s.ID)
	assert.Equal(t, "Odd XML strategy", s.Name)
}

// TestStrategyMisfitStrict: a strict client fails the Get, in JSON and in
// XML, with an error naming each field and its raw value.
func TestStrategyMisfitStrict(t *testing.T) {
	srv, _ := misfitServer(t)
	c, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		ec    *entity.Client
		id    int64
		names []string
	}{
		{"json", entity.New(c), 903, []string{`campaign_id: {}`, `status: "maybe"`, `campaign.total_budget: "x"`}},
		{"xml", entity.New(c, entity.WithXML()), 904, []string{`bid_aggressiveness: "lots"`, `status: "maybe"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.ec.Strategies.Get(ctx, tc.id, nil)
			require.Error(t, err)
			assert.ErrorIs(t, err, adama.ErrMisfit)
			var ae *adama.Error
			require.True(t, errors.As(err, &ae))
			assert.Equal(t, adama.CodeMisfit, ae.Code)
			for _, n := range tc.names {
				assert.Contains(t, ae.Error(), n)
			}
		})
	}
}

// TestStrategyMisfitListAndAll: over the fake's own store, a list with an
// ill-typed record decodes whole for a lenient client and fails naming
// the item and field for a strict one, page by page in All too.
func TestStrategyMisfitListAndAll(t *testing.T) {
	srv := adamatest.NewServer(adamatest.WithT(t), adamatest.WithoutEntitySeed(),
		adamatest.WithEntity("strategies", map[string]any{"id": 31, "name": "fine", "campaign_id": 12}),
		adamatest.WithEntity("strategies", map[string]any{"id": 32, "name": "odd", "campaign_id": map[string]any{"x": 1}}))
	ctx := context.Background()
	c, err := srv.NewClient()
	require.NoError(t, err)
	p, err := entity.New(c).Strategies.List(ctx, &entity.ListOptions{PageLimit: 10})
	require.NoError(t, err)
	require.Len(t, p.Items, 2)
	var reported []adama.Misfit
	for _, s := range p.Items {
		reported = append(reported, s.Misfits()...)
	}
	assert.Equal(t, []adama.Misfit{{Field: "campaign_id", Raw: json.RawMessage(`{"x":1}`)}}, reported)

	sc, err := srv.NewClient(adama.WithStrictDecoding())
	require.NoError(t, err)
	_, err = entity.New(sc).Strategies.List(ctx, &entity.ListOptions{PageLimit: 10})
	assert.ErrorIs(t, err, adama.ErrMisfit)
	assert.ErrorContains(t, err, `campaign_id: {"x":1}`)
	var n int
	for _, err := range entity.New(sc).Strategies.All(ctx, &entity.ListOptions{PageLimit: 1}) {
		n++
		if err != nil {
			assert.ErrorIs(t, err, adama.ErrMisfit)
			break
		}
	}
	assert.Equal(t, 2, n, "the fitting first page is yielded, the second fails")
}
