// Package beamio reads delivered opportunity batches (group G, the
// opportunity stream, storage delivery) in an Apache Beam pipeline, so one
// job decodes far more batches an hour than one process can: locally on
// the Prism runner, and unchanged on any portable runner (Dataflow, Flink,
// Spark).
//
// It is a module of its own (github.com/adamasdk/adama-go/firehose/beamio)
// so that the SDK's module does not depend on Beam.
//
//	ops, malformed, err := beamio.Read(s, "gs://bucket/prefix/*/2026-05-01/*/*", nil)
//	counts := beamio.CountByHour(s, ops, nil)
//
// [Read] matches the pattern on any Beam filesystem (local paths, gs://,
// s3://), hands one file to each element so the runner spreads files over
// its workers, and decodes each batch with the SDK's reader
// ([firehose.NewReader]: gzip, lzop or plain; JSON array or JSONL,
// detected from the bytes). Each [Opportunity] keeps its file, record
// number, line and offset, and carries as event time the delivery hour
// that the object name announces through the consumer's partition macro
// ([firehose.ParseMacro]). A malformed record, or a batch that ends early,
// is one [Malformed] element of the second output, with file, line and
// offset: never dropped silently, never failing the job.
//
// [Filter] keeps the opportunities that pass a consumer's filters (the
// four filter keys), and [CountByHour] counts opportunities per hour by
// exchange, channel type and geo ([Keys]).
//
// # Registration
//
// A Beam worker runs the same binary as the launcher and finds functions,
// types and coders by name in Beam's registry, before any pipeline code
// runs. This package therefore registers its DoFns, element types and the
// [Opportunity] coder in an init function, as every Beam transform
// package does; it has no other global state.
package beamio
