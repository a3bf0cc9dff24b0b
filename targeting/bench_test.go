package targeting_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/targeting"
)

// page100 is a 100-attachment list body in the v3.0 form.
func page100() []byte {
	var b strings.Builder
	b.WriteString(`{"data":[`)
	for i := range 100 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"entity_type":"attachment","target_id":%d,"strategy_id":332,"restriction":"INCLUDE","operator":"OR","created_on":"2026-03-01T10:00:00+0000","updated_on":"2026-03-01T10:00:00+0000","version":3,"or_better":false}`, i+1, i+8)
	}
	b.WriteString(`],"meta":{"status":"success","count":100,"total_count":250,"offset":0}}`)
	return []byte(b.String())
}

// BenchmarkDecodeAttachmentPage decodes the page's records with the
// package's liberal record decoder (Extra kept), as page items (*T) with
// the snapshot Update diffs against.
func BenchmarkDecodeAttachmentPage(b *testing.B) {
	body := page100()
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		var env struct {
			Data []*targeting.Attachment `json:"data"`
		}
		if err := json.Unmarshal(body, &env); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeAttachmentPageStdlib is the baseline: encoding/json into
// a plain struct of the same fields (strict, no Extra).
func BenchmarkDecodeAttachmentPageStdlib(b *testing.B) {
	type plain struct {
		ID          int64  `json:"id"`
		EntityType  string `json:"entity_type"`
		TargetID    int64  `json:"target_id"`
		StrategyID  int64  `json:"strategy_id"`
		Restriction string `json:"restriction"`
		Operator    string `json:"operator"`
		CreatedOn   string `json:"created_on"`
		UpdatedOn   string `json:"updated_on"`
		Version     int64  `json:"version"`
		OrBetter    bool   `json:"or_better"`
	}
	body := page100()
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		var env struct {
			Data []plain `json:"data"`
		}
		if err := json.Unmarshal(body, &env); err != nil {
			b.Fatal(err)
		}
	}
}
