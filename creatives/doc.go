// Package creatives covers group D of the platform's interface: creative
// interfaces.
//
//   - Video creatives v3 (current), prefix {base_url}/v3.0: bulk create and
//     update, create (with an optional pre-signed upload of the video file),
//     list by ids, get, full and partial update, VAST validation, history and
//     companions. Bearer token only.
//   - Classification v3 and IAB static data v3, same prefix, bearer only.
//   - Video creatives v2.0 ({base_url}/video/v2.0), classification v1.0
//     ({base_url}/classification/v1.0) and static data v1.0
//     ({base_url}/static_data/v1.0): deprecated in favour of the v3.0 paths
//     (spec §9); every such method carries a Deprecated note naming its
//     replacement and shares the v3 implementation where the shapes agree.
//   - Component (native) creatives v1.0, prefix
//     {base_url}/component_creatives/v1.0: bearer token and the
//     adama_session cookie.
//
// Build one Client from an *adama.Client and use its services:
//
//	cc := creatives.New(client)
//	res, err := cc.Videos.CreateAndUpload(ctx, in, file, size, creatives.UploadOptions{})
//
// The spec's paths win where a reference sample shows another prefix;
// WithV3Prefix and WithComponentPrefix override them.
package creatives

//go:generate go run ../internal/cmd/enumgen
