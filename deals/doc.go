// Package deals is group E of the platform, marketplaces v1.0: deals, deal
// groups, publishers, channels, bulk deal operations, deal analytics and the
// strategies that use a deal or a group.
//
// Paths live under {base_url}/deals/v1.0 (WithPrefix overrides it). Every
// call sends the bearer token and the adama_session cookie. Answers use the
// {"data": ..., "meta": {...}} envelope; channels may also come as a bare
// array. Nothing in this group is deprecated.
//
// Records keep every property the SDK does not model in Extra, so a read,
// change and write loses nothing; Update and the bulk calls send only what
// changed since the record was read. Money is exact (Price holds an
// adama.Decimal); date-times keep their offsets (adama.Time).
//
// Every rule of the specification and the reference that the client can
// know is checked before sending; a broken rule is an *adama.ValidationError
// naming each field and rule, and nothing reaches the server.
package deals

//go:generate go run ../internal/cmd/apigen -group deals
