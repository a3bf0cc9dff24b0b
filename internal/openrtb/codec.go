// The JSON methods of the OpenRTB types: one decode function per type for
// the one-pass decoder (decode.go), and per type UnmarshalJSON, MarshalJSON
// (unknown members and misfit values written back, internal/record) and
// Misfits.

package openrtb

import (
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
)

var bidRequestFields = record.IndexOf(reflect.TypeFor[BidRequest]())

func decodeBidRequest(d *decoder, v *BidRequest) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "imp":
			return objects(d, &v.Imp, decodeImp)
		case "site":
			return ptr(d, &v.Site, decodeSite)
		case "app":
			return ptr(d, &v.App, decodeApp)
		case "device":
			return ptr(d, &v.Device, decodeDevice)
		case "user":
			return ptr(d, &v.User, decodeUser)
		case "test":
			return integer(d, &v.Test)
		case "at":
			return integer(d, &v.AT)
		case "tmax":
			return integer(d, &v.TMax)
		case "wseat":
			return strs(d, &v.WSeat)
		case "allimps":
			return integer(d, &v.AllImps)
		case "cur":
			return strs(d, &v.Cur)
		case "bcat":
			return strs(d, &v.BCat)
		case "badv":
			return strs(d, &v.BAdv)
		case "bapp":
			return strs(d, &v.BApp)
		case "regs":
			return ptr(d, &v.Regs, decodeRegs)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *BidRequest) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeBidRequest) }

type bidRequestWire BidRequest

// MarshalJSON writes the object with its Extra members.
func (v BidRequest) MarshalJSON() ([]byte, error) {
	return record.EncodeObject(bidRequestWire(v), v.Extra)
}

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *BidRequest) Misfits() []adama.Misfit { return v.misfits("") }

func (v *BidRequest) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, bidRequestFields, at)
	out = each(out, v.Imp, at, "imp")
	out = one(out, v.Site, at, "site")
	out = one(out, v.App, at, "app")
	out = one(out, v.Device, at, "device")
	out = one(out, v.User, at, "user")
	out = one(out, v.Regs, at, "regs")
	return out
}

var impFields = record.IndexOf(reflect.TypeFor[Imp]())

func decodeImp(d *decoder, v *Imp) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "banner":
			return ptr(d, &v.Banner, decodeBanner)
		case "video":
			return ptr(d, &v.Video, decodeVideo)
		case "native":
			return ptr(d, &v.Native, decodeNative)
		case "pmp":
			return ptr(d, &v.PMP, decodePMP)
		case "displaymanager":
			return d.str(&v.DisplayManager)
		case "displaymanagerver":
			return d.str(&v.DisplayManagerVer)
		case "instl":
			return integer(d, &v.Instl)
		case "tagid":
			return d.str(&v.TagID)
		case "bidfloor":
			return decimal(d, &v.BidFloor)
		case "bidfloorcur":
			return d.str(&v.BidFloorCur)
		case "secure":
			return intPtr(d, &v.Secure)
		case "exp":
			return integer(d, &v.Exp)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Imp) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeImp) }

type impWire Imp

// MarshalJSON writes the object with its Extra members.
func (v Imp) MarshalJSON() ([]byte, error) { return record.EncodeObject(impWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Imp) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Imp) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, impFields, at)
	out = one(out, v.Banner, at, "banner")
	out = one(out, v.Video, at, "video")
	out = one(out, v.Native, at, "native")
	out = one(out, v.PMP, at, "pmp")
	return out
}

var formatFields = record.IndexOf(reflect.TypeFor[Format]())

func decodeFormat(d *decoder, v *Format) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "w":
			return integer(d, &v.W)
		case "h":
			return integer(d, &v.H)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Format) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeFormat) }

type formatWire Format

// MarshalJSON writes the object with its Extra members.
func (v Format) MarshalJSON() ([]byte, error) { return record.EncodeObject(formatWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Format) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Format) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, formatFields, at)

}

var bannerFields = record.IndexOf(reflect.TypeFor[Banner]())

func decodeBanner(d *decoder, v *Banner) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "format":
			return objects(d, &v.Format, decodeFormat)
		case "w":
			return integer(d, &v.W)
		case "h":
			return integer(d, &v.H)
		case "id":
			return d.str(&v.ID)
		case "pos":
			return integer(d, &v.Pos)
		case "btype":
			return ints(d, &v.BType)
		case "battr":
			return ints(d, &v.BAttr)
		case "mimes":
			return strs(d, &v.Mimes)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Banner) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeBanner) }

type bannerWire Banner

// MarshalJSON writes the object with its Extra members.
func (v Banner) MarshalJSON() ([]byte, error) { return record.EncodeObject(bannerWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Banner) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Banner) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, bannerFields, at)
	out = each(out, v.Format, at, "format")
	return out
}

var videoFields = record.IndexOf(reflect.TypeFor[Video]())

func decodeVideo(d *decoder, v *Video) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "mimes":
			return strs(d, &v.Mimes)
		case "minduration":
			return integer(d, &v.MinDuration)
		case "maxduration":
			return integer(d, &v.MaxDuration)
		case "protocols":
			return ints(d, &v.Protocols)
		case "w":
			return integer(d, &v.W)
		case "h":
			return integer(d, &v.H)
		case "startdelay":
			return intPtr(d, &v.StartDelay)
		case "linearity":
			return integer(d, &v.Linearity)
		case "skip":
			return intPtr(d, &v.Skip)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Video) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeVideo) }

type videoWire Video

// MarshalJSON writes the object with its Extra members.
func (v Video) MarshalJSON() ([]byte, error) { return record.EncodeObject(videoWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Video) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Video) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, videoFields, at)

}

var nativeFields = record.IndexOf(reflect.TypeFor[Native]())

func decodeNative(d *decoder, v *Native) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "request":
			return d.str(&v.Request)
		case "ver":
			return d.str(&v.Ver)
		case "api":
			return ints(d, &v.API)
		case "battr":
			return ints(d, &v.BAttr)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Native) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeNative) }

type nativeWire Native

// MarshalJSON writes the object with its Extra members.
func (v Native) MarshalJSON() ([]byte, error) { return record.EncodeObject(nativeWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Native) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Native) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, nativeFields, at)

}

var pmpFields = record.IndexOf(reflect.TypeFor[PMP]())

func decodePMP(d *decoder, v *PMP) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "private_auction":
			return integer(d, &v.PrivateAuction)
		case "deals":
			return objects(d, &v.Deals, decodeDeal)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *PMP) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodePMP) }

type pmpWire PMP

// MarshalJSON writes the object with its Extra members.
func (v PMP) MarshalJSON() ([]byte, error) { return record.EncodeObject(pmpWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *PMP) Misfits() []adama.Misfit { return v.misfits("") }

func (v *PMP) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, pmpFields, at)
	out = each(out, v.Deals, at, "deals")
	return out
}

var dealFields = record.IndexOf(reflect.TypeFor[Deal]())

func decodeDeal(d *decoder, v *Deal) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "bidfloor":
			return decimal(d, &v.BidFloor)
		case "bidfloorcur":
			return d.str(&v.BidFloorCur)
		case "at":
			return integer(d, &v.AT)
		case "wseat":
			return strs(d, &v.WSeat)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Deal) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeDeal) }

type dealWire Deal

// MarshalJSON writes the object with its Extra members.
func (v Deal) MarshalJSON() ([]byte, error) { return record.EncodeObject(dealWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Deal) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Deal) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, dealFields, at)

}

var publisherFields = record.IndexOf(reflect.TypeFor[Publisher]())

func decodePublisher(d *decoder, v *Publisher) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "name":
			return d.str(&v.Name)
		case "domain":
			return d.str(&v.Domain)
		case "cat":
			return strs(d, &v.Cat)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Publisher) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodePublisher) }

type publisherWire Publisher

// MarshalJSON writes the object with its Extra members.
func (v Publisher) MarshalJSON() ([]byte, error) {
	return record.EncodeObject(publisherWire(v), v.Extra)
}

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Publisher) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Publisher) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, publisherFields, at)

}

var siteFields = record.IndexOf(reflect.TypeFor[Site]())

func decodeSite(d *decoder, v *Site) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "name":
			return d.str(&v.Name)
		case "domain":
			return d.str(&v.Domain)
		case "cat":
			return strs(d, &v.Cat)
		case "page":
			return d.str(&v.Page)
		case "ref":
			return d.str(&v.Ref)
		case "publisher":
			return ptr(d, &v.Publisher, decodePublisher)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Site) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeSite) }

type siteWire Site

// MarshalJSON writes the object with its Extra members.
func (v Site) MarshalJSON() ([]byte, error) { return record.EncodeObject(siteWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Site) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Site) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, siteFields, at)
	out = one(out, v.Publisher, at, "publisher")
	return out
}

var appFields = record.IndexOf(reflect.TypeFor[App]())

func decodeApp(d *decoder, v *App) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "name":
			return d.str(&v.Name)
		case "bundle":
			return d.str(&v.Bundle)
		case "domain":
			return d.str(&v.Domain)
		case "storeurl":
			return d.str(&v.StoreURL)
		case "cat":
			return strs(d, &v.Cat)
		case "publisher":
			return ptr(d, &v.Publisher, decodePublisher)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *App) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeApp) }

type appWire App

// MarshalJSON writes the object with its Extra members.
func (v App) MarshalJSON() ([]byte, error) { return record.EncodeObject(appWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *App) Misfits() []adama.Misfit { return v.misfits("") }

func (v *App) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, appFields, at)
	out = one(out, v.Publisher, at, "publisher")
	return out
}

var geoFields = record.IndexOf(reflect.TypeFor[Geo]())

func decodeGeo(d *decoder, v *Geo) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "lat":
			return floatPtr(d, &v.Lat)
		case "lon":
			return floatPtr(d, &v.Lon)
		case "type":
			return integer(d, &v.Type)
		case "country":
			return d.str(&v.Country)
		case "region":
			return d.str(&v.Region)
		case "metro":
			return d.str(&v.Metro)
		case "city":
			return d.str(&v.City)
		case "zip":
			return d.str(&v.Zip)
		case "utcoffset":
			return integer(d, &v.UTCOffset)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Geo) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeGeo) }

type geoWire Geo

// MarshalJSON writes the object with its Extra members.
func (v Geo) MarshalJSON() ([]byte, error) { return record.EncodeObject(geoWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Geo) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Geo) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, geoFields, at)

}

var deviceFields = record.IndexOf(reflect.TypeFor[Device]())

func decodeDevice(d *decoder, v *Device) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "ua":
			return d.str(&v.UA)
		case "geo":
			return ptr(d, &v.Geo, decodeGeo)
		case "dnt":
			return intPtr(d, &v.DNT)
		case "lmt":
			return intPtr(d, &v.LMT)
		case "ip":
			return d.str(&v.IP)
		case "ipv6":
			return d.str(&v.IPv6)
		case "devicetype":
			return integer(d, &v.DeviceType)
		case "make":
			return d.str(&v.Make)
		case "model":
			return d.str(&v.Model)
		case "os":
			return d.str(&v.OS)
		case "osv":
			return d.str(&v.OSV)
		case "language":
			return d.str(&v.Language)
		case "carrier":
			return d.str(&v.Carrier)
		case "connectiontype":
			return integer(d, &v.ConnectionType)
		case "ifa":
			return d.str(&v.IFA)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Device) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeDevice) }

type deviceWire Device

// MarshalJSON writes the object with its Extra members.
func (v Device) MarshalJSON() ([]byte, error) { return record.EncodeObject(deviceWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Device) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Device) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, deviceFields, at)
	out = one(out, v.Geo, at, "geo")
	return out
}

var userFields = record.IndexOf(reflect.TypeFor[User]())

func decodeUser(d *decoder, v *User) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "buyeruid":
			return d.str(&v.BuyerUID)
		case "yob":
			return integer(d, &v.YOB)
		case "gender":
			return d.str(&v.Gender)
		case "keywords":
			return d.str(&v.Keywords)
		case "geo":
			return ptr(d, &v.Geo, decodeGeo)
		case "data":
			return objects(d, &v.Data, decodeData)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *User) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeUser) }

type userWire User

// MarshalJSON writes the object with its Extra members.
func (v User) MarshalJSON() ([]byte, error) { return record.EncodeObject(userWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *User) Misfits() []adama.Misfit { return v.misfits("") }

func (v *User) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, userFields, at)
	out = one(out, v.Geo, at, "geo")
	out = each(out, v.Data, at, "data")
	return out
}

var dataFields = record.IndexOf(reflect.TypeFor[Data]())

func decodeData(d *decoder, v *Data) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "name":
			return d.str(&v.Name)
		case "segment":
			return objects(d, &v.Segment, decodeSegment)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Data) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeData) }

type dataWire Data

// MarshalJSON writes the object with its Extra members.
func (v Data) MarshalJSON() ([]byte, error) { return record.EncodeObject(dataWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Data) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Data) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, dataFields, at)
	out = each(out, v.Segment, at, "segment")
	return out
}

var segmentFields = record.IndexOf(reflect.TypeFor[Segment]())

func decodeSegment(d *decoder, v *Segment) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "name":
			return d.str(&v.Name)
		case "value":
			return d.str(&v.Value)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Segment) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeSegment) }

type segmentWire Segment

// MarshalJSON writes the object with its Extra members.
func (v Segment) MarshalJSON() ([]byte, error) { return record.EncodeObject(segmentWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Segment) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Segment) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, segmentFields, at)

}

var regsFields = record.IndexOf(reflect.TypeFor[Regs]())

func decodeRegs(d *decoder, v *Regs) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "coppa":
			return intPtr(d, &v.COPPA)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Regs) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeRegs) }

type regsWire Regs

// MarshalJSON writes the object with its Extra members.
func (v Regs) MarshalJSON() ([]byte, error) { return record.EncodeObject(regsWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Regs) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Regs) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, regsFields, at)

}

var bidResponseFields = record.IndexOf(reflect.TypeFor[BidResponse]())

func decodeBidResponse(d *decoder, v *BidResponse) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "seatbid":
			return objects(d, &v.SeatBid, decodeSeatBid)
		case "bidid":
			return d.str(&v.BidID)
		case "cur":
			return d.str(&v.Cur)
		case "customdata":
			return d.str(&v.CustomData)
		case "nbr":
			return integer(d, &v.NBR)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *BidResponse) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeBidResponse) }

type bidResponseWire BidResponse

// MarshalJSON writes the object with its Extra members.
func (v BidResponse) MarshalJSON() ([]byte, error) {
	return record.EncodeObject(bidResponseWire(v), v.Extra)
}

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *BidResponse) Misfits() []adama.Misfit { return v.misfits("") }

func (v *BidResponse) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, bidResponseFields, at)
	out = each(out, v.SeatBid, at, "seatbid")
	return out
}

var seatBidFields = record.IndexOf(reflect.TypeFor[SeatBid]())

func decodeSeatBid(d *decoder, v *SeatBid) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "bid":
			return objects(d, &v.Bid, decodeBid)
		case "seat":
			return d.str(&v.Seat)
		case "group":
			return integer(d, &v.Group)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *SeatBid) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeSeatBid) }

type seatBidWire SeatBid

// MarshalJSON writes the object with its Extra members.
func (v SeatBid) MarshalJSON() ([]byte, error) { return record.EncodeObject(seatBidWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *SeatBid) Misfits() []adama.Misfit { return v.misfits("") }

func (v *SeatBid) misfits(at string) []adama.Misfit {
	out := record.Misfits(v.Extra, seatBidFields, at)
	out = each(out, v.Bid, at, "bid")
	return out
}

var bidFields = record.IndexOf(reflect.TypeFor[Bid]())

func decodeBid(d *decoder, v *Bid) bool {
	if d.b[d.i] != '{' {
		return false
	}
	d.object(&v.Extra, func(k []byte) bool {
		switch string(k) {
		case "id":
			return d.str(&v.ID)
		case "impid":
			return d.str(&v.ImpID)
		case "price":
			return decimal(d, &v.Price)
		case "adid":
			return d.str(&v.AdID)
		case "nurl":
			return d.str(&v.NURL)
		case "adm":
			return d.str(&v.AdM)
		case "adomain":
			return strs(d, &v.ADomain)
		case "bundle":
			return d.str(&v.Bundle)
		case "iurl":
			return d.str(&v.IURL)
		case "cid":
			return d.str(&v.CID)
		case "crid":
			return d.str(&v.CrID)
		case "cat":
			return strs(d, &v.Cat)
		case "attr":
			return ints(d, &v.Attr)
		case "dealid":
			return d.str(&v.DealID)
		case "w":
			return integer(d, &v.W)
		case "h":
			return integer(d, &v.H)
		case "exp":
			return integer(d, &v.Exp)
		case "ext":
			return raw(d, &v.Ext)
		}
		return false
	})
	return true
}

// UnmarshalJSON reads the object leniently, keeping unknown members and
// values of no documented form in Extra.
func (v *Bid) UnmarshalJSON(b []byte) error { return decodeJSON(b, v, decodeBid) }

type bidWire Bid

// MarshalJSON writes the object with its Extra members.
func (v Bid) MarshalJSON() ([]byte, error) { return record.EncodeObject(bidWire(v), v.Extra) }

// Misfits lists the members whose value fits no documented form, each
// with its path from this object ("imp[0].bidfloor").
func (v *Bid) Misfits() []adama.Misfit { return v.misfits("") }

func (v *Bid) misfits(at string) []adama.Misfit {
	return record.Misfits(v.Extra, bidFields, at)

}

type misfitter interface {
	misfits(at string) []adama.Misfit
}

// one adds the misfits of the nested object p, the member name of v.
func one[T any, P interface {
	*T
	misfitter
}](out []adama.Misfit, p P, at, name string) []adama.Misfit {
	if p == nil {
		return out
	}
	return append(out, p.misfits(join(at, name))...)
}

// each adds the misfits of every object of the list s, the member name.
func each[T any, P interface {
	*T
	misfitter
}](out []adama.Misfit, s []T, at, name string) []adama.Misfit {
	for i := range s {
		out = append(out, P(&s[i]).misfits(join(at, name)+"["+strconv.Itoa(i)+"]")...)
	}
	return out
}

func join(at, name string) string {
	if at == "" {
		return name
	}
	return at + "." + name
}
