// Package pkce computes the PKCE S256 code challenge (RFC 7636) for the
// client's authorization-code flow and the fake's authorization server.
package pkce

import (
	"crypto/sha256"
	"encoding/base64"
)

// S256 returns the S256 challenge of verifier.
func S256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}
