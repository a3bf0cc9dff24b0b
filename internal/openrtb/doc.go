// Package openrtb holds the OpenRTB 2.4 bid request and bid response types
// that byoa and firehose both export (as type aliases under the same
// names): the request a custom bid router forwards to a bidder is the same
// Go type as the request of a delivered firehose opportunity.
//
// Every type reads the JSON the platform sends the way every record of the
// SDK is read: numbers may come as strings, prices and floors are exact
// decimals (adama.Decimal), members the types do not model are kept in
// Extra and written back, and a value that fits no documented form leaves
// its field at zero, is kept as it came and is listed by Misfits, instead
// of failing the whole request. Decoding is one pass over the bytes with
// no reflection, fast enough for the firehose reader's throughput.
//
// The doc comments of the types speak to users: they are what go doc
// shows for byoa.BidRequest and firehose.BidRequest.
package openrtb

//go:generate go run ./gen
