package creatives

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

func TestUploadLocationURL(t *testing.T) {
	for _, tc := range []struct {
		name, host string
		port       int
		want       string // "" when refused
		field      string // the refused field
	}{
		{name: "bare host: https", host: "uploads.example", port: 8443, want: "https://uploads.example:8443/upload"},
		{name: "bare host, no port", host: "uploads.example", want: "https://uploads.example/upload"},
		{name: "https URL", host: "https://uploads.example", port: 443, want: "https://uploads.example:443/upload"},
		{name: "https URL with its own port and path", host: "https://uploads.example:9000/in", port: 1, want: "https://uploads.example:9000/in"},
		{name: "scheme in capitals", host: "HTTPS://uploads.example", want: "https://uploads.example/upload"},
		{name: "loopback name: http", host: "localhost", port: 8080, want: "http://localhost:8080/upload"},
		{name: "loopback address: http", host: "127.0.0.2", port: 81, want: "http://127.0.0.2:81/upload"},
		{name: "loopback IPv6", host: "::1", port: 81, want: "http://[::1]:81/upload"},
		{name: "loopback IPv6 without port", host: "::1", want: "http://[::1]/upload"},
		{name: "http to loopback", host: "http://127.0.0.1:5000", want: "http://127.0.0.1:5000/upload"},
		{name: "https to loopback", host: "https://localhost", port: 8443, want: "https://localhost:8443/upload"},
		{name: "host with its port", host: "uploads.example:7000", port: 8000, want: "https://uploads.example:7000/upload"},
		{name: "http elsewhere refused", host: "http://uploads.example", port: 80, field: "uploader.host"},
		{name: "http to a name that only looks local refused", host: "http://localhost.example", field: "uploader.host"},
		{name: "other scheme refused", host: "ftp://uploads.example", field: "uploader.host"},
		{name: "user information refused", host: "https://me:pw@uploads.example", field: "uploader.host"},
		{name: "no host", host: " ", field: "uploader.host"},
		{name: "port out of range", host: "uploads.example", port: 70000, field: "uploader.port"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &UploadLocation{Key: "k", Uploader: &Uploader{Host: tc.host, Port: tc.port}}
			got, err := l.URL()
			if tc.want != "" {
				require.NoError(t, err)
				assert.Equal(t, tc.want, got)
				return
			}
			var ve *adama.ValidationError
			require.ErrorAs(t, err, &ve)
			assert.True(t, ve.Has(tc.field, ""), err.Error())
			assert.Empty(t, got)
		})
	}
	var ve *adama.ValidationError
	_, err := (*UploadLocation)(nil).URL()
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("location", "required"))
	_, err = (&UploadLocation{Uploader: &Uploader{Host: "uploads.example"}}).URL()
	require.ErrorAs(t, err, &ve)
	assert.True(t, ve.Has("key", ""), "a location without a key")
}

// FuzzUploaderV2Answers decodes any body as the upload location and as the
// upload host's temporary file record: no panic, a record read once
// survives its own round trip, and a location's URL is either refused or
// https, or http to a loopback host.
func FuzzUploaderV2Answers(f *testing.F) {
	seeds(f)
	for _, s := range []string{
		`{"key":"k","uploader":{"host":"http://10.0.0.1","port":"80"}}`,
		`{"key":"k","uploader":{"host":"localhost","port":8080}}`,
		`{"key":"k","uploader":{"host":"[::1]","port":"x"}}`,
		`{"key":"k","uploader":{"host":"https://a:b@c","port":-1}}`,
		`{"size":"12","mtime":"2026-11-27T07:03:11.512Z","path":"/tmp/u","extra":{"a":[1]}}`,
		`{"size":1e3,"mtime":0,"name":7}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var loc UploadLocation
		if json.Unmarshal(b, &loc) == nil {
			roundTrip(t, &loc, new(UploadLocation))
			if u, err := loc.URL(); err == nil {
				p, perr := url.Parse(u)
				if perr != nil {
					t.Fatalf("URL %q does not parse: %v", u, perr)
				}
				if p.Scheme != "https" && (p.Scheme != "http" || !isLoopback(p.Hostname())) {
					t.Fatalf("URL %q is neither https nor http to a loopback host", u)
				}
			}
		}
		var tmp TempFile
		if json.Unmarshal(b, &tmp) == nil {
			roundTrip(t, &tmp, new(TempFile))
		}
	})
}

// roundTrip encodes v, decodes it into fresh and checks both encode alike.
func roundTrip(t *testing.T, v, fresh any) {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%T: marshal after a successful read: %v", v, err)
	}
	if err := json.Unmarshal(out, fresh); err != nil {
		t.Fatalf("%T: its own encoding %s does not read back: %v", v, out, err)
	}
	again, err := json.Marshal(fresh)
	if err != nil || string(again) != string(out) {
		t.Fatalf("%T: round trip changed %s into %s (%v)", v, out, again, err)
	}
}
