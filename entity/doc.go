// Package entity is the client of group A of the platform: entity
// management v2.0, path prefix /api/v2.0 (current, not deprecated).
//
// It covers the ad-buying hierarchy (organization > agency > advertiser >
// campaign > strategy) and the records around it: budget flights, day
// parts, audience segments, pixels, atomic creatives, concepts, site lists,
// domain restrictions, ad servers, users, verticals and contacts.
//
// One generic [Service] serves every collection:
//
//	ec := entity.New(client)
//	adv, err := ec.Advertisers.Get(ctx, 7, nil)
//	adv.Name = "Renamed"
//	adv, err = ec.Advertisers.Update(ctx, adv) // sends version and name only
//
// Records decode from JSON (the default) and from XML (entity.New(c, entity.WithXML()))
// into the same typed structs. Every record embeds [Common] and keeps the
// properties the SDK does not model in Common.Extra, so a read-modify-write
// never loses a field.
//
// # Form encoding
//
// Requests are application/x-www-form-urlencoded. Scalars use their wire
// name; booleans are sent as 1/0; money as a scalar in the record's
// currency. Nested objects use dotted keys: rmx_strategy.pricing_type,
// rmx_strategy.roi_target_pixels.0.price, site_placements.0.name, and deal
// targeting uses the spec's deal.x.id form (deal.1.id, deal.2.id, ...).
//
// # Deletes
//
// The platform deletes the records of a few collections, as its public
// clients send it: POST /{collection}/{id}/delete with the record's
// version (version=N). Those collections are served by a
// [DeletableService] (strategy concepts, strategy day parts, vendor
// contracts, contracts), and a campaign's budget flights, deleted under
// the campaign's path, by a [SubDeletableService]; both hold every method
// of Service, and Delete:
//
//	err := ec.StrategyConcepts.Delete(ctx, 4410, nil) // reads the version first
//	err = ec.BudgetFlights.Delete(ctx, campaignID, flightID, &entity.DeleteOptions{Version: adama.Ptr(3)})
//	if errors.Is(err, adama.ErrConflict) { /* changed since it was read */ }
//
// # Contracts
//
// An organization's contracts with the platform (collection contracts,
// [Contract]) carry the fee fields of spec section 2.9 and the
// reference's contract fields: money as adama.Money, percentages as
// adama.Decimal, units as [FeeUnit] (the spec's) or [ContractFeeUnit]:
//
//	k, err := ec.Contracts.Get(ctx, 4, nil)
//	fee, _ := k.P1ASFeeCPM.Get("USD")
//	fmt.Println(k.PlatformAccessFeeUnit, k.PlatformAccessFeePct, fee)
//
// # Strategy targeting, bulk updates and site lists
//
// Beside the collections, [Client] writes what real clients write under
// a record: a strategy's deals (SetStrategyDeals, POST
// strategies/{id}/deals with all_pmp and deal.<n>.id; StrategyDeals reads
// them), domain restrictions (SetStrategyDomainRestrictions) and audience
// segments (SetStrategyAudienceSegments); a bulk strategy update
// (BulkUpdateStrategies, POST /api/v3.0/bulk_update/strategies, JSON;
// deprecated for targeting.StrategyService.BulkUpdate); and
// site lists: AssignCampaignSiteLists and AssignStrategySiteLists
// (site_lists.<n>.id and .assigned; they return the site lists the
// platform answers with, those assigned), and, deprecated, UploadSiteList
// and ReuploadSiteList (multipart), DownloadSiteList (CSV) and
// SiteListAssignments, which call targeting's SiteListService and so send
// under /api/v3.0, where the Campaigns API reference documents them.
//
// # Custom brain selections
//
// A campaign's custom brain selections (Campaign.CustomBrainSelections,
// typed CustomBrainSelection records) have no key in the v2.0 form and no
// v2.0 path in the references; they are read with
// CampaignCustomBrainSelections and replaced with
// SetCampaignCustomBrainSelections on the v3.0 campaign path the
// reference documents (GET and POST /api/v3.0/campaigns/{id}, JSON with
// version and custom_brain_selections); CopyCampaign (POST
// /api/v3.0/campaigns/{id}/copy) copies a campaign, with its selections
// when CopyAudienceInBrain is set. Create and Update refuse a
// campaign whose selections the caller set or changed rather than drop
// them. Those three v3.0 calls are deprecated: package targeting models
// the v3.0 campaign whole (targeting.CampaignService's Get, Update and
// Copy). The v2.0 form real clients send adds selections without
// replacing the others and answers selection records, not the campaign:
// AddCampaignCustomBrainSelection (POST
// campaigns/{id}/custom_brain_selections), BulkAddCampaignCustomBrainSelections
// (.../bulk) and DeleteCampaignCustomBrainSelection (.../{id}/delete with
// the version).
//
// # Margins and site-list domains
//
// SetCampaignMargins (POST campaigns/{id}/margins, margins.<n>.date and
// .margin_pct) and AddSiteListDomains (POST site_lists/{id}/domains,
// domains.<n>.domain, the uploaded file kept) are answered with an
// acknowledgement only.
//
// # Validation
//
// Create and Update check every rule of spec sections 2.2-2.8 and 8 that
// can be checked on the client (required fields, maximum lengths, enum
// values, numeric ranges, conditional rules and the pixel_target_expr
// grammar) and return one *adama.ValidationError naming every broken rule,
// before any request is sent.
package entity

//go:generate go run ../internal/cmd/apigen -group entity
