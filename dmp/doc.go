// Package dmp is group F of the platform, audience segments v2.0:
// permissioned taxonomies of audience segments for data providers.
//
// Paths live under {base_url}/dmp/v2.0 (WithPrefix overrides it). Every
// call sends the bearer token and the adama_session cookie; answers use the
// {"data": ..., "meta": {"status": "success"}} envelope.
//
// Taxonomies are created with the whole tree and updated by posting the
// whole tree again (nodes to keep carry their id); Modify reads, edits and
// posts so that no node is dropped by accident. Node names are sent as
// HTML-entity-encoded text (every non-ASCII character as &#N;) and decoded
// back on read. ReadCSV and WriteCSV convert the taxonomy CSV of providers
// that do not use the interface to and from the JSON tree.
//
// Deprecated: group F v2.0 is deprecated since 1 August 2026; the platform
// moved its functionality into the v3.0 campaign interface (package
// targeting, /api/v3.0). There the Campaigns API reference reads audience
// segments (targeting.AudienceSegmentService: List and All by taxonomy_id,
// FrequentlyUsed, EstimateCPM) and audience vendors
// (targeting.AudienceVendorService), but has no taxonomies: nothing in it
// creates, changes or shares one, lists a vendor's grants or converts the
// taxonomy CSV. Each declaration says what replaces it, or that nothing
// does. Everything here still works.
package dmp

//go:generate go run ../internal/cmd/apigen -group dmp
