package main

import (
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The HTTP method a client chooses (x-go-http-method: field): where a
// client option changes the method an operation is sent with (a save
// sent with PUT on another version of the interface), the service holds
// the method in a string field its constructor sets, and the generated
// call sends that instead of the described method.

// readMethodField reads x-go-http-method: the service's field holding
// the operation's HTTP method ("" when the described one is sent).
func readMethodField(op *openapi3.Operation) (string, error) {
	raw, ok := op.Extensions["x-go-http-method"]
	if !ok {
		return "", nil
	}
	f, _ := raw.(string)
	if !isASCIIIdent(f) {
		return "", fmt.Errorf("x-go-http-method %v is not a Go field name", raw)
	}
	return f, nil
}

// sendMethodOf makes a rendered method send the HTTP method held in the
// service's field.
func sendMethodOf(m *svcMethod, src string) string {
	if m.methodField == "" {
		return src
	}
	return strings.ReplaceAll(src, "Method: http.Method"+httpConst(m.httpMethod)+",", "Method: s."+m.methodField+",")
}
