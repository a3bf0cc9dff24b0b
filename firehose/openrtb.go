package firehose

import "github.com/adamasdk/adama-go/internal/openrtb"

// The OpenRTB 2.4 types of a delivered opportunity. They are the same
// types as byoa's (an Opportunity's Request is a BidRequest a byoa
// BidFunc can be given): read leniently (numbers also as strings, exact
// floors), with the members the SDK does not model kept in Extra and
// written back, and Misfits listing any value of no documented form.

// BidRequest is the bid request of a delivered opportunity
// (Opportunity.Request).
//
// Its fields and methods (Misfits, Enrichment, the JSON methods) are those
// of the shared type: go doc github.com/adamasdk/adama-go/internal/openrtb
// lists them, and those of the other OpenRTB types.
type BidRequest = openrtb.BidRequest

// Imp is an impression of a bid request, with its exact floor.
type Imp = openrtb.Imp

// BannerFormat is one allowed banner size (Banner.Format; Format is the
// batch's format).
type BannerFormat = openrtb.Format

// Banner is a display impression's slot.
type Banner = openrtb.Banner

// Video is a video impression's player.
type Video = openrtb.Video

// Native is a native impression.
type Native = openrtb.Native

// PMP is a private marketplace offer.
type PMP = openrtb.PMP

// Deal is one deal of a PMP, with its exact floor.
type Deal = openrtb.Deal

// Publisher is a site's or app's publisher.
type Publisher = openrtb.Publisher

// Site is the web site of the opportunity.
type Site = openrtb.Site

// App is the application of the opportunity.
type App = openrtb.App

// Geo is a device's or user's location.
type Geo = openrtb.Geo

// Device is the device of the opportunity.
type Device = openrtb.Device

// User is the user of the opportunity.
type User = openrtb.User

// Data is one data provider's segments about the user.
type Data = openrtb.Data

// Segment is one segment the user belongs to.
type Segment = openrtb.Segment

// Regs are the regulations that apply.
type Regs = openrtb.Regs
