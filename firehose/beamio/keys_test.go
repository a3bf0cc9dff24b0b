package beamio_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/firehose/beamio"
)

func request(t testing.TB, s string) *firehose.BidRequest {
	t.Helper()
	var r firehose.BidRequest
	require.NoError(t, json.Unmarshal([]byte(s), &r))
	return &r
}

func TestKeysOf(t *testing.T) {
	geoIDs := &beamio.KeyOptions{GeoIDs: map[string]string{"USA": "60231"}}
	tests := []struct {
		name string
		rec  string
		opts *beamio.KeyOptions
		want beamio.Keys
	}{
		{"site banner on a PC", `{"id":"1","imp":[{"id":"1","banner":{"w":300,"h":250}}],"site":{"id":"s"},"device":{"devicetype":2,"geo":{"country":"USA"}},"ext":{"exchange_id":"15"}}`,
			nil, beamio.Keys{Exchange: "15", Channel: firehose.ChannelTypeDisplay, Geo: "USA"}},
		{"exchange as a number, geo mapped", `{"id":"1","imp":[{"id":"1","video":{"w":640}}],"site":{"id":"s"},"device":{"devicetype":2,"geo":{"country":"USA"}},"ext":{"exchange_id":42}}`,
			geoIDs, beamio.Keys{Exchange: "42", Channel: firehose.ChannelTypeVideo, Geo: "60231"}},
		{"country the map lacks kept", `{"id":"1","device":{"geo":{"country":"GBR"}}}`,
			geoIDs, beamio.Keys{Channel: firehose.ChannelTypeDisplay, Geo: "GBR"}},
		{"user geo when the device has none", `{"id":"1","device":{"devicetype":4},"user":{"geo":{"country":"JPN"}}}`,
			nil, beamio.Keys{Channel: firehose.ChannelTypeMobileDisplayMobileWeb, Geo: "JPN"}},
		{"phone video", `{"id":"1","imp":[{"id":"1","video":{}}],"device":{"devicetype":5}}`,
			nil, beamio.Keys{Channel: firehose.ChannelTypeMobileVideoMobileWeb}},
		{"in-app display", `{"id":"1","imp":[{"id":"1","banner":{}}],"app":{"id":"a"}}`,
			nil, beamio.Keys{Channel: firehose.ChannelTypeMobileDisplayInApp}},
		{"in-app video", `{"id":"1","imp":[{"id":"1","video":{}}],"app":{"id":"a"}}`,
			nil, beamio.Keys{Channel: firehose.ChannelTypeMobileVideoInApp}},
		{"deals of every impression, once", `{"id":"1","imp":[{"id":"1","pmp":{"deals":[{"id":"d1"},{"id":7}]}},{"id":"2","pmp":{"deals":[{"id":"d1"},{"id":"d2"}]}}]}`,
			nil, beamio.Keys{Deals: []string{"d1", "7", "d2"}, Channel: firehose.ChannelTypeDisplay}},
		{"other exchange field", `{"id":"1","ext":{"exch":"9","exchange_id":"15"}}`,
			&beamio.KeyOptions{ExchangeField: "exch"}, beamio.Keys{Exchange: "9", Channel: firehose.ChannelTypeDisplay}},
		{"ext and pmp of other shapes", `{"id":"1","imp":[{"id":"1","pmp":[1]}],"ext":["x"]}`,
			nil, beamio.Keys{Channel: firehose.ChannelTypeDisplay}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, beamio.KeysOf(request(t, tt.rec), tt.opts))
		})
	}
}

func TestKeysMatch(t *testing.T) {
	k := beamio.Keys{Exchange: "15", Deals: []string{"d1", "d2"}, Channel: firehose.ChannelTypeVideo, Geo: "60231"}
	tests := []struct {
		name    string
		filters firehose.Filters
		want    bool
		wantErr bool
	}{
		{"no filters", nil, true, false},
		{"exchange", firehose.Filters{firehose.FilterKeyExchangeID: {"3", "15"}}, true, false},
		{"exchange not listed", firehose.Filters{firehose.FilterKeyExchangeID: {"3"}}, false, false},
		{"AND-ed", firehose.Filters{firehose.FilterKeyExchangeID: {"15"}, firehose.FilterKeyChannelType: {"DISPLAY"}}, false, false},
		{"all four", firehose.Filters{firehose.FilterKeyExchangeID: {"15"}, firehose.FilterKeyChannelType: {"VIDEO"}, firehose.FilterKeyGeo: {"60231"}, firehose.FilterKeyDealID: {"d2"}}, true, false},
		{"one deal of several", firehose.Filters{firehose.FilterKeyDealID: {"d9", "d1"}}, true, false},
		{"no deal listed", firehose.Filters{firehose.FilterKeyDealID: {"d9"}}, false, false},
		{"keys in lower case", firehose.Filters{"x-svc-geo": {"60231"}}, true, false},
		{"empty values ignored", firehose.Filters{firehose.FilterKeyGeo: {}}, true, false},
		{"unknown key", firehose.Filters{"X-Svc-Color": {"red"}}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := k.Match(tt.filters)
			if tt.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestFilterKeepsWhatTheLoopKeeps(t *testing.T) {
	root := t.TempDir()
	srv := adamatest.NewServer(adamatest.WithT(t))
	k := kinds[2] // gzip JSONL
	files := writeBatches(t, srv, root, k, []batchSpec{
		{at: fixtureHour, records: 300, seed: 1},
		{at: fixtureHour, records: 300, malformed: true, seed: 2},
	})
	f := firehose.Filters{firehose.FilterKeyExchangeID: {"15", "62"}, firehose.FilterKeyChannelType: {"DISPLAY", "MOBILE_DISPLAY_IN_APP"}}
	want := loopOver(t, files)
	var kept []any
	for i, place := range want.places {
		if ok, err := beamio.KeysOf(want.requests[i], nil).Match(f); err == nil && ok {
			kept = append(kept, place)
		}
	}
	require.NotEmpty(t, kept)
	require.Less(t, len(kept), len(want.places)/2)

	p, s := beam.NewPipelineWithRoot()
	ops, _, err := beamio.Read(s, filepath.Join(root, k.name, k.glob), &beamio.ReadOptions{Macro: k.macro})
	require.NoError(t, err)
	filtered, err := beamio.Filter(s, ops, f, nil)
	require.NoError(t, err)
	passert.Equals(s, beam.ParDo(s, placeOf, filtered), kept...)
	ptest.RunAndValidate(t, p)

	_, err = beamio.Filter(s, ops, firehose.Filters{"X-Svc-Color": {"red"}}, nil)
	assert.Error(t, err)
}

func TestReadRefusesBadOptions(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.jsonl"), []byte("{}\n"), 0o644))
	tests := []struct {
		name    string
		pattern string
		opts    *beamio.ReadOptions
	}{
		{"macro", filepath.Join(dir, "*"), &beamio.ReadOptions{Macro: "%bogus%"}},
		{"location", filepath.Join(dir, "*"), &beamio.ReadOptions{Location: "Mars/Olympus"}},
		{"compression", filepath.Join(dir, "*"), &beamio.ReadOptions{Compression: "ZSTD"}},
		{"format", filepath.Join(dir, "*"), &beamio.ReadOptions{Format: "CSV"}},
		{"filesystem", "nosuchfs://bucket/*", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, s := beam.NewPipelineWithRoot()
			_, _, err := beamio.Read(s, tt.pattern, tt.opts)
			assert.Error(t, err)
		})
	}
}
