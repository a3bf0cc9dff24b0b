package targeting

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"testing"

	"github.com/adamasdk/adama-go/adama"
)

// FuzzStrategyTargetingAnswer reads any body as POST /targeting's answer
// and gives its outcomes to a few items: no panic, and every item that
// failed holds an *adama.Error naming at least one reason.
func FuzzStrategyTargetingAnswer(f *testing.F) {
	for _, name := range []string{"targeting_location.json", "targeting_partial.json"} {
		b, err := os.ReadFile("testdata/v3/audiences/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, 207, uint8(2))
		f.Add(b, 200, uint8(1))
	}
	f.Add([]byte(`{"data":{"location":null},"errors":{"code":"x","field":"strategy_id[9]"}}`), 207, uint8(3))
	f.Add([]byte(`{"data":{"location":[{"strategy_id":"7"}]},"errors":[1,"a",null,{"field":"strategy_id[0]"}]}`), 207, uint8(1))
	f.Add([]byte(`{"data":[],"errors":"oops"}`), 200, uint8(0))
	f.Fuzz(func(t *testing.T, body []byte, status int, n uint8) {
		var ans strategyTargetingAnswer
		if json.Unmarshal(body, &ans) != nil {
			return
		}
		res := &BulkResult[StrategyTargetingView]{Items: make([]BulkItem[StrategyTargetingView], n%8), Status: status}
		for i := range res.Items {
			res.Items[i] = BulkItem[StrategyTargetingView]{Index: i, ID: int64(i + 7)}
		}
		ans.outcomes(res, "/targeting")
		for _, it := range res.Items {
			if it.Record == nil {
				t.Fatalf("item %d without its record", it.Index)
			}
			if it.Err == nil {
				continue
			}
			var ae *adama.Error
			if !errors.As(it.Err, &ae) || len(ae.Fields) == 0 || ae.StatusCode != status {
				t.Fatalf("item %d: %v", it.Index, it.Err)
			}
		}
		if status == http.StatusMultiStatus && len(res.Items) > 0 && len(res.Failed()) == 0 {
			t.Fatal("a multi-status answer left every item succeeded")
		}
	})
}
