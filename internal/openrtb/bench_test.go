package openrtb_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/benchpair"
	"github.com/adamasdk/adama-go/internal/fake/firehosefake"
	"github.com/adamasdk/adama-go/internal/openrtb"
)

// The light view is the firehose reader's former read-only view of a
// record: plain structs with the members users read most, no Extra, read
// by encoding/json (its floor now an exact decimal, as a kept view's would
// be). The benchmarks below decode the same records into it and into the
// shared types, to tell whether the reader needs it.
type lightRequest struct {
	ID     string          `json:"id"`
	Imp    []lightImp      `json:"imp,omitempty"`
	Site   *lightSite      `json:"site,omitempty"`
	App    *lightApp       `json:"app,omitempty"`
	Device *lightDevice    `json:"device,omitempty"`
	User   *lightUser      `json:"user,omitempty"`
	Regs   *lightRegs      `json:"regs,omitempty"`
	AT     int             `json:"at,omitempty"`
	TMax   int             `json:"tmax,omitempty"`
	Cur    []string        `json:"cur,omitempty"`
	BCat   []string        `json:"bcat,omitempty"`
	BAdv   []string        `json:"badv,omitempty"`
	Test   int             `json:"test,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

type lightImp struct {
	ID          string          `json:"id"`
	Banner      *lightBanner    `json:"banner,omitempty"`
	Video       *lightVideo     `json:"video,omitempty"`
	Native      json.RawMessage `json:"native,omitempty"`
	TagID       string          `json:"tagid,omitempty"`
	BidFloor    adama.Decimal   `json:"bidfloor,omitzero"`
	BidFloorCur string          `json:"bidfloorcur,omitempty"`
	Secure      int             `json:"secure,omitempty"`
	PMP         json.RawMessage `json:"pmp,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
}

type lightBanner struct {
	W   int    `json:"w,omitempty"`
	H   int    `json:"h,omitempty"`
	Pos int    `json:"pos,omitempty"`
	ID  string `json:"id,omitempty"`
}

type lightVideo struct {
	Mimes       []string `json:"mimes,omitempty"`
	MinDuration int      `json:"minduration,omitempty"`
	MaxDuration int      `json:"maxduration,omitempty"`
	Protocols   []int    `json:"protocols,omitempty"`
	W           int      `json:"w,omitempty"`
	H           int      `json:"h,omitempty"`
	Linearity   int      `json:"linearity,omitempty"`
}

type lightPublisher struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name,omitempty"`
}

type lightSite struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Domain    string          `json:"domain,omitempty"`
	Page      string          `json:"page,omitempty"`
	Ref       string          `json:"ref,omitempty"`
	Cat       []string        `json:"cat,omitempty"`
	Publisher *lightPublisher `json:"publisher,omitempty"`
}

type lightApp struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Bundle    string          `json:"bundle,omitempty"`
	StoreURL  string          `json:"storeurl,omitempty"`
	Cat       []string        `json:"cat,omitempty"`
	Publisher *lightPublisher `json:"publisher,omitempty"`
}

type lightGeo struct {
	Lat     float64 `json:"lat,omitempty"`
	Lon     float64 `json:"lon,omitempty"`
	Country string  `json:"country,omitempty"`
	Region  string  `json:"region,omitempty"`
	Metro   string  `json:"metro,omitempty"`
	City    string  `json:"city,omitempty"`
	Zip     string  `json:"zip,omitempty"`
	Type    int     `json:"type,omitempty"`
}

type lightDevice struct {
	UA         string    `json:"ua,omitempty"`
	IP         string    `json:"ip,omitempty"`
	IPv6       string    `json:"ipv6,omitempty"`
	DeviceType int       `json:"devicetype,omitempty"`
	Make       string    `json:"make,omitempty"`
	Model      string    `json:"model,omitempty"`
	OS         string    `json:"os,omitempty"`
	OSV        string    `json:"osv,omitempty"`
	Language   string    `json:"language,omitempty"`
	IFA        string    `json:"ifa,omitempty"`
	DNT        int       `json:"dnt,omitempty"`
	LMT        int       `json:"lmt,omitempty"`
	Geo        *lightGeo `json:"geo,omitempty"`
}

type lightUser struct {
	ID       string          `json:"id,omitempty"`
	BuyerUID string          `json:"buyeruid,omitempty"`
	YOB      int             `json:"yob,omitempty"`
	Gender   string          `json:"gender,omitempty"`
	Geo      *lightGeo       `json:"geo,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
}

type lightRegs struct {
	COPPA int             `json:"coppa,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
}

// benchRecords are the records of a generated firehose batch, one per
// line, as the reader hands them to the decoder.
var benchRecords = sync.OnceValues(func() ([][]byte, error) {
	var buf bytes.Buffer
	if err := firehosefake.WriteBatch(&buf, firehosefake.BatchOptions{Records: 5000, Format: firehosefake.FormatJSONL, Seed: 1}); err != nil {
		return nil, err
	}
	var out [][]byte
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		out = append(out, bytes.Clone(sc.Bytes()))
	}
	return out, sc.Err()
})

func records(b *testing.B) ([][]byte, int) {
	recs, err := benchRecords()
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, r := range recs {
		n += len(r)
	}
	return recs, n
}

func decodeShared(b *testing.B, recs [][]byte) {
	var req openrtb.BidRequest
	for _, r := range recs {
		if err := openrtb.Decode(r, &req); err != nil || req.ID == "" {
			b.Fatal(err)
		}
	}
}

func decodeLight(b *testing.B, recs [][]byte) {
	for _, r := range recs {
		var req lightRequest
		if err := json.Unmarshal(r, &req); err != nil || req.ID == "" {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeShared decodes 5,000 firehose records into the shared
// types (exact floors, unknown members kept, numbers as strings read).
func BenchmarkDecodeShared(b *testing.B) {
	recs, size := records(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		decodeShared(b, recs)
	}
}

// BenchmarkDecodeLightView decodes the same records into the light view
// with encoding/json.
func BenchmarkDecodeLightView(b *testing.B) {
	recs, size := records(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		decodeLight(b, recs)
	}
}

// BenchmarkDecodeSharedPaired times both in every round; x-base is the
// median of shared time ÷ light-view time.
func BenchmarkDecodeSharedPaired(b *testing.B) {
	recs, size := records(b)
	benchpair.Run(b, size, func() { decodeShared(b, recs) }, func() { decodeLight(b, recs) })
}
