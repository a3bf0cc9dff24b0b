// Package targeting is the client of group B of the platform: the
// targeting and advertiser interface, version 3.0 (spec version string
// 3.0.1807), path prefix /api/v3.0 under {base_url}. Calls send the
// bearer token and the adama_session cookie, as group A's do. The group
// is current; within it the /attachment and /target path families are
// legacy.
//
//	tc := targeting.New(client)
//	att, err := tc.Attachments.Create(ctx, &targeting.Attachment{
//		TargetID: 8, StrategyID: 332,
//		Restriction: targeting.RestrictionInclude, Operator: targeting.OperatorOr,
//	})
//	att.OrBetter = adama.Ptr(true)
//	att, err = tc.Attachments.Update(ctx, att) // sends {"version":1,"or_better":true}
//	att, err = tc.Attachments.Modify(ctx, att.ID, func(a *targeting.Attachment) error {
//		a.Operator = targeting.OperatorAnd
//		return nil
//	})
//
// # Resources
//
//   - Attachments: /attachments (list by strategy and dimensions, get,
//     create, update with version, delete).
//   - Targets: /targets (list, get, create, update with version, delete).
//   - TargetPaths: /target-path (list).
//   - Advertisers: /advertisers (list with with=agency and full=*, get,
//     extended get, create, update with version, history).
//   - Permissions: user permissions (reference tag User Permissions):
//     update (POST /users/{user_id}/permissions), a user's permissions
//     at every level (Get, GET /permissions/{user_id}, and Check, POST),
//     per level (/permissions/{user_id}/organizations, agencies,
//     advertisers, campaigns, strategies), in the v2 format (GetV2 and
//     CheckV2, GET and POST /permissions/{user_id}/v2format), per entity
//     (/organizations|agencies|advertisers/{id}/permissions) and the users
//     of a campaign or strategy (/campaigns|strategies/{id}/permissions).
//   - StrategyTemplates: /strategy_templates (list by level, get, create,
//     update that replaces, delete; templates carry no version).
//   - NewStrategyGroups: /new_strategy_groups (list of one campaign, get,
//     get with strategies, create, update with version, delete, history).
//   - CampaignPlans: /campaign_plans (list, get, create, update with
//     version that sends every field, since the platform replaces them).
//   - NewStrategyPlanTargetValues: /new_strategy_plan_target_values (list,
//     full=* for every property).
//   - NewStrategyPlans: /new_strategy_plans (list by owner, get, extended
//     get, create, update with version, delete, and the forecasts of a
//     plan: Forecast of one not saved, RunForecast of a saved one, which
//     keeps it), described in targeting.newplans.yaml.
//   - Campaigns: /campaigns (list with with= and full=*, get, extended
//     get, create, update with version, history, copy), described in
//     targeting.campaigns.yaml; BudgetFlights: a campaign's flights
//     (/campaigns/{id}/budget_flights, list and history; a flight is
//     written through its campaign's budget); Concepts: /concepts (list by
//     media type, get, create, update, history); Contracts: /contracts
//     (list, get, create, update, history, every fee an exact
//     adama.Decimal).
//
// # Campaigns here and in package entity
//
// Both packages model campaigns. Use this package's Campaign, the v3.0
// interface's, for new code: its settings are grouped (duration, goals,
// budget with its flights, frequency, pacing, attribution, ...), it holds
// what v2.0 cannot (custom brain selections, site lists, vendor
// contracts), and one record carries the budget flights v2.0 keeps as
// records of their own. Use entity.Campaign where a program already works
// in the v2.0 interface, alongside its strategies and other group A
// records; the same campaign id names the campaign in both. The two
// shapes differ too much for a faithful conversion (v2.0's amounts are
// money arrays by currency, v3.0's decimals in the budget's one currency),
// so none is offered: read the campaign from the interface whose shape
// the program needs.
//
// # Older paths
//
// The v3.0 interface keeps an older path family for attachments and
// targets (/attachment and /target, marked legacy by the Campaigns API
// reference). As in every group, an older form of a call is a method of the
// current service named after the current method with the version it calls
// as suffix, marked Deprecated and naming the current call; here that
// version is v3.0 itself, so the suffix is V3. They share the current
// call's implementation, the path being the only difference:
//
//   - AttachmentService.ListV3, CreateV3 (GET, POST /attachment),
//     GetV3, UpdateV3 (PUT), DeleteV3 (/attachment/{id});
//   - TargetService.ListV3, CreateV3 (GET, POST /target),
//     GetV3, UpdateV3 (PUT), UpdateV3Post (POST), DeleteV3
//     (/target/{id}).
//
// # Wire form
//
// Bodies are JSON. Answers are {"data": ..., "meta": {...}} with meta.status
// "success" and, on lists, count, offset, total_count and next_page; a
// create is answered 201; a delete answers meta alone (Delete returns
// nil). Errors are {"errors": [{code, field, message}], "meta":
// {"status": "error"}} and come back as *adama.Error; a stale version on
// update is a 409 matching adama.ErrConflict.
//
// # Writes
//
// Create and Update take and return the record itself. Create sends the
// writable fields that are set (read-only ones never). Update is read,
// change, save: a record keeps, unexported, the body it was read from,
// and Update sends the record's version and what changed since (every set
// field for a record built by hand), changed or removed unknown
// properties included. Optional fields are pointers: nil is absent, and
// setting nil on a record read with a value sends null, which clears it
// where the reference lets an update clear the field (advertisers'
// external_id, frequency_interval, frequency_type, frequency_amount,
// ads_txt_verified, vendor_attributions); elsewhere Update refuses it, as
// it refuses a change to a read-only field. false, 0 and "" are sent.
// Modify does Get, change and Update, and starts over on a conflict
// (adama.DefaultModifyAttempts rounds).
//
// Records read liberally (integers as numbers, integral floats or numeric
// strings; booleans as true/false, 1/0, on/off; enum values the SDK does
// not know are kept) and keep every property they do not model in Extra,
// so a read-modify-write loses nothing. A value that fits no documented
// form leaves its field zero and is reported by Misfits with its raw
// value; Update leaves it as the server has it unless the field is set
// since, and MarshalJSON writes it back as it came.
//
// The records and enums are generated (records_gen.go) from the group's
// OpenAPI description, internal/apispec/targeting.yaml, which describes
// every operation these services call, and so are the rules of the
// attachment, target and advertiser records, the paging limits, and most
// service methods with their options structs and the create and update
// bodies of the snapshot records (services_gen.go). Written by hand: the
// client, the rules of the list options, Attachments.ListV3,
// Advertisers.Get and GetExtended, Campaigns.Get and GetExtended, the
// create and update bodies of campaigns (the held records' read-only
// properties left out) and concepts (the name sent with every update),
// and the permission methods but CampaignUsers and StrategyUsers (the
// description gives each reason).
//
// # Validation
//
// Every rule of the spec and the reference is checked before a request is
// sent and reported as one *adama.ValidationError: required fields on
// create, minimums and int32 ranges, lengths, enum values (an unknown
// value from the caller is refused), the rules of nested records named
// with their path (vendor_attributions[0].vendor_id), positive ids,
// page_limit 1..1000 and page_offset 0..1000, and, for attachments, the
// fields q and sort_by may name (see AttachmentFields). The rules of a
// record's create and update are those the description states for the
// request bodies (AttachmentCreate, AttachmentUpdate, ...), generated
// with the records. An update checks the fields it sends and refuses a
// change to a read-only or create-only field.
package targeting

//go:generate go run ../internal/cmd/apigen -group targeting
