package byoa

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

func seedTestdata(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err == nil {
			f.Add(b)
		}
	}
}

func FuzzDecodeModel(f *testing.F) {
	seedTestdata(f)
	f.Add([]byte(`{"Data":[{"Features":[{"__const":"1e308","a":-1e308}],"GoalType":"CPA","Boundaries":null}]}`))
	f.Add([]byte(`{"brain_type_id":{},"created_on":"maybe","Data":[{"Beta":"x","Features":[{"a":"b"}]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeModel(b)
		if err != nil {
			return
		}
		for i := range m.Data {
			sc, err := NewScorer(&m.Data[i])
			if err != nil {
				continue
			}
			x := make([]float64, sc.Len())
			for j := range x {
				x[j] = 1
			}
			if p := sc.Score(x); p < 0 || p > 1 {
				t.Fatalf("rate %v out of [0, 1]", p)
			}
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("a decoded model does not encode: %v", err)
		}
		// A misfit is written back as it came, so it is a misfit again.
		again, err := DecodeModel(out)
		if err != nil {
			t.Fatalf("an encoded model does not decode: %v\n%s", err, out)
		}
		if len(again.Misfits()) != len(m.Misfits()) {
			t.Fatalf("misfits %v, after a round trip %v", m.Misfits(), again.Misfits())
		}
	})
}

func FuzzDecodeBidRequest(f *testing.F) {
	f.Add([]byte(`{"id":"r1","imp":[{"id":"1","banner":{"w":300,"h":250}}],"tmax":500}`))
	f.Add([]byte(`{"id":"r","imp":[{"id":"1","bidfloor":"0.75","ext":{"a":1}}],"user":{"data":[{"id":"d","segment":[{"id":"1"}]}],"ext":{"pixels":{"1":"60"}}},"x":[1]}`))
	f.Add([]byte(`{"id":"r","imp":[{"id":"1"}],"user":{"ext":{"pixels":[{"id":1,"recency":"NaN"}]}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := DecodeBidRequest(b)
		if err != nil {
			return
		}
		_ = req.Enrichment()
		out, err := json.Marshal(req)
		if err != nil {
			t.Fatalf("a decoded request does not encode: %v", err)
		}
		again, err := DecodeBidRequest(out)
		if err != nil {
			t.Fatalf("an encoded request does not decode: %v\n%s", err, out)
		}
		if again.ID != req.ID || len(again.Imp) != len(req.Imp) {
			t.Fatalf("round trip changed the request")
		}
	})
}

func FuzzDecodeRecords(f *testing.F) {
	seedTestdata(f)
	f.Add([]byte(`{"data":{"emails":"x","executors":{"a":{"executor_id":"4"}}}}`))
	f.Add([]byte(`{"data":[{"campaign_id":"1","low":"0","high":99,"namespace":1}]}`))
	f.Add([]byte(`{"data":{"emails":[1],"executors":{"a":{"executor_id":{},"endpoints":[{"sample_rate":"all"}]}}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		targets := []any{new(settingList), new(Configuration), new(Executors), new(modelList), new(ModelInfo), new(DecodedModel), new(ExecutorInfo), new(Endpoint)}
		for _, dst := range targets {
			if err := decodeAs(t, b, dst); err != nil {
				continue
			}
			if _, err := json.Marshal(dst); err != nil {
				t.Fatalf("%T decoded but does not encode: %v", dst, err)
			}
		}
	})
}

func FuzzStreamEscape(f *testing.F) {
	f.Add([]byte("DAAA"))
	f.Add([]byte("a\"b\\c\n\x00\x1f é"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &jsonStringReader{src: bytes.NewReader(data)}
		body, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		var s string
		if err := json.Unmarshal(append(append([]byte{'"'}, body...), '"'), &s); err != nil {
			t.Fatalf("escaped data is not a JSON string: %v", err)
		}
		if utf8.Valid(data) && s != string(data) {
			t.Fatalf("escaping changed the data: %q != %q", s, data)
		}
		strict := &jsonStringReader{src: bytes.NewReader(data), strict: true, total: int64(len(data))}
		if out, err := io.ReadAll(strict); err == nil && len(data) > 0 && !bytes.Equal(out, data) {
			t.Fatalf("strict mode changed the data")
		}
	})
}
