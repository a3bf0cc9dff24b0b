package entity_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/wire"
)

// refDecodeStrategies decodes an XML page the way the call layer did
// before the raw-token parser: encoding/xml's Decode into the result tree,
// then json.Unmarshal of each entity's JSON form.
func refDecodeStrategies(t *testing.T, raw []byte) []*entity.Strategy {
	t.Helper()
	var res wire.Result
	require.NoError(t, xml.NewDecoder(bytes.NewReader(raw)).Decode(&res))
	require.NotNil(t, res.Entities)
	out := make([]*entity.Strategy, 0, len(res.Entities.Entities))
	for i := range res.Entities.Entities {
		s := &entity.Strategy{}
		require.NoError(t, json.Unmarshal(wire.EntityJSON(&res.Entities.Entities[i], typeOfStrategy), s))
		out = append(out, s)
	}
	return out
}

var typeOfStrategy = reflect.TypeFor[entity.Strategy]()

// TestXMLPageDecodesAsBefore checks that the call layer's XML path (one
// buffer per page, records decoding themselves without json.Unmarshal's
// second scan) yields the records the previous path yielded, down to the
// properties kept in Extra and the snapshot Update diffs against.
func TestXMLPageDecodesAsBefore(t *testing.T) {
	hostile := `<?xml version="1.0"?><result><entities count="3" start="0">` +
		`<entity id="1" name="a &amp; &lt;b&gt;" type="strategy" version="2"><prop name="brand_new" value="x&quot;y"/>` +
		`<prop name="budget" currency_code="USD" value="1.5"/><prop name="max_bid"><amount currency_code="EUR" value="2"/><amount currency_code="USD" value="3"/></prop>` +
		`<prop name="campaign_id" value="00"/><prop name="status" value="on"/><entity rel="campaign" id="7" name="c" type="campaign"/></entity>` +
		`<entity id="2" type="strategy" version="0"><prop name="bid_aggressiveness" value=""/><prop name="another" value="` + "\u2028" + `"/></entity>` +
		`<entity id="3" type="strategy" version="1"/></entities><status code="ok"/></result>`
	for name, raw := range map[string][]byte{"fake page": pageBytes(t, "application/xml"), "hostile": []byte(hostile)} {
		t.Run(name, func(t *testing.T) {
			want := refDecodeStrategies(t, raw)
			p, err := entity.DecodeXMLPage[entity.Strategy](bytes.NewReader(raw))
			require.NoError(t, err)
			require.Len(t, p.Items, len(want))
			for i, w := range want {
				got := p.Items[i]
				require.NotEmpty(t, entity.RawBytes(got))
				assert.Equal(t, string(entity.RawBytes(w)), string(entity.RawBytes(got)), "snapshot of record %d", i)
				assert.Equal(t, w.Extra, got.Extra, "extra of record %d", i)
				assert.Equal(t, stripState(w), stripState(got), "record %d", i)
			}
			if name == "hostile" {
				assert.JSONEq(t, `"x\"y"`, string(p.Items[0].Extra["brand_new"]))
				require.NotNil(t, p.Items[0].Campaign)
			}
		})
	}
}

func TestXMLSingleRecordDecodesAsBefore(t *testing.T) {
	raw := `<result><entity id="9" name="s" type="strategy" version="4"><prop name="odd" value="&lt;&gt;"/><prop name="goal_value"><amount currency_code="USD" value="7.25"/></prop></entity><status code="ok"/></result>`
	var want entity.Strategy
	res, err := wire.DecodeXML(strings.NewReader(raw))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(wire.EntityJSON(res.Entity, typeOfStrategy), &want))
	got := &entity.Strategy{}
	_, err = call.DataMeta.Decode(strings.NewReader(raw), "application/xml", got)
	require.NoError(t, err)
	assert.Equal(t, string(entity.RawBytes(&want)), string(entity.RawBytes(got)))
	assert.Equal(t, want.Extra, got.Extra)
	assert.Equal(t, stripState(&want), stripState(got))
}
