package firehose

import "encoding/json"

// BidRequest is the typed view of a delivered opportunity: the OpenRTB 2.4
// bid request fields users read most. The record's whole JSON stays in
// Opportunity.Raw for anything else.
type BidRequest struct {
	ID     string          `json:"id"`
	Imp    []Imp           `json:"imp,omitempty"`
	Site   *Site           `json:"site,omitempty"`
	App    *App            `json:"app,omitempty"`
	Device *Device         `json:"device,omitempty"`
	User   *User           `json:"user,omitempty"`
	Regs   *Regs           `json:"regs,omitempty"`
	AT     int             `json:"at,omitempty"`
	TMax   int             `json:"tmax,omitempty"`
	Cur    []string        `json:"cur,omitempty"`
	BCat   []string        `json:"bcat,omitempty"`
	BAdv   []string        `json:"badv,omitempty"`
	Test   int             `json:"test,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

// Imp is an impression of a bid request.
type Imp struct {
	ID          string          `json:"id"`
	Banner      *Banner         `json:"banner,omitempty"`
	Video       *Video          `json:"video,omitempty"`
	Native      json.RawMessage `json:"native,omitempty"`
	TagID       string          `json:"tagid,omitempty"`
	BidFloor    float64         `json:"bidfloor,omitempty"`
	BidFloorCur string          `json:"bidfloorcur,omitempty"`
	Secure      int             `json:"secure,omitempty"`
	PMP         json.RawMessage `json:"pmp,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
}

// Banner is a display impression's slot.
type Banner struct {
	W   int    `json:"w,omitempty"`
	H   int    `json:"h,omitempty"`
	Pos int    `json:"pos,omitempty"`
	ID  string `json:"id,omitempty"`
}

// Video is a video impression's player.
type Video struct {
	Mimes       []string `json:"mimes,omitempty"`
	MinDuration int      `json:"minduration,omitempty"`
	MaxDuration int      `json:"maxduration,omitempty"`
	Protocols   []int    `json:"protocols,omitempty"`
	W           int      `json:"w,omitempty"`
	H           int      `json:"h,omitempty"`
	Linearity   int      `json:"linearity,omitempty"`
}

// Publisher is a site's or app's publisher.
type Publisher struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name,omitempty"`
}

// Site is the web site of the opportunity.
type Site struct {
	ID        string     `json:"id,omitempty"`
	Name      string     `json:"name,omitempty"`
	Domain    string     `json:"domain,omitempty"`
	Page      string     `json:"page,omitempty"`
	Ref       string     `json:"ref,omitempty"`
	Cat       []string   `json:"cat,omitempty"`
	Publisher *Publisher `json:"publisher,omitempty"`
}

// App is the application of the opportunity.
type App struct {
	ID        string     `json:"id,omitempty"`
	Name      string     `json:"name,omitempty"`
	Bundle    string     `json:"bundle,omitempty"`
	StoreURL  string     `json:"storeurl,omitempty"`
	Cat       []string   `json:"cat,omitempty"`
	Publisher *Publisher `json:"publisher,omitempty"`
}

// Geo is a device's or user's location.
type Geo struct {
	Lat     float64 `json:"lat,omitempty"`
	Lon     float64 `json:"lon,omitempty"`
	Country string  `json:"country,omitempty"`
	Region  string  `json:"region,omitempty"`
	Metro   string  `json:"metro,omitempty"`
	City    string  `json:"city,omitempty"`
	Zip     string  `json:"zip,omitempty"`
	Type    int     `json:"type,omitempty"`
}

// Device is the device of the opportunity.
type Device struct {
	UA         string `json:"ua,omitempty"`
	IP         string `json:"ip,omitempty"`
	IPv6       string `json:"ipv6,omitempty"`
	DeviceType int    `json:"devicetype,omitempty"`
	Make       string `json:"make,omitempty"`
	Model      string `json:"model,omitempty"`
	OS         string `json:"os,omitempty"`
	OSV        string `json:"osv,omitempty"`
	Language   string `json:"language,omitempty"`
	IFA        string `json:"ifa,omitempty"`
	DNT        int    `json:"dnt,omitempty"`
	LMT        int    `json:"lmt,omitempty"`
	Geo        *Geo   `json:"geo,omitempty"`
}

// User is the user of the opportunity.
type User struct {
	ID       string          `json:"id,omitempty"`
	BuyerUID string          `json:"buyeruid,omitempty"`
	YOB      int             `json:"yob,omitempty"`
	Gender   string          `json:"gender,omitempty"`
	Geo      *Geo            `json:"geo,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
}

// Regs are the regulations that apply.
type Regs struct {
	COPPA int             `json:"coppa,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
}
