// Package adama is the root of the adama-go SDK: one *Client that holds the
// platform's base URLs ({base_url}, {auth_url}, {byoa_url}) and the HTTP
// stack every API group uses — OAuth 2.0 tokens (authorization code with
// PKCE through AuthCodeFlow, client credentials with a JSON body through
// WithClientCredentials, or any oauth2.TokenSource), the adama_session
// cookie bootstrapped once from GET /api/v2.0/session, retries through
// go-retryablehttp, and decoding of every error form into *Error.
//
// Group packages (entity, reporting, ...) build their services from a
// Client:
//
//	c, err := adama.NewClient(adama.WithBaseURL(base), adama.WithAuthURL(auth),
//		adama.WithTokenSource(ts))
//	ec := entity.New(c)
//
// Values shared by the groups live here: Money (exact, every currency),
// Decimal, Time (the YYYY-MM-DDTHH:MM:SS+0000 form), Bool (on/off/1/0),
// Error with its sentinels, and ValidationError for rules broken before a
// request is sent.
//
// Retries: connection errors and 429, 500, 502, 503 and 504 answers are
// retried for GET, HEAD, PUT and DELETE and for requests marked
// Idempotent; a POST that creates or updates is retried only when it
// provably never reached the server or the call carries WithIdempotent.
// Retry-After is honoured up to RetryPolicy.MaxRetryAfter; waits have
// jitter and end with the context. The final answer reaches the caller as
// an *Error.
//
// Credentials go only to the platform's own hosts: a redirect or a
// pre-signed URL on another host never receives the bearer token or the
// cookie, and neither appears in logs or error strings.
package adama
