package openrtb_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/openrtb"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

func TestDecodeRouterRequest(t *testing.T) {
	var req openrtb.BidRequest
	require.NoError(t, json.Unmarshal(readTestdata(t, "router_request.json"), &req))
	assert.Equal(t, "80ce30c53c16e6ede735f123ef6e32361bfc7b22", req.ID)
	assert.Equal(t, int64(150), req.TMax, "a number as a string")
	assert.Equal(t, []string{"IAB25", "IAB26"}, req.BCat)
	require.Len(t, req.Imp, 1)
	imp := req.Imp[0]
	assert.Equal(t, "0.75", imp.BidFloor.String())
	require.NotNil(t, imp.Secure)
	assert.Equal(t, 1, *imp.Secure)
	assert.JSONEq(t, `1`, string(imp.Extra["rwdd"]))
	assert.JSONEq(t, `{"skadn":{"version":"2.0"}}`, string(imp.Ext))
	require.NotNil(t, imp.Banner)
	assert.Equal(t, []openrtb.Format{{W: 300, H: 250}, {W: 320, H: 50, Extra: map[string]json.RawMessage{"wratio": json.RawMessage(`32`)}}}, imp.Banner.Format)
	assert.Equal(t, []int{13, 14}, imp.Banner.BAttr)
	require.NotNil(t, imp.PMP)
	require.Len(t, imp.PMP.Deals, 2)
	assert.Equal(t, "2.105", imp.PMP.Deals[0].BidFloor.String(), "deal floors are exact")
	assert.Equal(t, "0.01", imp.PMP.Deals[1].BidFloor.String())
	assert.Equal(t, []string{"s1"}, imp.PMP.Deals[0].WSeat)
	assert.Equal(t, "8953", req.Site.Publisher.ID)
	assert.JSONEq(t, `0`, string(req.Site.Extra["mobile"]))
	geo := req.Device.Geo
	require.NotNil(t, geo.Lat)
	assert.InDelta(t, 40.7128, *geo.Lat, 1e-12)
	assert.InDelta(t, -74.006, *geo.Lon, 1e-12)
	assert.Equal(t, -300, geo.UTCOffset)
	assert.JSONEq(t, `20`, string(geo.Extra["accuracy"]))
	require.NotNil(t, req.Device.DNT)
	require.NotNil(t, req.Device.LMT)
	assert.Equal(t, 0, *req.Device.LMT, "0 as a string is set, not absent")
	assert.Equal(t, 1984, req.User.YOB)
	assert.Equal(t, "12", req.User.Data[0].Segment[1].ID, "an id as a bare number")
	assert.JSONEq(t, `{"fd":1,"tid":"t-1"}`, string(req.Extra["source"]))
	assert.Empty(t, req.Misfits())
}

func TestDecodeAppRequestAndOpportunity(t *testing.T) {
	var app openrtb.BidRequest
	require.NoError(t, json.Unmarshal(readTestdata(t, "app_request.json"), &app))
	v := app.Imp[0].Video
	require.NotNil(t, v)
	require.NotNil(t, v.StartDelay)
	assert.Equal(t, 0, *v.StartDelay, "a start delay of 0 is kept apart from none")
	assert.Equal(t, 30, v.MaxDuration, "an integral float")
	assert.Equal(t, []int{2, 3, 5, 6}, v.Protocols)
	assert.JSONEq(t, `5`, string(v.Extra["skipafter"]))
	assert.Equal(t, `{"ver":"1.1","assets":[]}`, app.Imp[0].Native.Request)
	assert.Equal(t, "0.1", app.Imp[0].BidFloor.String())
	assert.Equal(t, "com.example.app", app.App.Bundle)
	assert.Equal(t, "Berlin", app.User.Geo.City)
	assert.Nil(t, app.User.Geo.Lat, "no latitude is nil, not 0")
	assert.Equal(t, []string{"com.blocked.app"}, app.BApp)

	var op openrtb.BidRequest
	require.NoError(t, json.Unmarshal(readTestdata(t, "opportunity.json"), &op))
	assert.Equal(t, "req-00000000-0cb2", op.ID)
	assert.Equal(t, "2.63", op.Imp[0].BidFloor.String())
	assert.Equal(t, 7, op.Device.DeviceType)
	assert.Equal(t, "GBR", op.Device.Geo.Country)
	assert.JSONEq(t, `{"exchange_id":"62"}`, string(op.Ext))
	assert.JSONEq(t, `{"kept":true}`, string(op.Extra["unknown_field"]))
}

func TestDecodeBidResponse(t *testing.T) {
	var resp openrtb.BidResponse
	require.NoError(t, json.Unmarshal(readTestdata(t, "bid_response.json"), &resp))
	assert.Equal(t, "resp-1", resp.BidID)
	require.Len(t, resp.SeatBid, 1)
	bids := resp.SeatBid[0].Bid
	require.Len(t, bids, 2)
	assert.Equal(t, "9.43", bids[0].Price.String())
	assert.Equal(t, "0.30000000000000004", bids[1].Price.String(), "prices are exact")
	assert.Equal(t, []string{"advertiser.example"}, bids[0].ADomain)
	assert.JSONEq(t, `"https://bidder.example/loss"`, string(bids[0].Extra["lurl"]))
	assert.JSONEq(t, `"https://bidder.example/bill"`, string(bids[1].Extra["burl"]))
	assert.JSONEq(t, `{"s":1}`, string(resp.SeatBid[0].Ext))
	assert.JSONEq(t, `{"debug":false}`, string(resp.Ext))
}

// TestRoundTrip reads every body, writes it and reads it again: nothing
// is lost, and what is written is the body with its numbers as strings
// written as numbers.
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		file string
		dst  func() any
		// canonical: the body is written back as it came (JSON value).
		canonical bool
	}{
		{"router_request.json", func() any { return new(openrtb.BidRequest) }, false},
		{"app_request.json", func() any { return new(openrtb.BidRequest) }, false},
		{"opportunity.json", func() any { return new(openrtb.BidRequest) }, true},
		{"bid_response.json", func() any { return new(openrtb.BidResponse) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			in := readTestdata(t, tt.file)
			first, again := tt.dst(), tt.dst()
			require.NoError(t, json.Unmarshal(in, first))
			out, err := json.Marshal(first)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(out, again))
			out2, err := json.Marshal(again)
			require.NoError(t, err)
			assert.JSONEq(t, string(out), string(out2), "what is written reads back the same")
			if tt.canonical {
				assert.JSONEq(t, string(in), string(out))
			}
			var before, after map[string]any
			require.NoError(t, json.Unmarshal(in, &before))
			require.NoError(t, json.Unmarshal(out, &after))
			assert.ElementsMatch(t, keys(before), keys(after), "every member is written back")
		})
	}
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestBidRequestKeepsUnknownMembers(t *testing.T) {
	in := `{"id":"r","imp":[{"id":"1","bidfloor":"0.75","rwdd":1,"ext":{"skadn":{"v":"2"}}}],"source":{"fd":1},
		"device":{"ua":"x","geo":{"country":"USA","accuracy":5}},"tmax":"120","ext":{"router":"p1"}}`
	var req openrtb.BidRequest
	require.NoError(t, json.Unmarshal([]byte(in), &req))
	assert.Equal(t, int64(120), req.TMax, "numbers as strings")
	assert.Equal(t, "0.75", req.Imp[0].BidFloor.String())
	assert.JSONEq(t, `{"fd":1}`, string(req.Extra["source"]))
	assert.JSONEq(t, `1`, string(req.Imp[0].Extra["rwdd"]))
	assert.JSONEq(t, `5`, string(req.Device.Geo.Extra["accuracy"]))
	out, err := json.Marshal(req)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":"r","imp":[{"id":"1","bidfloor":0.75,"rwdd":1,"ext":{"skadn":{"v":"2"}}}],"source":{"fd":1},
		"device":{"ua":"x","geo":{"country":"USA","accuracy":5}},"tmax":120,"ext":{"router":"p1"}}`, string(out))
}

// TestLenientForms pins how one member is read: each documented form
// fills the field; any other value leaves it zero and is a misfit.
func TestLenientForms(t *testing.T) {
	tests := []struct {
		name   string
		imp    string
		check  func(t *testing.T, imp openrtb.Imp)
		misfit string // the misfit's path, "" for none
	}{
		{"floor as number", `"bidfloor":1.5`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, "1.5", imp.BidFloor.String()) }, ""},
		{"floor as string", `"bidfloor":" 0.10 "`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, "0.1", imp.BidFloor.String()) }, ""},
		{"floor exact past float64", `"bidfloor":0.1000000000000000055511151231257827`, func(t *testing.T, imp openrtb.Imp) {
			assert.Equal(t, "0.1000000000000000055511151231257827", imp.BidFloor.String())
		}, ""},
		{"floor null", `"bidfloor":null`, func(t *testing.T, imp openrtb.Imp) { assert.True(t, imp.BidFloor.IsZero()) }, ""},
		{"floor empty string", `"bidfloor":""`, func(t *testing.T, imp openrtb.Imp) { assert.True(t, imp.BidFloor.IsZero()) }, ""},
		{"floor word", `"bidfloor":"cheap"`, func(t *testing.T, imp openrtb.Imp) { assert.True(t, imp.BidFloor.IsZero()) }, "imp[0].bidfloor"},
		{"floor object", `"bidfloor":{"v":1}`, func(t *testing.T, imp openrtb.Imp) { assert.True(t, imp.BidFloor.IsZero()) }, "imp[0].bidfloor"},
		{"int as string", `"instl":"1"`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, 1, imp.Instl) }, ""},
		{"int as integral float", `"exp":3e2`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, 300, imp.Exp) }, ""},
		{"int as fraction", `"exp":1.5`, func(t *testing.T, imp openrtb.Imp) { assert.Zero(t, imp.Exp) }, "imp[0].exp"},
		{"int as boolean", `"instl":true`, func(t *testing.T, imp openrtb.Imp) { assert.Zero(t, imp.Instl) }, "imp[0].instl"},
		{"int too large", `"exp":1e30`, func(t *testing.T, imp openrtb.Imp) { assert.Zero(t, imp.Exp) }, "imp[0].exp"},
		{"optional int 0", `"secure":0`, func(t *testing.T, imp openrtb.Imp) { require.NotNil(t, imp.Secure); assert.Zero(t, *imp.Secure) }, ""},
		{"optional int null", `"secure":null`, func(t *testing.T, imp openrtb.Imp) { assert.Nil(t, imp.Secure) }, ""},
		{"optional int empty", `"secure":""`, func(t *testing.T, imp openrtb.Imp) { assert.Nil(t, imp.Secure) }, ""},
		{"optional int word", `"secure":"yes"`, func(t *testing.T, imp openrtb.Imp) { assert.Nil(t, imp.Secure) }, "imp[0].secure"},
		{"text as number", `"tagid":1234567`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, "1234567", imp.TagID) }, ""},
		{"text escaped", `"tagid":"a\u00e9\"b"`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, "aé\"b", imp.TagID) }, ""},
		{"text as boolean", `"tagid":false`, func(t *testing.T, imp openrtb.Imp) { assert.Empty(t, imp.TagID) }, "imp[0].tagid"},
		{"list of ints", `"banner":{"battr":["1",2]}`, func(t *testing.T, imp openrtb.Imp) { assert.Equal(t, []int{1, 2}, imp.Banner.BAttr) }, ""},
		{"list with an odd element", `"banner":{"battr":[1,{}]}`, func(t *testing.T, imp openrtb.Imp) { assert.Nil(t, imp.Banner.BAttr) }, "imp[0].banner.battr"},
		{"empty list", `"banner":{"mimes":[]}`, func(t *testing.T, imp openrtb.Imp) {
			assert.NotNil(t, imp.Banner.Mimes)
			assert.Empty(t, imp.Banner.Mimes)
		}, ""},
		{"object as string", `"banner":"300x250"`, func(t *testing.T, imp openrtb.Imp) { assert.Nil(t, imp.Banner) }, "imp[0].banner"},
		{"objects with null", `"banner":{"format":[null,{"w":1}]}`, func(t *testing.T, imp openrtb.Imp) {
			assert.Equal(t, []openrtb.Format{{}, {W: 1}}, imp.Banner.Format)
		}, ""},
		{"object list as object", `"banner":{"format":{"w":1}}`, func(t *testing.T, imp openrtb.Imp) { assert.Nil(t, imp.Banner.Format) }, "imp[0].banner.format"},
		{"ext of any form", `"ext":[1,"two"]`, func(t *testing.T, imp openrtb.Imp) { assert.JSONEq(t, `[1,"two"]`, string(imp.Ext)) }, ""},
		{"later duplicate wins", `"instl":{},"instl":1`, func(t *testing.T, imp openrtb.Imp) {
			assert.Equal(t, 1, imp.Instl)
			assert.Empty(t, imp.Extra)
		}, ""},
		{"name in another case", `"TagID":"x"`, func(t *testing.T, imp openrtb.Imp) {
			assert.Empty(t, imp.TagID)
			assert.JSONEq(t, `"x"`, string(imp.Extra["TagID"]))
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var req openrtb.BidRequest
			require.NoError(t, json.Unmarshal([]byte(`{"id":"r","imp":[{"id":"1",`+tt.imp+`}]}`), &req))
			require.Len(t, req.Imp, 1)
			tt.check(t, req.Imp[0])
			m := req.Misfits()
			if tt.misfit == "" {
				assert.Empty(t, m)
				return
			}
			require.Len(t, m, 1)
			assert.Equal(t, tt.misfit, m[0].Field)
			out, err := json.Marshal(req)
			require.NoError(t, err)
			var again openrtb.BidRequest
			require.NoError(t, json.Unmarshal(out, &again))
			assert.Equal(t, m, again.Misfits(), "a misfit value is written back as it came")
		})
	}
}

func TestMisfitsPaths(t *testing.T) {
	in := `{"id":"r","tmax":{},"imp":[{"id":"1"},{"id":"2","pmp":{"deals":[{"id":"d","bidfloor":"x"}]}}],
		"user":{"data":[{"id":"dp","segment":[{"id":[1]}]}]},"device":{"geo":{"lat":"north"}}}`
	var req openrtb.BidRequest
	require.NoError(t, json.Unmarshal([]byte(in), &req))
	var fields []string
	for _, m := range req.Misfits() {
		fields = append(fields, m.Field)
	}
	assert.Equal(t, []string{"tmax", "imp[1].pmp.deals[0].bidfloor", "device.geo.lat", "user.data[0].segment[0].id"}, fields)
	assert.Equal(t, []adama.Misfit{{Field: "bidfloor", Raw: json.RawMessage(`"x"`)}}, req.Imp[1].PMP.Deals[0].Misfits())

	var resp openrtb.BidResponse
	require.NoError(t, json.Unmarshal([]byte(`{"id":"r","seatbid":[{"bid":[{"id":"b","impid":"1","price":"free"}]}]}`), &resp))
	assert.Equal(t, []adama.Misfit{{Field: "seatbid[0].bid[0].price", Raw: json.RawMessage(`"free"`)}}, resp.Misfits())
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		syntax bool // a *json.SyntaxError from UnmarshalJSON, ErrSyntax from Decode
	}{
		{"not JSON", `<xml/>`, true},
		{"cut", `{"id":"r","imp":[`, true},
		{"trailing comma", `{"id":1,}`, true},
		{"data after", `{"id":"a"} {"id":"b"}`, true},
		{"bad escape", `{"id":"\x"}`, true},
		{"array", `[{"id":"r"}]`, false},
		{"string", `"r"`, false},
		{"number", `12`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var req openrtb.BidRequest
			err := json.Unmarshal([]byte(tt.in), &req)
			require.Error(t, err)
			err = req.UnmarshalJSON([]byte(tt.in))
			require.Error(t, err)
			var se *json.SyntaxError
			assert.Equal(t, tt.syntax, errors.As(err, &se), "%v", err)
			err = openrtb.Decode([]byte(tt.in), &req)
			assert.Equal(t, tt.syntax, errors.Is(err, openrtb.ErrSyntax), "%v", err)
			assert.Error(t, err)
		})
	}
	deep := []byte(`{"id":"r","ext":` + strings.Repeat("[", 1100) + strings.Repeat("]", 1100) + `}`)
	require.True(t, json.Valid(deep))
	var req openrtb.BidRequest
	assert.ErrorIs(t, req.UnmarshalJSON(deep), openrtb.ErrTooDeep)
	assert.ErrorIs(t, openrtb.Decode(deep, &req), openrtb.ErrTooDeep)
	require.NoError(t, json.Unmarshal([]byte(`{"id":"x","imp":[{"id":"1"}]}`), &req))
	require.NoError(t, json.Unmarshal([]byte(`null`), &req))
	assert.Equal(t, "x", req.ID, "null leaves a value as encoding/json does")
	require.NoError(t, req.UnmarshalJSON([]byte(` null `)))
	assert.Equal(t, "x", req.ID)
	require.NoError(t, req.UnmarshalJSON([]byte(`{"imp":[]}`)))
	assert.Empty(t, req.ID, "UnmarshalJSON starts from zero")
	require.NoError(t, openrtb.Decode([]byte(`null`), &req))
	assert.Zero(t, req.Imp, "Decode starts from zero")
}

func TestEnrichment(t *testing.T) {
	tests := []struct {
		name   string
		user   string
		segs   []openrtb.SegmentMembership
		pixels []openrtb.PixelRecency
	}{
		{"none", `null`, nil, nil},
		{"segments and pixel object", `{"data":[{"id":"dp1","segment":[{"id":"11"},{"id":"12"}]}],"ext":{"pixels":{"1013008":60,"99":"3600"}}}`,
			[]openrtb.SegmentMembership{{Provider: "dp1", ID: "11"}, {Provider: "dp1", ID: "12"}},
			[]openrtb.PixelRecency{{PixelID: "1013008", Seconds: 60}, {PixelID: "99", Seconds: 3600}}},
		{"pixel list", `{"ext":{"pixels":[{"id":1013008,"recency":5},{"id":"7","recency":"9"},{"recency":1}]}}`, nil,
			[]openrtb.PixelRecency{{PixelID: "1013008", Seconds: 5}, {PixelID: "7", Seconds: 9}}},
		{"odd ext", `{"ext":{"pixels":"soon"}}`, nil, nil},
		{"odd recency", `{"ext":{"pixels":{"1":"NaN","2":-5,"3":1e300,"4":"Inf","5":"","6":true}}}`, nil, nil},
		{"segment ids as numbers", `{"data":[{"id":"dp","segment":[{"id":42}]}]}`, []openrtb.SegmentMembership{{Provider: "dp", ID: "42"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var req openrtb.BidRequest
			require.NoError(t, json.Unmarshal([]byte(`{"id":"r","imp":[{"id":"1"}],"user":`+tt.user+`}`), &req))
			e := req.Enrichment()
			assert.Equal(t, tt.segs, e.Segments)
			assert.Equal(t, tt.pixels, e.Pixels)
		})
	}
	var none *openrtb.BidRequest
	assert.Equal(t, openrtb.Enrichment{}, none.Enrichment())
}

func TestMisfitsOfACleanRecordAllocateNothing(t *testing.T) {
	var req openrtb.BidRequest
	require.NoError(t, json.Unmarshal(readTestdata(t, "router_request.json"), &req))
	var n int
	allocs := testing.AllocsPerRun(100, func() { n += len(req.Misfits()) })
	assert.Zero(t, n)
	assert.Zero(t, allocs, "the firehose reader asks every record for its misfits")
}
