// Package firehose is the client of group G of the platform: the
// opportunity-stream configuration, version 2.0, path prefix
// {base_url}/opportunity-firehose/v2.0 (current, not deprecated).
//
// A consumer receives filtered, sampled bid opportunities, delivered to a
// web endpoint or to object-storage buckets (cloud1, cloud2). Its
// configuration is read and changed through the services of [Client],
// read, change, save: each record says whose it is (a [ConsumerName]:
// the platform names consumers, it does not number them), Get fills it
// in and Update saves the record whole (the platform's POSTs replace):
//
//	fc := firehose.New(client)
//	names, err := fc.Consumers.Names(ctx)
//	saved, err := fc.Consumers.Modify(ctx, "example-consumer", func(s *firehose.ConsumerSettings) error {
//		s.SampleSettings.SampleRate = 5
//		return nil
//	})
//
// # Authentication
//
// Group G takes only the client-credentials grant's bearer token (no
// session cookie): build the client with adama.WithClientCredentials(id,
// secret, audience). Its calls send that token (adama.AuthClientCredentials)
// even when the same client also holds an authorization-code token for the
// session-based groups.
//
// # Wire form
//
// Bodies are bare PascalCase JSON objects (no data/meta envelope). The
// spec's names are the SDK's: storage settings are Cloud1Settings and
// Cloud2Settings, filter keys are X-Svc-Exch-Id, X-Svc-Deal-Id,
// X-Svc-Channel-Type and X-Svc-Geo. Every record keeps the properties the
// SDK does not model in its Extra map, so a GET posted back loses nothing.
//
// # Validation
//
// Every change is checked before sending and refused as one
// *adama.ValidationError: sample rate 0 to 100, at least one filter of the
// four keys, known channel types, geo ids of the reference list, web
// endpoints as absolute URLs, partition macros (see [ParseMacro]), and
// RoleARN and ExternalID, which cannot be changed. [Permissions.Check] says
// whether a planned change is within what the caller may change without
// support.
//
// # Delivered data
//
// [NewReader] reads delivered batches (gzip, lzop or plain; JSON array or
// JSONL, detected from the bytes) one opportunity at a time with constant
// memory; [NewLZOPReader] reads the lzop container on its own;
// [NewReceiver] is the http.Handler a web-endpoint consumer mounts.
package firehose

//go:generate go run ../internal/cmd/apigen -group firehose
