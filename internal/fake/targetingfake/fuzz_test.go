package targetingfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// FuzzCreateBody sends arbitrary bodies to the fake's create and update
// handlers: it answers 201, 200 or a 4xx in the group's error form, never
// panics and never stores a record that breaks the schema.
func FuzzCreateBody(f *testing.F) {
	f.Add([]byte(`{"target_id":8,"strategy_id":332,"restriction":"INCLUDE","operator":"OR"}`), uint8(0))
	f.Add([]byte(`{"name":"t","visible":true,"dimension_code":"REGN"}`), uint8(1))
	f.Add([]byte(`{"name":"a","agency_id":1,"vertical_id":1,"ad_server_id":1,"domain":"d","vendor_attributions":[{"vendor_id":1}]}`), uint8(2))
	f.Add([]byte(`{"version":1,"external_id":null}`), uint8(3))
	f.Add([]byte(`{"version":"1"}`), uint8(4))
	m := mux{http.NewServeMux()}
	st := Register(m)
	st.Add(Advertisers, map[string]any{"name": "a"})
	st.Add(Attachments, map[string]any{"target_id": 1})
	paths := []string{"/attachments", "/targets", "/advertisers", "/advertisers/1", "/attachment/1"}
	f.Fuzz(func(t *testing.T, body []byte, which uint8) {
		p := paths[int(which)%len(paths)]
		method := http.MethodPost
		if p == "/attachment/1" {
			method = http.MethodPut
		}
		req := httptest.NewRequest(method, Prefix+p, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, req)
		switch {
		case rec.Code == http.StatusCreated || rec.Code == http.StatusOK:
		case rec.Code >= 400 && rec.Code < 500:
			var e struct {
				Errors []map[string]any `json:"errors"`
				Meta   struct{ Status string }
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || len(e.Errors) == 0 || e.Meta.Status != "error" {
				t.Fatalf("%d answer is not the v3.0 error form: %s", rec.Code, rec.Body)
			}
		default:
			t.Fatalf("unexpected status %d: %s", rec.Code, rec.Body)
		}
	})
}
