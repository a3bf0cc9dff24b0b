package openrtb

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/adama"
)

// The OpenRTB 2.4 types below model the members of the bid request and
// bid response that bidders read and write most. Every object keeps the
// members it does not model in Extra, and ext as raw JSON, so nothing the
// platform sends is lost when a request is read and written again.

// BidRequest is an OpenRTB 2.4 bid request: the request the custom bid
// router forwards to a bidder (byoa) and the record of a delivered
// opportunity (firehose). Read it with json.Unmarshal (numbers also as
// strings; a value of no documented form is listed by Misfits) and write
// it with json.Marshal, unknown members included.
type BidRequest struct {
	ID      string          `json:"id"`
	Imp     []Imp           `json:"imp"`
	Site    *Site           `json:"site,omitempty"`
	App     *App            `json:"app,omitempty"`
	Device  *Device         `json:"device,omitempty"`
	User    *User           `json:"user,omitempty"`
	Test    int             `json:"test,omitempty"`
	AT      int             `json:"at,omitempty"`
	TMax    int64           `json:"tmax,omitempty"`
	WSeat   []string        `json:"wseat,omitempty"`
	AllImps int             `json:"allimps,omitempty"`
	Cur     []string        `json:"cur,omitempty"`
	BCat    []string        `json:"bcat,omitempty"`
	BAdv    []string        `json:"badv,omitempty"`
	BApp    []string        `json:"bapp,omitempty"`
	Regs    *Regs           `json:"regs,omitempty"`
	Ext     json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Imp is one impression on offer; BidFloor is exact, in BidFloorCur (USD,
// OpenRTB's default, when empty).
type Imp struct {
	ID                string          `json:"id"`
	Banner            *Banner         `json:"banner,omitempty"`
	Video             *Video          `json:"video,omitempty"`
	Native            *Native         `json:"native,omitempty"`
	PMP               *PMP            `json:"pmp,omitempty"`
	DisplayManager    string          `json:"displaymanager,omitempty"`
	DisplayManagerVer string          `json:"displaymanagerver,omitempty"`
	Instl             int             `json:"instl,omitempty"`
	TagID             string          `json:"tagid,omitempty"`
	BidFloor          adama.Decimal   `json:"bidfloor,omitzero"`
	BidFloorCur       string          `json:"bidfloorcur,omitempty"`
	Secure            *int            `json:"secure,omitempty"`
	Exp               int             `json:"exp,omitempty"`
	Ext               json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Format is one allowed banner size.
type Format struct {
	W   int             `json:"w,omitempty"`
	H   int             `json:"h,omitempty"`
	Ext json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Banner is a display impression.
type Banner struct {
	Format []Format        `json:"format,omitempty"`
	W      int             `json:"w,omitempty"`
	H      int             `json:"h,omitempty"`
	ID     string          `json:"id,omitempty"`
	Pos    int             `json:"pos,omitempty"`
	BType  []int           `json:"btype,omitempty"`
	BAttr  []int           `json:"battr,omitempty"`
	Mimes  []string        `json:"mimes,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Video is a video impression.
type Video struct {
	Mimes       []string        `json:"mimes,omitempty"`
	MinDuration int             `json:"minduration,omitempty"`
	MaxDuration int             `json:"maxduration,omitempty"`
	Protocols   []int           `json:"protocols,omitempty"`
	W           int             `json:"w,omitempty"`
	H           int             `json:"h,omitempty"`
	StartDelay  *int            `json:"startdelay,omitempty"`
	Linearity   int             `json:"linearity,omitempty"`
	Skip        *int            `json:"skip,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Native is a native impression; Request is the native markup request.
type Native struct {
	Request string          `json:"request,omitempty"`
	Ver     string          `json:"ver,omitempty"`
	API     []int           `json:"api,omitempty"`
	BAttr   []int           `json:"battr,omitempty"`
	Ext     json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// PMP is a private marketplace offer.
type PMP struct {
	PrivateAuction int             `json:"private_auction,omitempty"`
	Deals          []Deal          `json:"deals,omitempty"`
	Ext            json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Deal is one deal of a PMP; BidFloor is exact, in BidFloorCur.
type Deal struct {
	ID          string          `json:"id"`
	BidFloor    adama.Decimal   `json:"bidfloor,omitzero"`
	BidFloorCur string          `json:"bidfloorcur,omitempty"`
	AT          int             `json:"at,omitempty"`
	WSeat       []string        `json:"wseat,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Publisher is a site's or app's publisher.
type Publisher struct {
	ID     string          `json:"id,omitempty"`
	Name   string          `json:"name,omitempty"`
	Domain string          `json:"domain,omitempty"`
	Cat    []string        `json:"cat,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Site is the website of the impression.
type Site struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Domain    string          `json:"domain,omitempty"`
	Cat       []string        `json:"cat,omitempty"`
	Page      string          `json:"page,omitempty"`
	Ref       string          `json:"ref,omitempty"`
	Publisher *Publisher      `json:"publisher,omitempty"`
	Ext       json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// App is the application of the impression.
type App struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Bundle    string          `json:"bundle,omitempty"`
	Domain    string          `json:"domain,omitempty"`
	StoreURL  string          `json:"storeurl,omitempty"`
	Cat       []string        `json:"cat,omitempty"`
	Publisher *Publisher      `json:"publisher,omitempty"`
	Ext       json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Geo is a location.
type Geo struct {
	Lat       *float64        `json:"lat,omitempty"`
	Lon       *float64        `json:"lon,omitempty"`
	Type      int             `json:"type,omitempty"`
	Country   string          `json:"country,omitempty"`
	Region    string          `json:"region,omitempty"`
	Metro     string          `json:"metro,omitempty"`
	City      string          `json:"city,omitempty"`
	Zip       string          `json:"zip,omitempty"`
	UTCOffset int             `json:"utcoffset,omitempty"`
	Ext       json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Device is the user's device.
type Device struct {
	UA             string          `json:"ua,omitempty"`
	Geo            *Geo            `json:"geo,omitempty"`
	DNT            *int            `json:"dnt,omitempty"`
	LMT            *int            `json:"lmt,omitempty"`
	IP             string          `json:"ip,omitempty"`
	IPv6           string          `json:"ipv6,omitempty"`
	DeviceType     int             `json:"devicetype,omitempty"`
	Make           string          `json:"make,omitempty"`
	Model          string          `json:"model,omitempty"`
	OS             string          `json:"os,omitempty"`
	OSV            string          `json:"osv,omitempty"`
	Language       string          `json:"language,omitempty"`
	Carrier        string          `json:"carrier,omitempty"`
	ConnectionType int             `json:"connectiontype,omitempty"`
	IFA            string          `json:"ifa,omitempty"`
	Ext            json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// User is the user of the device.
type User struct {
	ID       string          `json:"id,omitempty"`
	BuyerUID string          `json:"buyeruid,omitempty"`
	YOB      int             `json:"yob,omitempty"`
	Gender   string          `json:"gender,omitempty"`
	Keywords string          `json:"keywords,omitempty"`
	Geo      *Geo            `json:"geo,omitempty"`
	Data     []Data          `json:"data,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Data is one data provider's segments about the user (segment
// membership, as the router enriches it).
type Data struct {
	ID      string          `json:"id,omitempty"`
	Name    string          `json:"name,omitempty"`
	Segment []Segment       `json:"segment,omitempty"`
	Ext     json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Segment is one segment the user belongs to.
type Segment struct {
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Value string          `json:"value,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Regs holds regulatory signals; COPPA is nil when the request does not
// say, 0 or 1 when it does.
type Regs struct {
	COPPA *int            `json:"coppa,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// BidResponse is the answer to a bid request. A response without bids is
// sent as a no-bid (204).
type BidResponse struct {
	ID         string          `json:"id"`
	SeatBid    []SeatBid       `json:"seatbid,omitempty"`
	BidID      string          `json:"bidid,omitempty"`
	Cur        string          `json:"cur,omitempty"`
	CustomData string          `json:"customdata,omitempty"`
	NBR        int             `json:"nbr,omitempty"`
	Ext        json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// SeatBid is a seat's bids.
type SeatBid struct {
	Bid   []Bid           `json:"bid"`
	Seat  string          `json:"seat,omitempty"`
	Group int             `json:"group,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

// Bid is one bid for an impression; Price is exact (CPM in the request's
// currency).
type Bid struct {
	ID      string          `json:"id"`
	ImpID   string          `json:"impid"`
	Price   adama.Decimal   `json:"price"`
	AdID    string          `json:"adid,omitempty"`
	NURL    string          `json:"nurl,omitempty"`
	AdM     string          `json:"adm,omitempty"`
	ADomain []string        `json:"adomain,omitempty"`
	Bundle  string          `json:"bundle,omitempty"`
	IURL    string          `json:"iurl,omitempty"`
	CID     string          `json:"cid,omitempty"`
	CrID    string          `json:"crid,omitempty"`
	Cat     []string        `json:"cat,omitempty"`
	Attr    []int           `json:"attr,omitempty"`
	DealID  string          `json:"dealid,omitempty"`
	W       int             `json:"w,omitempty"`
	H       int             `json:"h,omitempty"`
	Exp     int             `json:"exp,omitempty"`
	Ext     json.RawMessage `json:"ext,omitempty"`
	// Extra keeps the members the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}
