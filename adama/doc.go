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
// Failures: every failure below HTTP (a dropped connection, a malformed
// answer, a redirect loop, TLS, DNS) is an *Error matching ErrTransport
// whose Err reaches the net error. A creating or updating call (not marked
// WithIdempotent) that may have been applied but lost its answer matches
// ErrOutcomeUnknown as well: read the record back before sending it again.
// A whole answer larger than WithMaxResponseBytes (8 MiB decompressed by
// default) matches ErrTooLarge; a call on a host or with a grant the client
// was not given matches ErrNotConfigured.
//
// Grants: one client may hold a token source (WithTokenSource, WithToken;
// the authorization-code grant of AuthCodeFlow) and client credentials
// (WithClientCredentials) at once; AuthBearer and AuthSession calls send
// the first, AuthClientCredentials calls the second. Tokens and the session
// are fetched once for all concurrent callers, each of whom waits only as
// long as its own context allows; Close ends fetches in flight.
//
// Rate: WithRateLimit holds every attempt to a client-wide limit, and a 429
// answer's Retry-After pauses every call of the client (up to
// RetryPolicy.MaxRetryAfter).
//
// Credentials and request bodies go only to the platform's own hosts with
// their configured scheme: a redirect that would take them to another host
// or scheme is refused (an *Error with Code CodeRedirectRefused), also for
// the token endpoint; a pre-signed URL on another host never receives the
// bearer token or the cookie. Neither appears in logs, error fields or the
// fmt output of a Client.
package adama
