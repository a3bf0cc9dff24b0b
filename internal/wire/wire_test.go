package wire_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/wire"
)

type agency struct {
	ID         int64             `json:"id"`
	Name       string            `json:"name"`
	EntityType string            `json:"entity_type"`
	Version    int               `json:"version"`
	Status     *adama.Bool       `json:"status"`
	OrgID      int64             `json:"organization_id"`
	Budget     adama.Money       `json:"budget"`
	CreatedOn  adama.Time        `json:"created_on"`
	Ratio      float64           `json:"ratio"`
	Live       bool              `json:"live"`
	Org        *organization     `json:"organization"`
	Flights    []organization    `json:"flights"`
	Extra      map[string]string `json:"-"`
}

type organization struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

const sampleXML = `<?xml version="1.0" encoding="UTF-8"?>
<result called_on="2026-01-02T03:04:05+0000">
  <entity name="Acme &amp; Co" id="7" type="agency" version="3">
    <prop name="status" value="1"/>
    <prop name="organization_id" value="100001"/>
    <prop name="created_on" value="2026-01-02T03:04:05+0000"><local_time value="2026-01-01T22:04:05" zone_name="America/New_York"/></prop>
    <prop name="budget"><amount currency_code="USD" value="12.50"/><amount currency_code="EUR" value="11"/></prop>
    <prop name="ratio" value="0.25"/>
    <prop name="live" value="on"/>
    <prop name="brand_new_field" value="kept"/>
    <entity rel="organization" name="Org" id="100001" type="organization" version="0"/>
    <entity rel="flights" name="F1" id="1" type="organization" version="0"/>
  </entity>
  <status code="ok"/>
</result>`

const sampleJSON = `{"meta":{"status":"ok","count":1,"called_on":"2026-01-02T03:04:05+0000"},"data":{
 "id":7,"name":"Acme & Co","entity_type":"agency","version":3,"status":true,"organization_id":100001,
 "created_on":"2026-01-02T03:04:05+0000","budget":[{"currency_code":"USD","value":12.5},{"currency_code":"EUR","value":"11"}],
 "ratio":0.25,"live":true,"brand_new_field":"kept",
 "organization":{"id":100001,"name":"Org"},"flights":[{"id":1,"name":"F1"}]}}`

func TestXMLAndJSONDecodeToTheSameRecord(t *testing.T) {
	res, err := wire.DecodeXML(strings.NewReader(sampleXML))
	require.NoError(t, err)
	require.NotNil(t, res.Entity)
	raw := wire.EntityJSON(res.Entity, reflect.TypeFor[agency]())
	var fromXML agency
	require.NoError(t, json.Unmarshal(raw, &fromXML), string(raw))

	var fromJSON agency
	meta, err := wire.DecodeJSON(strings.NewReader(sampleJSON), &fromJSON)
	require.NoError(t, err)
	assert.Equal(t, 1, meta.Count)
	assert.Equal(t, fromJSON, fromXML)
	assert.Equal(t, "Acme & Co", fromXML.Name)
	assert.Len(t, fromXML.Budget, 2, "every currency kept")

	// Unknown props survive as strings.
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	assert.Equal(t, "kept", m["brand_new_field"])
}

func TestDecodeErrors(t *testing.T) {
	_, err := wire.DecodeXML(strings.NewReader(`<result><status code="not_found">no</status></result>`))
	assert.True(t, errors.Is(err, adama.ErrNotFound))
	var v any
	_, err = wire.DecodeJSON(strings.NewReader(`{"meta":{"status":"invalid"},"errors":[{"code":"invalid","message":"bad name","field":"name"}]}`), &v)
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "bad name", ae.Message)
	assert.ErrorIs(t, err, adama.ErrBadRequest)
	_, err = wire.DecodeJSON(strings.NewReader(`{"meta":`), &v)
	assert.Error(t, err)
}

func TestEntityFromJSONRoundTrip(t *testing.T) {
	obj := map[string]any{"id": float64(7), "name": "A", "entity_type": "agency", "version": float64(2), "status": true,
		"budget":       []any{map[string]any{"currency_code": "USD", "value": float64(3)}},
		"organization": map[string]any{"id": float64(1), "name": "O"},
		"created_on":   "2026-01-02T03:04:05+0000"}
	e := wire.EntityFromJSON(obj)
	assert.Equal(t, "7", e.ID)
	assert.Equal(t, "agency", e.Type)
	raw := wire.EntityJSON(&e, reflect.TypeFor[agency]())
	var a agency
	require.NoError(t, json.Unmarshal(raw, &a), string(raw))
	assert.Equal(t, int64(7), a.ID)
	assert.True(t, bool(*a.Status))
	assert.Equal(t, "3", a.Budget[0].Value.String())
	assert.Equal(t, "O", a.Org.Name)
	assert.Equal(t, 2026, a.CreatedOn.Year())
}

func FuzzDecodeXMLEntity(f *testing.F) {
	f.Add([]byte(sampleXML))
	f.Add([]byte(`<result><entities count="2" start="0"><entity id="1" name="a" type="agency" version="0"/><entity id="x"/></entities></result>`))
	f.Add([]byte(`<result><status code="bad_request" reason="r">t</status></result>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		res, err := wire.DecodeXML(strings.NewReader(string(b)))
		if err != nil || res == nil {
			return
		}
		_ = res.MetaOf()
		ents := []wire.Entity{}
		if res.Entity != nil {
			ents = append(ents, *res.Entity)
		}
		if res.Entities != nil {
			ents = append(ents, res.Entities.Entities...)
		}
		for i := range ents {
			raw := wire.EntityJSON(&ents[i], reflect.TypeFor[agency]())
			if !json.Valid(raw) {
				t.Fatalf("invalid JSON from XML entity: %s", raw)
			}
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatalf("not an object: %v", err)
			}
		}
	})
}

func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(sampleJSON))
	f.Add([]byte(`{"meta":{"status":"not_found"}}`))
	f.Add([]byte(`{"data":[1,2,3],"meta":{"count":3,"offset":0,"total_count":9}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var a agency
		_, _ = wire.DecodeJSON(strings.NewReader(string(b)), &a)
		var anyv any
		_, _ = wire.DecodeJSON(strings.NewReader(string(b)), &anyv)
	})
}
