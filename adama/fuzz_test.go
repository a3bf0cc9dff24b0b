package adama_test

import (
	"encoding/json"
	"net/http"
	"os"
	"testing"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/adama"
)

func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"12.50", "-0.001", "1e3", "1.5E-2", "0", "123456789012345678901234567890.5", "", "abc", "+.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := adama.ParseDecimal(s)
		if err != nil {
			return
		}
		// The canonical form parses back to itself.
		back, err := adama.ParseDecimal(d.String())
		if err != nil || back.String() != d.String() {
			t.Fatalf("%q -> %q -> %q (%v)", s, d.String(), back.String(), err)
		}
		if d.Cmp(back) != 0 {
			t.Fatalf("Cmp of equal values")
		}
	})
}

func FuzzMoneyJSON(f *testing.F) {
	for _, s := range []string{
		`[{"currency_code":"USD","value":12.5}]`, `[{"currency_code":"USD","value":"0.10"},{"currency_code":"EUR","value":3}]`,
		`100`, `"7.25"`, `{"currency_code":"GBP","value":1}`, `null`, `[]`, `[{"value":1e2}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m adama.Money
		if json.Unmarshal(b, &m) != nil {
			return
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var back adama.Money
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("re-read %s: %v", out, err)
		}
		if len(back) != len(m) {
			t.Fatalf("lost currencies: %v vs %v", m, back)
		}
		for i := range m {
			if m[i].CurrencyCode != back[i].CurrencyCode || m[i].Value.Cmp(back[i].Value) != 0 {
				t.Fatalf("changed: %v vs %v", m, back)
			}
		}
	})
}

func FuzzTimeText(f *testing.F) {
	for _, s := range []string{"2026-03-04T05:06:07+0000", "2026-03-04T05:06:07+00:00", "2026-03-04T05:06:07", "2026-03-04 05:06:07.123456+00", "2026-03-04", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var tm adama.Time
		if tm.UnmarshalText([]byte(s)) != nil {
			return
		}
		if tm.Year() < 0 || tm.Year() > 9999 {
			return
		}
		out, err := tm.MarshalText()
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		var back adama.Time
		if err := back.UnmarshalText(out); err != nil || !back.Equal(tm.Truncate(1e9)) {
			t.Fatalf("%q -> %s -> %v (%v)", s, out, back, err)
		}
	})
}

func FuzzBoolJSON(f *testing.F) {
	for _, s := range []string{`true`, `0`, `"on"`, `"off"`, `"1"`, `null`, `"x"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v adama.Bool
		if json.Unmarshal(b, &v) != nil {
			return
		}
		out, _ := json.Marshal(v)
		var back adama.Bool
		if err := json.Unmarshal(out, &back); err != nil || back != v {
			t.Fatalf("round trip of %s", b)
		}
	})
}

func FuzzErrorFromBody(f *testing.F) {
	seeds := []struct {
		ct, body string
	}{
		{"application/json", `{"errors":[{"code":"invalid","message":"bad","field":"name"}],"meta":{"status":"error"}}`},
		{"text/xml", `<result><status code="not_found" reason="x">gone</status></result>`},
		{"application/json", `{"meta":{"status":"conflict"}}`},
		{"text/html", `<html><title>502</title></html>`},
		{"", ``},
		{"application/json", `{"error":"invalid_grant","error_description":"no"}`},
	}
	for _, s := range seeds {
		f.Add(400, s.ct, []byte(s.body))
	}
	for file, ct := range map[string]string{
		"error_invalid_utf8.json": "application/json", "error_invalid_utf8.xml": "text/xml",
		"error_invalid_utf8.txt": "text/plain", "error_invalid_utf8.html": "text/html",
		"video_field_errors.json": "application/json", "video_field_error_single.json": "application/json",
		"video_field_errors_two.json": "application/json",
	} {
		b, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(500, ct, b)
	}
	f.Fuzz(func(t *testing.T, status int, ct string, body []byte) {
		e := adama.ErrorFromBody(status, http.Header{"Content-Type": {ct}}, "GET", "/x", body)
		if e == nil {
			t.Fatal("nil error")
		}
		if len(e.Body) > 512 {
			t.Fatalf("excerpt too long: %d", len(e.Body))
		}
		for _, s := range []string{e.Error(), e.Code, e.Reason, e.Message, e.Body} {
			if !utf8.ValidString(s) {
				t.Fatalf("not valid UTF-8: %q", s)
			}
		}
		for _, fe := range e.Fields {
			if !utf8.ValidString(fe.Code + fe.Field + fe.Message) {
				t.Fatalf("field error not valid UTF-8: %q", fe)
			}
		}
	})
}
