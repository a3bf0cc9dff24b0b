package record

import (
	"bytes"
	"testing"
)

// FuzzDecodeObject: any body decodes in both modes without panic, and a
// record that decoded writes back a form that decodes to the same form.
func FuzzDecodeObject(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"name":"a","on":true,"rate":0.5,"ids":[1,2],"code":"x"}`,
		`{"id":"7","on":"1","rate":"0.25","ids":["3",4],"opt":"9"}`,
		`{"id":"many","ID":5,"future":{"a":1},"code":1013003}`,
		`{"opt":"","tags":[1,true,"x"]}`,
		"{\"\xcf\":0}",
		`{"id":{},"name":"maybe","opt":"","code":true,"rate":[1]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, m := range []mode{lenient, strict, keeping} {
			var r rec
			extra, err := decodeObject(b, &r, recIdx, m)
			if err != nil {
				continue
			}
			out, err := EncodeObject(r, extra)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			var again rec
			extra2, err := decodeObject(out, &again, recIdx, m)
			if err != nil {
				t.Fatalf("re-decode %s: %v", out, err)
			}
			out2, err := EncodeObject(again, extra2)
			if err != nil || !bytes.Equal(out, out2) {
				t.Fatalf("round trip differs:\n%s\n%s", out, out2)
			}
		}
	})
}
