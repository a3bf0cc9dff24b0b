package wire_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"reflect"
	"testing"

	"github.com/adamasdk/adama-go/internal/wire"
)

func xmlPage(n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0"?><result called_on="2026-01-02T03:04:05+0000"><entities count="%d" start="0">`, n)
	for i := range n {
		fmt.Fprintf(&b, `<entity name="Agency %d" id="%d" type="agency" version="3">`+
			`<prop name="status" value="1"/><prop name="organization_id" value="100001"/>`+
			`<prop name="created_on" value="2026-01-02T03:04:05+0000"><local_time value="2026-01-01T22:04:05" zone_name="America/New_York"/></prop>`+
			`<prop name="budget"><amount currency_code="USD" value="12.50"/></prop><prop name="ratio" value="0.25"/><prop name="live" value="on"/>`+
			`<entity rel="organization" name="Org" id="100001" type="organization" version="0"/></entity>`, i, i+1)
	}
	b.WriteString(`</entities><status code="ok"/></result>`)
	return b.Bytes()
}

// BenchmarkXMLEntityDecode compares decoding a 100-entity XML page into
// typed records (XML → JSON form → record) with plain encoding/xml into the
// generic entity structure.
func BenchmarkXMLEntityDecode(b *testing.B) {
	data := xmlPage(100)
	b.Run("sdk", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		t := reflect.TypeFor[agency]()
		for b.Loop() {
			res, err := wire.DecodeXML(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			out := make([]agency, len(res.Entities.Entities))
			for i := range res.Entities.Entities {
				if err := json.Unmarshal(wire.EntityJSON(&res.Entities.Entities[i], t), &out[i]); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var res wire.Result
			if err := xml.Unmarshal(data, &res); err != nil {
				b.Fatal(err)
			}
		}
	})
}
