package reportfake

import (
	"bytes"
	"encoding/xml"
	"net/http"

	"github.com/adamasdk/adama-go/internal/fake"
)

// xmlType is the media type of every reporting error answer, as the
// reference shows it.
const xmlType = "text/xml; charset=UTF-8"

// writeStatus writes the reporting error form:
// <result><status code="..." reason="...">text</status></result>, with
// media type text/xml; charset=UTF-8. An empty reason is left out.
func writeStatus(w http.ResponseWriter, status int, code, reason, text string) {
	var b bytes.Buffer
	b.WriteString("<?xml version='1.0' ?>\n<result>\n  <status code=\"")
	_ = xml.EscapeText(&b, []byte(code))
	b.WriteString(`"`)
	if reason != "" {
		b.WriteString(` reason="`)
		_ = xml.EscapeText(&b, []byte(reason))
		b.WriteString(`"`)
	}
	b.WriteString(">")
	_ = xml.EscapeText(&b, []byte(text))
	b.WriteString("</status>\n</result>\n")
	w.Header().Set("Content-Type", xmlType)
	w.Header().Del("Content-Encoding")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// authError is the group's answer to a request that the fake's
// authentication or fault injection refuses: a 401 is the reference's
// <status code="auth_required" reason="not_logged_in">Authentication
// Required</status>, anything else the status element with the code and
// message given.
func authError(w http.ResponseWriter, _ *http.Request, status int, code, message string) {
	if status == http.StatusUnauthorized {
		writeStatus(w, status, "auth_required", "not_logged_in", "Authentication Required")
		return
	}
	writeStatus(w, status, code, "", message)
}

// registerErrors makes the fake's authentication and fault injection
// answer reporting paths in the group's XML form.
func registerErrors(r fake.Registrar) { fake.RegisterErrors(r, Prefix, authError) }
