package entityfake

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/wire"
)

// stdPage is what wire.WriteJSON writes for a page: the wire form the
// hand-written encoder must reproduce byte for byte.
func stdPage(t *testing.T, meta wire.Meta, recs []Record) []byte {
	t.Helper()
	rec := httptest.NewRecorder()
	wire.WriteJSON(rec, 200, meta, recs)
	return rec.Body.Bytes()
}

func TestWriteJSONPageMatchesWire(t *testing.T) {
	s := NewStore()
	s.seedDefaults()
	for _, c := range []string{"advertisers", "campaigns", "strategies", "atomic_creatives", "pixel_bundles"} {
		s.Generate(c, 5)
	}
	meta := wire.Meta{CalledOn: "2026-01-01T00:00:00+0000", Count: 2, Offset: 4, TotalCount: 9, ETag: "e<&>", NextPage: "http://h/p?a=1&b=2"}
	pages := map[string][]Record{
		"nil":   nil,
		"empty": {},
		"odd": {{
			"s": "<a href=\"x\">&amp;</a>", "ctl": "a\x01\tb\n", "u": "é\u2028\u2029\xff", "f": 1.5, "big": 1e21, "small": 1e-7,
			"n": nil, "b": true, "i": int64(-3), "ii": 7, "num": json.Number("12.50"), "nilslice": []any(nil), "nilmap": map[string]any(nil),
			"nested": map[string]any{"z": []any{1, "x", map[string]any{"<": false}}, "a": []string{"p", "q"}}, "": "empty key", "k\"ey": 1,
		}},
	}
	for name, c := range s.cols {
		for _, id := range c.ids() {
			pages[name] = append(pages[name], s.view(c, c.get(id), view{}))
		}
	}
	for name, recs := range pages {
		t.Run(name, func(t *testing.T) {
			want := stdPage(t, meta, recs)
			rec := httptest.NewRecorder()
			writeJSONPage(rec, meta, recs)
			assert.Equal(t, string(want), rec.Body.String())
			assert.Equal(t, "application/vnd.svc.v1+json", rec.Header().Get("Content-Type"))
			assert.Equal(t, 200, rec.Code)
		})
	}
}

func TestWriteJSONPageFallsBack(t *testing.T) {
	recs := []Record{{"id": 1, "bad": math.NaN()}}
	_, ok := appendJSONPage(nil, wire.Meta{}, recs)
	require.False(t, ok, "json.Marshal refuses NaN")
	rec := httptest.NewRecorder()
	writeJSONPage(rec, wire.Meta{}, recs)
	assert.Equal(t, stdPage(t, wire.Meta{}, recs), rec.Body.Bytes())
	assert.True(t, bytes.Equal(rec.Body.Bytes(), stdPage(t, wire.Meta{}, recs)))
}

// A money prop in XML carries its first amount's currency_code and value
// as attributes beside the amount children, in related entities too.
func TestXMLEntityMoneyAttributes(t *testing.T) {
	rec := Record{"id": int64(7), "entity_type": "strategy", "name": "S",
		"budget": []any{map[string]any{"currency_code": "AUD", "value": json.Number("10.0000")}, map[string]any{"currency_code": "USD", "value": json.Number("6.5")}},
		"status": true,
		"campaign": map[string]any{"id": int64(3), "entity_type": "campaign",
			"goal_value": []any{map[string]any{"currency_code": "EUR", "value": json.Number("2")}}}}
	e := xmlEntity(rec)
	props := map[string]wire.Prop{}
	for _, p := range e.Props {
		props[p.Name] = p
	}
	require.Contains(t, props, "budget")
	assert.Equal(t, "AUD", props["budget"].CurrencyCode)
	assert.Equal(t, "10.0000", props["budget"].Value)
	assert.Len(t, props["budget"].Amounts, 2)
	assert.Empty(t, props["status"].CurrencyCode, "a scalar prop has no currency")
	require.Len(t, e.Related, 1)
	require.Len(t, e.Related[0].Props, 1)
	assert.Equal(t, wire.Prop{Name: "goal_value", Value: "2", CurrencyCode: "EUR", Amounts: []wire.Amount{{CurrencyCode: "EUR", Value: "2"}}}, e.Related[0].Props[0])

	// The SDK's reader turns it back into the same money array.
	rr := httptest.NewRecorder()
	wire.WriteXML(rr, 200, &wire.Result{Entity: &e})
	res, err := wire.DecodeXML(bytes.NewReader(rr.Body.Bytes()))
	require.NoError(t, err)
	require.NotNil(t, res.Entity)
	for _, p := range res.Entity.Props {
		if p.Name == "budget" {
			assert.Equal(t, []wire.Amount{{CurrencyCode: "AUD", Value: "10.0000"}, {CurrencyCode: "USD", Value: "6.5"}}, p.Amounts)
			assert.Equal(t, "AUD", p.CurrencyCode)
		}
	}
}
