// Package rtbbench holds the light view of a bid request that the OpenRTB
// benchmarks decode with encoding/json as their baseline: the firehose
// reader's former read-only view of a record, plain structs with the
// members users read most and no Extra (its floor an exact decimal, as a
// kept view's would be). Only benchmarks use it.
package rtbbench

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/adama"
)

// Request is the light view of a bid request.
type Request struct {
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

// Imp is the light view of an OpenRTB imp.
type Imp struct {
	ID          string          `json:"id"`
	Banner      *Banner         `json:"banner,omitempty"`
	Video       *Video          `json:"video,omitempty"`
	Native      json.RawMessage `json:"native,omitempty"`
	TagID       string          `json:"tagid,omitempty"`
	BidFloor    adama.Decimal   `json:"bidfloor,omitzero"`
	BidFloorCur string          `json:"bidfloorcur,omitempty"`
	Secure      int             `json:"secure,omitempty"`
	PMP         json.RawMessage `json:"pmp,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
}

// Banner is the light view of an OpenRTB banner.
type Banner struct {
	W   int    `json:"w,omitempty"`
	H   int    `json:"h,omitempty"`
	Pos int    `json:"pos,omitempty"`
	ID  string `json:"id,omitempty"`
}

// Video is the light view of an OpenRTB video.
type Video struct {
	Mimes       []string `json:"mimes,omitempty"`
	MinDuration int      `json:"minduration,omitempty"`
	MaxDuration int      `json:"maxduration,omitempty"`
	Protocols   []int    `json:"protocols,omitempty"`
	W           int      `json:"w,omitempty"`
	H           int      `json:"h,omitempty"`
	Linearity   int      `json:"linearity,omitempty"`
}

// Publisher is the light view of an OpenRTB publisher.
type Publisher struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name,omitempty"`
}

// Site is the light view of an OpenRTB site.
type Site struct {
	ID        string     `json:"id,omitempty"`
	Name      string     `json:"name,omitempty"`
	Domain    string     `json:"domain,omitempty"`
	Page      string     `json:"page,omitempty"`
	Ref       string     `json:"ref,omitempty"`
	Cat       []string   `json:"cat,omitempty"`
	Publisher *Publisher `json:"publisher,omitempty"`
}

// App is the light view of an OpenRTB app.
type App struct {
	ID        string     `json:"id,omitempty"`
	Name      string     `json:"name,omitempty"`
	Bundle    string     `json:"bundle,omitempty"`
	StoreURL  string     `json:"storeurl,omitempty"`
	Cat       []string   `json:"cat,omitempty"`
	Publisher *Publisher `json:"publisher,omitempty"`
}

// Geo is the light view of an OpenRTB geo.
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

// Device is the light view of an OpenRTB device.
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

// User is the light view of an OpenRTB user.
type User struct {
	ID       string          `json:"id,omitempty"`
	BuyerUID string          `json:"buyeruid,omitempty"`
	YOB      int             `json:"yob,omitempty"`
	Gender   string          `json:"gender,omitempty"`
	Geo      *Geo            `json:"geo,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
}

// Regs is the light view of an OpenRTB regs.
type Regs struct {
	COPPA int             `json:"coppa,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
}
