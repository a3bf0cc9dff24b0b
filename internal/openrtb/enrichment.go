package openrtb

import (
	"encoding/json"
	"sort"
	"strconv"
)

// SegmentMembership is one segment the router says the user belongs to.
type SegmentMembership struct {
	// Provider is the data provider's id (user.data[].id).
	Provider string
	// ID is the segment's id.
	ID string
}

// PixelRecency is how long ago the user last fired a pixel.
type PixelRecency struct {
	PixelID string
	// Seconds since the pixel last fired.
	Seconds int64
}

// Enrichment is what the custom bid router adds to a forwarded request.
type Enrichment struct {
	Segments []SegmentMembership
	Pixels   []PixelRecency
}

// Enrichment returns the request's segment membership and pixel recency.
//
// The reference does not show the enriched fields. The SDK reads segment
// membership from OpenRTB's own place, user.data[].segment[], and pixel
// recency from user.ext.pixels, either an object {"<pixel id>": seconds}
// or a list [{"id": "<pixel id>", "recency": seconds}]; ids and seconds may
// be numbers or strings. Everything is also kept raw in the request.
func (r *BidRequest) Enrichment() Enrichment {
	var e Enrichment
	if r == nil || r.User == nil {
		return e
	}
	for _, d := range r.User.Data {
		for _, s := range d.Segment {
			e.Segments = append(e.Segments, SegmentMembership{Provider: d.ID, ID: s.ID})
		}
	}
	var ext struct {
		Pixels json.RawMessage `json:"pixels"`
	}
	if len(r.User.Ext) == 0 || json.Unmarshal(r.User.Ext, &ext) != nil || len(ext.Pixels) == 0 {
		return e
	}
	var byID map[string]json.RawMessage
	if json.Unmarshal(ext.Pixels, &byID) == nil {
		ids := make([]string, 0, len(byID))
		for id := range byID {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if s, ok := seconds(byID[id]); ok {
				e.Pixels = append(e.Pixels, PixelRecency{PixelID: id, Seconds: s})
			}
		}
		return e
	}
	var list []struct {
		ID      json.RawMessage `json:"id"`
		Recency json.RawMessage `json:"recency"`
	}
	if json.Unmarshal(ext.Pixels, &list) == nil {
		for _, p := range list {
			if s, ok := seconds(p.Recency); ok && len(p.ID) > 0 {
				e.Pixels = append(e.Pixels, PixelRecency{PixelID: text(p.ID), Seconds: s})
			}
		}
	}
	return e
}

// seconds reads a recency the SDK keeps: a number, or a string holding
// one, finite, 0 or more, within int64.
func seconds(raw json.RawMessage) (int64, bool) {
	if len(raw) == 0 {
		return 0, false
	}
	d := decoder{b: raw}
	s, ok := d.numberOrText()
	if !ok {
		return 0, false
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x >= 0 && x < 1<<62) {
		return 0, false
	}
	return int64(x), true
}

// text reads a JSON string, or a number as written; any other value as
// its JSON text.
func text(raw json.RawMessage) string {
	d := decoder{b: raw}
	var s string
	if len(raw) > 0 && d.str(&s) {
		return s
	}
	return string(raw)
}
