package pkce

import (
	"testing"

	"golang.org/x/oauth2"
)

// The challenge the client's x/oauth2 flow sends is the one the fake checks.
func TestS256MatchesOAuth2(t *testing.T) {
	for _, v := range []string{"dBjftJeZ4CVP-mB92K9uhvLmTM9xN5GJxQy4yd0x6ZI", oauth2.GenerateVerifier()} {
		if got, want := S256(v), oauth2.S256ChallengeFromVerifier(v); got != want {
			t.Fatalf("S256(%q) = %s, want %s", v, got, want)
		}
	}
	if got := S256("dBjftJeZ4CVP-mB92K9uhvLmTM9xN5GJxQy4yd0x6ZI"); got != "km1Cee1SgCUdrI1oR6Nqs4IT14hVLMoSIT52AwyRz7c" {
		t.Fatalf("S256 = %s", got)
	}
}
