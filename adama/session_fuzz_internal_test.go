package adama

import (
	"os"
	"testing"
)

func FuzzSessionExpires(f *testing.F) {
	for _, file := range []string{"session_sibling.xml", "session_child.xml", "session.json"} {
		b, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add("text/xml", b)
		f.Add("application/json", b)
	}
	f.Add("", []byte(`<result><session expires="x"/><entity><session expires="y"/></entity></result>`))
	f.Fuzz(func(t *testing.T, ct string, body []byte) {
		if got := sessionExpires(ct, body); len(got) > len(body) {
			t.Fatalf("expiry %q longer than the body", got)
		}
	})
}
