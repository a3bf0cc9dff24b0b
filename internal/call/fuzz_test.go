package call

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func FuzzEnvelopeDecode(f *testing.F) {
	for _, s := range []string{
		`{"data":[{"id":1,"name":"a"}],"meta":{"status":"success","count":"1","offset":"30","total_count":"1896"}}`,
		`{"data":{"id":"7"},"meta":{"status":"ok"}}`,
		`{"data":null}`,
		`{"errors":[{"code":"invalid","message":"m","field":"f"}],"meta":{"status":"error"}}`,
		`<?xml version="1.0"?><result><entities count="1" start="0"><entity id="1" name="n"/></entities><status code="ok"/></result>`,
		`<result><status code="invalid">Validation errors</status></result>`,
		`{"Name":"x"}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	// The hostile bodies' shapes, with a short fill.
	for _, file := range []string{"hostile_string.json", "hostile_whitespace.json", "hostile_attribute.xml", "hostile_whitespace.xml"} {
		tmpl, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		fill := "a"
		if strings.Contains(file, "whitespace") {
			fill = " "
		}
		b := bytes.Replace(tmpl, []byte("@FILL@"), bytes.Repeat([]byte(fill), 4096), 1)
		f.Add(b, strings.HasSuffix(file, ".xml"))
	}
	for _, file := range []string{"session_sibling.xml", "session_child.xml", "session.json"} {
		b, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, strings.HasSuffix(file, ".xml"))
	}
	f.Fuzz(func(t *testing.T, body []byte, xml bool) {
		mt := "application/json"
		if xml {
			mt = "application/xml"
		}
		var one rec
		var many []*rec
		_, _ = DataMeta.Decode(bytes.NewReader(body), mt, &one)
		_, _ = DataMeta.Decode(bytes.NewReader(body), mt, &many)
		_, _ = Bare.Decode(bytes.NewReader(body), mt, &one)
	})
}
