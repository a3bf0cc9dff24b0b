// Package byoa covers spec group H, the custom algorithm interface, on its
// own server {byoa_url} (adama.HostBYOA, configured with
// adama.WithBYOAURL). The interface is unversioned in its paths (spec
// §9) and has no prefix: /campaign_settings, /custombidrouter and /data.
//
// Services:
//
//   - CampaignSettings and StrategySettings: which share of a campaign's or
//     a strategy's impressions a custom model values (GET, PUT, DELETE).
//   - BidRouter: the custom bid router's configuration, its executors and
//     their sample rate.
//   - Models: upload (streamed for large models), read, decode and delete
//     model coefficients of a custom brain.
//
// Answers use the {"data": ..., "meta": {"status": "success"}} envelope;
// errors the JSON error envelope {"errors": [{"code", "message"}], "meta":
// {"status": "error"}} with codes such as Not_Found_ModelData, sent with
// status 400 where the entity is missing.
//
// Authentication: the bearer token plus the session
// (adama.AuthSessionHeaders): the adama_session cookie as the spec (§5)
// gives it, and the adama_session and adama_session_exp request headers
// the reference's samples show. All of them go to {byoa_url} only.
//
// Not-found answers come with status 400 and codes such as
// Not_Found_ModelData, Not_Found_CampaignSetting and Not_Found_Executor;
// they match adama.ErrNotFound (not adama.ErrBadRequest) whatever the
// status.
//
// A model upload is a PUT: repeating it is harmless, so it is retried on
// connection errors and 5xx answers. An upload that got no answer (or only
// a gateway's) has an unknown outcome; Models.Get tells whether it took
// effect.
//
// Beyond the interface the package offers a local Scorer that evaluates a
// decoded model the way the custom brain does, and NewHandler, an
// http.Handler for the endpoint the custom bid router calls with OpenRTB
// 2.4 bid requests.
//
// Nothing in the group is deprecated.
package byoa

//go:generate go run ../internal/cmd/apigen -group byoa
