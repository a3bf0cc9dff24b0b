package entity_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// serveFile answers with a recorded platform body.
func serveFile(t *testing.T, name string) http.Handler {
	t.Helper()
	b, err := os.ReadFile("testdata/platform/" + name)
	require.NoError(t, err)
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
		_, _ = w.Write(b)
	})
}

// Facts from the platform's recorded answers, read through the public API.
func TestPlatformNumbersAsStrings(t *testing.T) {
	ec, _ := newTestClient(t,
		adamatest.WithRoute("GET /api/v2.0/strategies/901", adamatest.RequireSession, serveFile(t, "strategy_strings.json")),
		adamatest.WithRoute("GET /api/v2.0/strategies/902", adamatest.RequireSession, serveFile(t, "strategy_bad_integer.json")),
		adamatest.WithRoute("GET /api/v2.0/campaigns/77", adamatest.RequireSession, serveFile(t, "campaign_money_number.json")),
	)
	ctx := context.Background()

	s, err := ec.Strategies.Get(ctx, 901, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(901), s.ID)
	assert.Equal(t, 0, s.Version)
	require.NotNil(t, s.BidAggressiveness)
	assert.Equal(t, 50, *s.BidAggressiveness, `"50.00" is the integer 50`)
	assert.Equal(t, entity.GoalTypeCPE, s.GoalType, "a value the spec's table leaves out but the references list")
	assert.True(t, s.GoalType.Valid())
	assert.Equal(t, entity.SiteSelectiveness("ALL"), s.SiteSelectiveness)
	b, ok := s.Budget.Get("")
	if !ok && len(s.Budget) > 0 {
		b = s.Budget[0].Value
	}
	assert.Equal(t, "100.5", b.String(), "money as a scalar")
	require.Len(t, s.MaxBid, 1)
	assert.Equal(t, "2.5", s.MaxBid[0].Value.String())
	assert.JSONEq(t, `"kept"`, string(s.Extra["future_flag"]))
	assert.NotContains(t, s.Extra, "bid_aggressiveness", "a read value never hides in Extra")

	c, err := ec.Campaigns.Get(ctx, 77, nil)
	require.NoError(t, err)
	assert.Equal(t, 3, c.Version)
	require.NotNil(t, c.SpendCapAmount)
	assert.Equal(t, "10 USD", c.SpendCapAmount.String(), "a money field sent as a one-currency array keeps its currency")
	assert.Len(t, c.TotalBudget, 2, "every currency kept")

	// A fraction for an integer fits no documented form: the record is
	// returned (it failed whole before the one decoding rule), the field
	// left unset and reported with its raw value.
	bad, err := ec.Strategies.Get(ctx, 902, nil)
	require.NoError(t, err)
	assert.Equal(t, "Bad", bad.Name)
	assert.Nil(t, bad.BidAggressiveness)
	assert.Equal(t, []adama.Misfit{{Field: "bid_aggressiveness", Raw: json.RawMessage(`"50.5"`)}}, bad.Misfits())
}

func TestPlatformListMetadataAsStrings(t *testing.T) {
	ec, _ := newTestClient(t,
		adamatest.WithRoute("GET /api/v2.0/strategies", adamatest.RequireSession, serveFile(t, "strategies_page_strings.json")))
	p, err := ec.Strategies.List(context.Background(), &entity.ListOptions{PageLimit: 2})
	require.NoError(t, err)
	assert.Equal(t, 2, p.Count)
	assert.Equal(t, 1896, p.TotalCount)
	assert.True(t, p.HasTotal)
	assert.Equal(t, "https://api.example/api/v2.0/strategies?page_offset=2&page_limit=2", p.NextPage)
	require.Len(t, p.Items, 2)
	assert.Equal(t, 1, p.Items[1].Version)
}

// Values read from the server are never refused on update; the caller's
// own changes are.
func TestUpdateValidatesOnlyTheCallersChanges(t *testing.T) {
	ec, srv := newTestClient(t, adamatest.WithEntities("strategies", 1))
	ctx := context.Background()
	p, err := ec.Strategies.List(ctx, &entity.ListOptions{PageLimit: 1})
	require.NoError(t, err)
	id := p.Items[0].ID
	require.True(t, srv.Entities().Strategies().SetRaw(id, "goal_type", "cpe"))
	require.True(t, srv.Entities().Strategies().SetRaw(id, "media_type", "display"))

	s, err := ec.Strategies.Get(ctx, id, nil)
	require.NoError(t, err)
	s.Name = "Renamed"
	out, err := ec.Strategies.Update(ctx, s)
	require.NoError(t, err, "server values (goal_type=cpe, media_type=display) are not the caller's")
	assert.Equal(t, "Renamed", out.Name)

	out.Name = string(make([]byte, 65))
	_, err = ec.Strategies.Update(ctx, out)
	var ve *adama.ValidationError
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("name", ""))
	assert.Len(t, ve.Violations, 1, "only the caller's change is refused")

	out, err = ec.Strategies.Get(ctx, id, nil)
	require.NoError(t, err)
	out.MediaType = "PRINT"
	_, err = ec.Strategies.Update(ctx, out)
	require.ErrorAs(t, err, &ve, "an unknown value set by the caller is refused")
	assert.True(t, ve.Has("media_type", ""))
}

// Printing a record never shows the body it was read from (which may carry
// what the server echoed, such as a user's tokens).
func TestPrintedRecordShowsNoSnapshot(t *testing.T) {
	var s entity.Strategy
	require.NoError(t, json.Unmarshal([]byte(`{"id":1,"name":"n","version":0,"secret_echo":"tok-123"}`), &s))
	var v any = s // %s prints []byte fields as text
	out := fmt.Sprintf("%v %+v %s", s, s, v)
	assert.NotContains(t, out, "secret_echo\":\"tok-123", "the raw snapshot is not printed")
	assert.NotContains(t, out, `{"id":1`)
}
