package openrtb_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/openrtb"
	"github.com/adamasdk/adama-go/internal/openrtb/rtbbench"
)

func seedTestdata(f *testing.F) {
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) == 0 {
		f.Fatal("no testdata", err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"id":"r","imp":[{"id":"1","bidfloor":"0.75","banner":{"w":"300","h":250.0,"format":[null,{"w":1}]}}],"tmax":"120"}`))
	f.Add([]byte(`{"id":1,"imp":[{"id":"1","bidfloor":{},"secure":"","exp":1e30,"banner":"x"}],"device":{"geo":{"lat":"NaN"}}}`))
	f.Add([]byte(`{"id":"a\u00e9\ud800","imp":[],"user":{"data":[{"segment":[{"id":[1]}]}],"ext":{"pixels":[{"id":1,"recency":"9"}]}}}`))
	f.Add([]byte(`{"id":"r","imp":[{"id":"1"}],"imp":[{"id":"2"}],"TMAX":1,"tmax":{}}`))
	f.Add([]byte(`{"id":"r","seatbid":[{"bid":[{"id":"b","impid":"1","price":"1e-3","ext":null}]}],"nbr":"2"}`))
	f.Add([]byte(`{"id":"a"} {"id":"b"}`))
	f.Add([]byte(`{"id":"r","ext":` + string(bytes.Repeat([]byte("["), 1100)) + string(bytes.Repeat([]byte("]"), 1100)) + `}`))
}

// checkRoundTrip writes v, reads it back into a fresh value and writes
// that again: both writings must be the same JSON, and the misfits the
// same.
func checkRoundTrip[T any, P interface {
	*T
	Misfits() []adama.Misfit
}](t *testing.T, v P) {
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%T decoded but does not encode: %v", v, err)
	}
	again := P(new(T))
	if err := json.Unmarshal(out, again); err != nil {
		t.Fatalf("%T: what was written does not read: %v\n%s", v, err, out)
	}
	out2, err := json.Marshal(again)
	if err != nil {
		t.Fatal(err)
	}
	var x, y any
	if json.Unmarshal(out, &x) != nil || json.Unmarshal(out2, &y) != nil || !reflect.DeepEqual(x, y) {
		t.Fatalf("%T: a second round trip changed it:\n%s\n%s", v, out, out2)
	}
	if !reflect.DeepEqual(fields(v.Misfits()), fields(again.Misfits())) {
		t.Fatalf("%T: misfits %v became %v", v, v.Misfits(), again.Misfits())
	}
	for _, m := range v.Misfits() {
		if !json.Valid(m.Raw) {
			t.Fatalf("misfit %s keeps invalid JSON %q", m.Field, m.Raw)
		}
	}
}

func fields(ms []adama.Misfit) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Field)
	}
	return out
}

// checkErrors holds the error rules of every decoder: bytes that are not
// valid JSON fail; a valid object (or null) reads, unless nested deeper
// than the decoder follows.
func checkErrors(t *testing.T, b []byte, err error) {
	valid := json.Valid(b)
	switch {
	case !valid && err == nil:
		t.Fatalf("invalid JSON read without error: %q", b)
	case valid && err != nil && !errors.Is(err, openrtb.ErrTooDeep):
		trimmed := bytes.TrimSpace(b)
		if trimmed[0] == '{' || string(trimmed) == "null" {
			t.Fatalf("a valid object fails: %v", err)
		}
	}
}

func FuzzBidRequest(f *testing.F) {
	seedTestdata(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		var req openrtb.BidRequest
		err := json.Unmarshal(b, &req)
		var direct openrtb.BidRequest
		derr := openrtb.Decode(b, &direct)
		if (err == nil) != (derr == nil) {
			t.Fatalf("json.Unmarshal says %v, Decode %v", err, derr)
		}
		checkErrors(t, b, req.UnmarshalJSON(b))
		if err != nil {
			return
		}
		if !reflect.DeepEqual(req, direct) {
			t.Fatalf("json.Unmarshal and Decode read differently")
		}
		_ = req.Enrichment()
		checkRoundTrip(t, &req)
		compareWithEncodingJSON(t, b, &req)
	})
}

// compareWithEncodingJSON checks the one-pass decoder against
// encoding/json on what both read the same way: a body whose values all
// have their plain JSON type (encoding/json reads it into the light view
// without error) and whose names are plain (see plainNames). What
// encoding/json read is written again and read by the one-pass decoder:
// the members of the light view must come out as the body gave them.
func compareWithEncodingJSON(t *testing.T, b []byte, req *openrtb.BidRequest) {
	var light rtbbench.Request
	if json.Unmarshal(b, &light) != nil || !plainNames(b) {
		return
	}
	viaLight, err := json.Marshal(light)
	if err != nil {
		t.Fatal(err)
	}
	var want openrtb.BidRequest
	if err := openrtb.Decode(viaLight, &want); err != nil {
		t.Fatalf("the light view's JSON does not read: %v\n%s", err, viaLight)
	}
	if got, want := lightMembers(req), lightMembers(&want); got != want {
		t.Fatalf("the one-pass decoder reads\n%s\nencoding/json reads\n%s", got, want)
	}
}

// lightMembers prints the members of r the light view holds.
func lightMembers(r *openrtb.BidRequest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q at=%d tmax=%d test=%d cur=%q bcat=%q badv=%q\n", r.ID, r.AT, r.TMax, r.Test, r.Cur, r.BCat, r.BAdv)
	for _, imp := range r.Imp {
		fmt.Fprintf(&b, "imp %q %q %s %q", imp.ID, imp.TagID, imp.BidFloor, imp.BidFloorCur)
		if imp.Banner != nil {
			fmt.Fprintf(&b, " banner %dx%d@%d %q", imp.Banner.W, imp.Banner.H, imp.Banner.Pos, imp.Banner.ID)
		}
		if v := imp.Video; v != nil {
			fmt.Fprintf(&b, " video %q %d-%d %v %dx%d %d", v.Mimes, v.MinDuration, v.MaxDuration, v.Protocols, v.W, v.H, v.Linearity)
		}
		b.WriteByte('\n')
	}
	if s := r.Site; s != nil {
		fmt.Fprintf(&b, "site %q %q %q %q %q %q\n", s.ID, s.Name, s.Domain, s.Page, s.Ref, s.Cat)
	}
	if a := r.App; a != nil {
		fmt.Fprintf(&b, "app %q %q %q %q %q\n", a.ID, a.Name, a.Bundle, a.StoreURL, a.Cat)
	}
	if d := r.Device; d != nil {
		fmt.Fprintf(&b, "device %q %q %q %d %q %q %q %q %q %q\n", d.UA, d.IP, d.IPv6, d.DeviceType, d.Make, d.Model, d.OS, d.OSV, d.Language, d.IFA)
		if d.Geo != nil {
			fmt.Fprintf(&b, "geo %q %q %q %q %q %d\n", d.Geo.Country, d.Geo.Region, d.Geo.Metro, d.Geo.City, d.Geo.Zip, d.Geo.Type)
		}
	}
	if u := r.User; u != nil {
		fmt.Fprintf(&b, "user %q %q %d %q %s\n", u.ID, u.BuyerUID, u.YOB, u.Gender, compact(u.Ext))
	}
	fmt.Fprintf(&b, "ext %s", compact(r.Ext))
	return b.String()
}

// compact prints raw JSON in one canonical form, so that two spellings of
// the same value ("&" and "\u0026", which encoding/json writes for it)
// print alike.
func compact(raw json.RawMessage) string {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return string(raw)
	}
	return string(out)
}

// plainNames reports whether every member name in b is made of lower-case
// letters, digits and underscores (encoding/json also matches a name in
// another case) and no object names a member twice (encoding/json merges
// a repeated object into the first).
func plainNames(b []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		names map[string]bool // nil in an array
		name  bool            // the next token of the object is a name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.names != nil && top.name {
			if top.names[s] || strings.TrimFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' }) != "" {
				return false
			}
			top.names[s], top.name = true, false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{names: map[string]bool{}, name: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 && stack[len(stack)-1].names != nil {
			stack[len(stack)-1].name = true // a value was read: a name comes next
		}
	}
}

func TestPlainNames(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"id":"R","imp":[{"id":"1","banner":{"w":1}},{"id":"2"}],"ext":{"a_b":[{"c":1}]}}`, true},
		{`{"id":"r","ID":"s"}`, false},
		{`{"imp":[{"id":"1","id":"2"}]}`, false},
		{`{"a":{"x":1},"b":{"x":1}}`, true},
		{`{"a":[1,{"b":2}],"a":3}`, false},
	}
	for _, tt := range tests {
		if got := plainNames([]byte(tt.in)); got != tt.want {
			t.Errorf("plainNames(%s) = %v", tt.in, got)
		}
	}
	for _, f := range []string{"opportunity.json", "router_request.json", "app_request.json"} {
		if !plainNames(readTestdata(t, f)) {
			t.Errorf("%s is not compared with encoding/json", f)
		}
	}
	var light rtbbench.Request
	if err := json.Unmarshal(readTestdata(t, "opportunity.json"), &light); err != nil {
		t.Errorf("the opportunity body is not compared with encoding/json: %v", err)
	}
}

func FuzzBidResponse(f *testing.F) {
	seedTestdata(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		var resp openrtb.BidResponse
		err := json.Unmarshal(b, &resp)
		checkErrors(t, b, resp.UnmarshalJSON(b))
		if err != nil {
			return
		}
		checkRoundTrip(t, &resp)
	})
}

// FuzzNestedTypes reads the bytes as each nested type on its own, as a
// caller decoding part of a request does.
func FuzzNestedTypes(f *testing.F) {
	seedTestdata(f)
	f.Add([]byte(`{"id":"1","banner":{"w":"300"},"bidfloor":"1.5","pmp":{"deals":[{"id":"d","bidfloor":2}]}}`))
	f.Add([]byte(`{"lat":"1.5","lon":-2,"utcoffset":"60","country":"USA"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		each := []func() error{
			nested[openrtb.Imp](t, b), nested[openrtb.Banner](t, b), nested[openrtb.Video](t, b),
			nested[openrtb.Native](t, b), nested[openrtb.PMP](t, b), nested[openrtb.Deal](t, b),
			nested[openrtb.Site](t, b), nested[openrtb.App](t, b), nested[openrtb.Device](t, b),
			nested[openrtb.Geo](t, b), nested[openrtb.User](t, b), nested[openrtb.Data](t, b),
			nested[openrtb.Regs](t, b), nested[openrtb.SeatBid](t, b), nested[openrtb.Bid](t, b),
			nested[openrtb.Format](t, b), nested[openrtb.Publisher](t, b), nested[openrtb.Segment](t, b),
		}
		for _, fn := range each {
			checkErrors(t, b, fn())
		}
	})
}

func nested[T any, P interface {
	*T
	Misfits() []adama.Misfit
	UnmarshalJSON([]byte) error
}](t *testing.T, b []byte) func() error {
	return func() error {
		v := P(new(T))
		if err := v.UnmarshalJSON(b); err != nil {
			return err
		}
		checkRoundTrip(t, v)
		return nil
	}
}
