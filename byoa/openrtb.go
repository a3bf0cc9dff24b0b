package byoa

import "github.com/adamasdk/adama-go/internal/openrtb"

// The OpenRTB 2.4 types of the endpoint the custom bid router calls. They
// are the same types as firehose's (a firehose opportunity's Request is a
// BidRequest a BidFunc can be given): read leniently (numbers also as
// strings, exact prices and floors), with the members the SDK does not
// model kept in Extra and written back, and Misfits listing any value of
// no documented form.

// BidRequest is an OpenRTB 2.4 bid request as the custom bid router
// forwards it; read one with DecodeBidRequest.
//
// Its fields and methods (Misfits, Enrichment, the JSON methods) are those
// of the shared type: go doc github.com/adamasdk/adama-go/internal/openrtb
// lists them, and those of the other OpenRTB types.
type BidRequest = openrtb.BidRequest

// Imp is one impression on offer, with its exact floor.
type Imp = openrtb.Imp

// Format is one allowed banner size.
type Format = openrtb.Format

// Banner is a display impression.
type Banner = openrtb.Banner

// Video is a video impression.
type Video = openrtb.Video

// Native is a native impression.
type Native = openrtb.Native

// PMP is a private marketplace offer.
type PMP = openrtb.PMP

// Deal is one deal of a PMP, with its exact floor.
type Deal = openrtb.Deal

// Publisher is a site's or app's publisher.
type Publisher = openrtb.Publisher

// Site is the website of the impression.
type Site = openrtb.Site

// App is the application of the impression.
type App = openrtb.App

// Geo is a location.
type Geo = openrtb.Geo

// Device is the user's device.
type Device = openrtb.Device

// User is the user of the device.
type User = openrtb.User

// Data is one data provider's segments about the user.
type Data = openrtb.Data

// Segment is one segment the user belongs to.
type Segment = openrtb.Segment

// Regs holds regulatory signals.
type Regs = openrtb.Regs

// BidResponse is the answer to a bid request; one without bids is sent
// as a no-bid (204).
type BidResponse = openrtb.BidResponse

// SeatBid is a seat's bids.
type SeatBid = openrtb.SeatBid

// Bid is one bid for an impression; its Price is exact (CPM in the
// request's currency).
type Bid = openrtb.Bid

// Enrichment is what the custom bid router adds to a forwarded request
// (BidRequest.Enrichment).
type Enrichment = openrtb.Enrichment

// SegmentMembership is one segment the router says the user belongs to.
type SegmentMembership = openrtb.SegmentMembership

// PixelRecency is how long ago the user last fired a pixel.
type PixelRecency = openrtb.PixelRecency
