// The Extra-keeping JSON methods of the OpenRTB types, one pair per type.

package byoa

type bidRequestWire BidRequest

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *BidRequest) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*bidRequestWire)(v), &v.Extra)
}

// MarshalJSON writes the object with its Extra members.
func (v BidRequest) MarshalJSON() ([]byte, error) { return encodeObject(bidRequestWire(v), v.Extra) }

type impWire Imp

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Imp) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*impWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Imp) MarshalJSON() ([]byte, error) { return encodeObject(impWire(v), v.Extra) }

type formatWire Format

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Format) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*formatWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Format) MarshalJSON() ([]byte, error) { return encodeObject(formatWire(v), v.Extra) }

type bannerWire Banner

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Banner) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*bannerWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Banner) MarshalJSON() ([]byte, error) { return encodeObject(bannerWire(v), v.Extra) }

type videoWire Video

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Video) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*videoWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Video) MarshalJSON() ([]byte, error) { return encodeObject(videoWire(v), v.Extra) }

type nativeWire Native

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Native) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*nativeWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Native) MarshalJSON() ([]byte, error) { return encodeObject(nativeWire(v), v.Extra) }

type pMPWire PMP

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *PMP) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*pMPWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v PMP) MarshalJSON() ([]byte, error) { return encodeObject(pMPWire(v), v.Extra) }

type dealWire Deal

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Deal) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*dealWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Deal) MarshalJSON() ([]byte, error) { return encodeObject(dealWire(v), v.Extra) }

type publisherWire Publisher

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Publisher) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*publisherWire)(v), &v.Extra)
}

// MarshalJSON writes the object with its Extra members.
func (v Publisher) MarshalJSON() ([]byte, error) { return encodeObject(publisherWire(v), v.Extra) }

type siteWire Site

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Site) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*siteWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Site) MarshalJSON() ([]byte, error) { return encodeObject(siteWire(v), v.Extra) }

type appWire App

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *App) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*appWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v App) MarshalJSON() ([]byte, error) { return encodeObject(appWire(v), v.Extra) }

type geoWire Geo

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Geo) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*geoWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Geo) MarshalJSON() ([]byte, error) { return encodeObject(geoWire(v), v.Extra) }

type deviceWire Device

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Device) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*deviceWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Device) MarshalJSON() ([]byte, error) { return encodeObject(deviceWire(v), v.Extra) }

type userWire User

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *User) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*userWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v User) MarshalJSON() ([]byte, error) { return encodeObject(userWire(v), v.Extra) }

type dataWire Data

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Data) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*dataWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Data) MarshalJSON() ([]byte, error) { return encodeObject(dataWire(v), v.Extra) }

type segmentWire Segment

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Segment) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*segmentWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Segment) MarshalJSON() ([]byte, error) { return encodeObject(segmentWire(v), v.Extra) }

type regsWire Regs

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Regs) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*regsWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Regs) MarshalJSON() ([]byte, error) { return encodeObject(regsWire(v), v.Extra) }

type bidResponseWire BidResponse

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *BidResponse) UnmarshalJSON(b []byte) error {
	return decodeRecord(b, (*bidResponseWire)(v), &v.Extra)
}

// MarshalJSON writes the object with its Extra members.
func (v BidResponse) MarshalJSON() ([]byte, error) { return encodeObject(bidResponseWire(v), v.Extra) }

type seatBidWire SeatBid

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *SeatBid) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*seatBidWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v SeatBid) MarshalJSON() ([]byte, error) { return encodeObject(seatBidWire(v), v.Extra) }

type bidWire Bid

// UnmarshalJSON reads the object, keeping unknown members in Extra.
func (v *Bid) UnmarshalJSON(b []byte) error { return decodeRecord(b, (*bidWire)(v), &v.Extra) }

// MarshalJSON writes the object with its Extra members.
func (v Bid) MarshalJSON() ([]byte, error) { return encodeObject(bidWire(v), v.Extra) }
