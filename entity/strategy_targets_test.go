package entity_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// targetsServer seeds strategy 50, dimension REGN (id 1, values 1 and 2,
// the default seed), dimension DMAX (id 7, values 70 to 72) and two
// audience segments of strategy 50, one retired.
func targetsServer(t *testing.T) (*entity.Client, *adamatest.Server) {
	t.Helper()
	return newTestClient(t,
		adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "S50", "campaign_id": 1}),
		adamatest.WithEntity("target_dimensions", map[string]any{"id": 7, "name": "Metro", "code": "DMAX"}),
		adamatest.WithEntity("target_values", map[string]any{"id": 70, "name": "Metro A", "target_dimension_id": 7, "value": 501}),
		adamatest.WithEntity("target_values", map[string]any{"id": 71, "name": "Metro B", "target_dimension_id": 7, "value": 502}),
		adamatest.WithEntity("target_values", map[string]any{"id": 72, "name": "Metro C", "target_dimension_id": 7, "value": 503}),
		adamatest.WithEntity("strategy_audience_segments", map[string]any{"id": 900, "strategy_id": 50, "audience_segment_id": 1, "restriction": "INCLUDE"}),
		adamatest.WithEntity("strategy_audience_segments", map[string]any{"id": 901, "strategy_id": 50, "audience_segment_id": 2, "restriction": "EXCLUDE", "retired": true}),
	)
}

func TestStrategyTargetValues(t *testing.T) {
	ec, srv := targetsServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()

	srv.ResetRequests()
	got, err := ec.SetStrategyTargetValues(ctx, 50, []entity.TargetValueDimension{
		{Code: "REGN", Restriction: entity.RestrictionInclude, Operation: entity.SetOpOr, ValueIDs: []int64{1, 2}},
		{Code: "DMAX", Restriction: entity.RestrictionExclude, Operation: entity.SetOpAnd, ValueIDs: []int64{71}},
	})
	require.NoError(t, err)
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "/api/v2.0/strategies/50/target_values", reqs[0].Path)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{
		"dimensions.1.code": {"REGN"}, "dimensions.1.restriction": {"INCLUDE"}, "dimensions.1.operation": {"OR"}, "dimensions.1.value_ids": {"1,2"},
		"dimensions.2.code": {"DMAX"}, "dimensions.2.restriction": {"EXCLUDE"}, "dimensions.2.operation": {"AND"}, "dimensions.2.value_ids": {"71"},
	}, body)
	require.Len(t, got.Targets, 2)
	assert.Equal(t, entity.SetOp(""), got.TargetOp, "the records' operators differ")
	assert.Equal(t, "strategy_target", got.Targets[0].EntityType)
	assert.Equal(t, int64(1), *got.Targets[0].TargetDimensionID)
	assert.False(t, bool(*got.Targets[0].Exclude))
	assert.Equal(t, int64(7), *got.Targets[1].TargetDimensionID)
	assert.True(t, bool(*got.Targets[1].Exclude))
	assert.Equal(t, entity.SetOpAnd, got.Targets[1].TargetOp)
	assert.Len(t, srv.Entities().StrategyTargets(50), 2)

	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			all, err := c.StrategyTargetValues(ctx, 50)
			require.NoError(t, err)
			require.Len(t, all.Targets, 2)
			assert.Equal(t, entity.SetOpOr, all.Targets[0].TargetOp)
			assert.Equal(t, entity.SetOpAnd, all.Targets[1].TargetOp)
			assert.Equal(t, int64(50), *all.Targets[1].StrategyID)
		})
	}

	// A value of another dimension, and a dimension that does not exist,
	// are refused by the platform, naming the field.
	_, err = ec.SetStrategyTargetValues(ctx, 50, []entity.TargetValueDimension{
		{Code: "REGN", Restriction: entity.RestrictionInclude, ValueIDs: []int64{70}},
		{Code: "NOPE", Restriction: entity.RestrictionInclude, ValueIDs: []int64{1}},
	})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	assert.Contains(t, fieldsOf(ae), "dimensions.1.value_ids")
	assert.Contains(t, fieldsOf(ae), "dimensions.2.code")
	assert.Len(t, srv.Entities().StrategyTargets(50), 2, "a refused form changes nothing")

	// Clearing.
	got, err = ec.SetStrategyTargetValues(ctx, 50, nil)
	require.NoError(t, err)
	assert.Empty(t, got.Targets)
	assert.NotNil(t, got.Targets)

	_, err = ec.StrategyTargetValues(ctx, 777)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestStrategyTargetDimension(t *testing.T) {
	ec, srv := targetsServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()

	srv.ResetRequests()
	got, err := xc.SetStrategyTargetDimension(ctx, 50, "DMAX", &entity.DimensionTargeting{TargetOp: entity.SetOpAnd, Include: []int64{70, 71}, Exclude: []int64{72}})
	require.NoError(t, err)
	reqs := apiRequests(srv)
	require.Len(t, reqs, 1)
	assert.Equal(t, "/api/v2.0/strategies/50/target_dimensions/DMAX", reqs[0].Path)
	body, err := url.ParseQuery(string(reqs[0].Body))
	require.NoError(t, err)
	assert.Equal(t, url.Values{"target_op": {"AND"}, "include.1.value_id": {"70"}, "include.2.value_id": {"71"}, "exclude.1.value_id": {"72"}}, body)
	assert.Equal(t, entity.SetOpAnd, got.TargetOp, "read from <entities target_op>")
	require.Len(t, got.Targets, 2)
	for _, tg := range got.Targets {
		assert.Equal(t, entity.SetOpAnd, tg.TargetOp, "copied onto each record")
		assert.Equal(t, "DMAX", tg.Name)
	}

	// Another dimension is left alone.
	_, err = ec.SetStrategyTargetDimension(ctx, 50, "REGN", &entity.DimensionTargeting{Include: []int64{1}})
	require.NoError(t, err)
	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			d, err := c.StrategyTargetDimension(ctx, 50, "DMAX")
			require.NoError(t, err)
			assert.Equal(t, entity.SetOpAnd, d.TargetOp)
			require.Len(t, d.Targets, 2)
			r, err := c.StrategyTargetDimension(ctx, 50, "REGN")
			require.NoError(t, err)
			assert.Equal(t, entity.SetOpOr, r.TargetOp, "the platform's default operator")
			require.Len(t, r.Targets, 1)
		})
	}

	// A value both included and excluded, or not positive, never leaves.
	srv.ResetRequests()
	_, err = ec.SetStrategyTargetDimension(ctx, 50, "DMAX", &entity.DimensionTargeting{Include: []int64{70}, Exclude: []int64{70, 0}, TargetOp: "XOR"})
	var ve *adama.ValidationError
	require.True(t, errors.As(err, &ve), "%v", err)
	assert.True(t, ve.Has("exclude.1", ""))
	assert.True(t, ve.Has("exclude.2", ""))
	assert.True(t, ve.Has("target_op", ""))
	_, err = ec.StrategyTargetDimension(ctx, 50, "../users")
	require.True(t, errors.As(err, &ve), "%v", err)
	assert.Empty(t, apiRequests(srv))

	// A value of another dimension is refused by the platform.
	_, err = ec.SetStrategyTargetDimension(ctx, 50, "DMAX", &entity.DimensionTargeting{Include: []int64{1}})
	var ae *adama.Error
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Contains(t, fieldsOf(ae), "include")
	_, err = ec.StrategyTargetDimension(ctx, 50, "ZZZ")
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestSetStrategyTargetValuesValidation(t *testing.T) {
	ec, srv := targetsServer(t)
	srv.ResetRequests()
	_, err := ec.SetStrategyTargetValues(context.Background(), 50, []entity.TargetValueDimension{
		{Code: "", Restriction: "SOME", ValueIDs: nil},
		{Code: "REGN", Restriction: entity.RestrictionInclude, Operation: "XOR", ValueIDs: []int64{1, 1}},
		{Code: "REGN", Restriction: entity.RestrictionInclude, ValueIDs: []int64{2}},
	})
	var ve *adama.ValidationError
	require.True(t, errors.As(err, &ve), "%v", err)
	for _, f := range []string{"dimensions.1.code", "dimensions.1.restriction", "dimensions.1.value_ids", "dimensions.2.operation", "dimensions.2.value_ids.2", "dimensions.3.code"} {
		assert.True(t, ve.Has(f, ""), "%s in %v", f, err)
	}
	_, err = ec.SetStrategyTargetValues(context.Background(), 0, nil)
	require.True(t, errors.As(err, &ve))
	assert.Empty(t, apiRequests(srv))
}

func TestStrategyRetiredAudienceSegments(t *testing.T) {
	ec, srv := targetsServer(t)
	xc := newXMLClient(t, srv)
	ctx := context.Background()
	for name, c := range map[string]*entity.Client{"json": ec, "xml": xc} {
		t.Run(name, func(t *testing.T) {
			p, err := c.StrategyRetiredAudienceSegments(ctx, 50, nil)
			require.NoError(t, err)
			require.Len(t, p.Items, 1)
			assert.Equal(t, int64(901), p.Items[0].ID)
			assert.Equal(t, entity.RestrictionExclude, p.Items[0].Restriction)
			assert.Equal(t, 1, p.TotalCount)
		})
	}
	p, err := ec.StrategyRetiredAudienceSegments(ctx, 50, &entity.ListOptions{PageLimit: 1, PageOffset: 1})
	require.NoError(t, err)
	assert.Empty(t, p.Items)
	_, err = ec.StrategyRetiredAudienceSegments(ctx, 777, nil)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

// The exact requests of the target writes.
func TestStrategyTargetsExactRequest(t *testing.T) {
	defer gock.Off()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	defer gock.RestoreClient(hc)
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	ec := entity.New(c)
	answer := map[string]any{"data": []any{}, "meta": map[string]any{"status": "success", "count": 0}}

	gock.New("https://api.example").Post("^/api/v2.0/strategies/50/target_values$").
		MatchHeader("Cookie", "^adama_session=ck-1$").MatchType("url").
		BodyString(`^dimensions.1.code=REGN&dimensions.1.operation=OR&dimensions.1.restriction=INCLUDE&dimensions.1.value_ids=1%2C2$`).
		Reply(200).JSON(answer)
	_, err = ec.SetStrategyTargetValues(context.Background(), 50, []entity.TargetValueDimension{{Code: "REGN", Restriction: entity.RestrictionInclude, Operation: entity.SetOpOr, ValueIDs: []int64{1, 2}}})
	require.NoError(t, err)

	gock.New("https://api.example").Post("^/api/v2.0/strategies/50/target_dimensions/DMAX$").MatchType("url").
		BodyString(`^exclude.1.value_id=72&include.1.value_id=70&target_op=AND$`).
		Reply(200).JSON(answer)
	_, err = ec.SetStrategyTargetDimension(context.Background(), 50, "DMAX", &entity.DimensionTargeting{TargetOp: entity.SetOpAnd, Include: []int64{70}, Exclude: []int64{72}})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

// serveTargetsFile answers every request with the file at path, of media type mt.
func serveTargetsFile(t *testing.T, path, mt string, xml bool) *entity.Client {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", mt)
		_, _ = w.Write(b)
	}))
	t.Cleanup(hs.Close)
	c, err := adama.NewClient(adama.WithBaseURL(hs.URL), adama.WithToken("tok"), adama.WithSessionCookie("ck"))
	require.NoError(t, err)
	if xml {
		return entity.New(c, entity.WithXML())
	}
	return entity.New(c)
}

// Bodies of the platform's shape decode: numbers as strings, booleans as
// "1", unknown properties kept, and the XML list's target_op.
func TestDecodeStrategyTargetBodies(t *testing.T) {
	ctx := context.Background()
	got, err := serveTargetsFile(t, "testdata/platform/strategy_target_values.json", "application/json", false).StrategyTargetValues(ctx, 50)
	require.NoError(t, err)
	require.Len(t, got.Targets, 2)
	assert.Equal(t, int64(50), *got.Targets[0].StrategyID)
	assert.Equal(t, int64(1), *got.Targets[1].TargetDimensionID)
	assert.True(t, bool(*got.Targets[1].Exclude))
	assert.Equal(t, 2, got.Targets[1].Version)
	assert.Contains(t, got.Targets[1].Extra, "segment_count")
	assert.Empty(t, got.Targets[1].Misfits())

	d, err := serveTargetsFile(t, "testdata/platform/strategy_target_dimension.xml", "application/xml", true).StrategyTargetDimension(ctx, 50, "REGN")
	require.NoError(t, err)
	assert.Equal(t, entity.SetOpOr, d.TargetOp)
	require.Len(t, d.Targets, 2)
	assert.Equal(t, entity.SetOpOr, d.Targets[1].TargetOp)
	assert.True(t, bool(*d.Targets[1].Exclude))
	assert.Equal(t, int64(7), *d.Targets[0].TargetDimensionID)

	p, err := serveTargetsFile(t, "testdata/platform/strategy_retired_audience_segments.json", "application/json", false).StrategyRetiredAudienceSegments(ctx, 50, nil)
	require.NoError(t, err)
	require.Len(t, p.Items, 1)
	assert.Equal(t, int64(1402), p.Items[0].AudienceSegmentID)
	assert.Contains(t, p.Items[0].Extra, "retired")
}

// The strategy_target decoder never panics, and a record read writes
// back as it reads again.
func FuzzDecodeStrategyTarget(f *testing.F) {
	b, err := os.ReadFile("testdata/platform/strategy_target_values.json")
	require.NoError(f, err)
	f.Add(b)
	f.Add([]byte(`{"data":[null,{},{"target_op":"XOR","exclude":"yes","strategy_id":"x"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var env struct {
			Data []*entity.StrategyTarget `json:"data"`
		}
		if json.Unmarshal(b, &env) != nil {
			return
		}
		for _, s := range env.Data {
			if s == nil {
				continue
			}
			out, err := json.Marshal(s)
			if err != nil {
				t.Fatalf("write back: %v", err)
			}
			var back entity.StrategyTarget
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatalf("read back %s: %v", out, err)
			}
		}
	})
}
