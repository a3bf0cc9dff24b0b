// Package creatives covers group D of the platform's interface: creative
// interfaces.
//
//   - Video creatives v3 (current), prefix {base_url}/v3.0: bulk create and
//     update, create (with an optional pre-signed upload of the video file),
//     list by ids, get, update, VAST validation, history and companions.
//     Bearer token only.
//   - Classification v3 and IAB static data v3, same prefix, bearer only.
//   - Video creatives v2.0 ({base_url}/video/v2.0), classification v1.0
//     ({base_url}/classification/v1.0) and static data v1.0
//     ({base_url}/static_data/v1.0): deprecated in favour of the v3.0 paths
//     (spec §9). They are methods of the current services named after the
//     current method with the old version as suffix (Videos.GetV2,
//     Companions.ListV2, Classifications.GetV1, StaticData.ListV1); every
//     such method carries a Deprecated note naming its replacement and
//     shares the v3 implementation where the shapes agree.
//   - Component (native) creatives v1.0, prefix
//     {base_url}/component_creatives/v1.0: bearer token and the
//     adama_session cookie. WithComponentV3 uses the v3.0 paths the
//     reference also documents.
//
// Writes follow read, change, save: Create and Update take and return the
// record itself, Update sends what changed since the record was read with
// Get (the whole record where the platform's update replaces), with its
// unknown properties, and Modify reads, applies a change and saves.
// Companions are a sub-resource: their methods take the creative id first.
//
// Uploads stream the file (it never sits in memory) to the pre-signed
// storage URL the create answer carries, with the headers signed into it
// and no bearer token, cookie or other platform credential; the URL's
// signature never appears in errors, logs or printed values.
//
// A v2 video file may also go through the platform's upload host, as the
// platform's public clients send it: UploadLocationV2 answers the upload
// key and the upload host, SendToUploaderV2 streams the file there and
// returns the upload host's temporary file record (TempFile), and
// TakeUploadV2 has the platform take it; UploadViaUploaderV2 makes the
// three calls. The upload host gets the platform's credentials only when
// it is the platform's own origin (scheme, host and port), and is reached
// over https unless it is a loopback host.
//
// Build one Client from an *adama.Client and use its services:
//
//	cc := creatives.New(client)
//	res, err := cc.Videos.CreateAndUpload(ctx, in, file, size, creatives.UploadOptions{})
//
// The spec's paths win where a reference sample shows another prefix;
// WithV3Prefix and WithComponentPrefix override them.
//
// Version: v3.0 for video, classification and static data (v2.0 and v1.0
// deprecated, spec §9); v1.0 for component creatives.
package creatives

//go:generate go run ../internal/cmd/apigen -group creatives
