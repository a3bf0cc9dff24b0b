package beamio

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/firehose"
)

func TestCoderRoundTrip(t *testing.T) {
	raw := json.RawMessage(`{"id":"req-1","imp":[{"id":"1","banner":{"w":300,"h":250}}],"device":{"geo":{"country":"USA"}},"ext":{"exchange_id":"15"},"unknown":{"kept":true}}`)
	var req firehose.BidRequest
	require.NoError(t, json.Unmarshal(raw, &req))
	viewRaw := json.RawMessage(`{"id":"req-3","imp":[{"id":"1","banner":{"w":{},"h":90}}]}`)
	var viewReq firehose.BidRequest
	require.NoError(t, json.Unmarshal(viewRaw, &viewReq))
	require.NotEmpty(t, viewReq.Misfits())
	viewErr := &adama.MisfitError{Misfits: viewReq.Misfits()}
	tests := []struct {
		name string
		in   Opportunity
	}{
		{"record", Opportunity{File: "gs://b/A/2026-05-01/13/u_x.jsonl.lzo", Index: 7, Line: 8, Offset: 4096,
			Time: time.Date(2026, 5, 1, 13, 0, 0, 0, time.UTC), TimeFromName: true, Request: req, Raw: raw}},
		{"view error kept", Opportunity{File: "f", Index: 3, Line: 3, Offset: 12, Time: time.Unix(1, 5).UTC(), Request: viewReq, Raw: viewRaw, ViewErr: viewErr.Error()}},
		{"zero", Opportunity{}},
		{"negative and large", Opportunity{File: "ü/ß", Index: 1 << 40, Line: -1, Offset: -5, Time: time.Date(1969, 1, 1, 0, 0, 0, 999, time.UTC)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := encodeOpportunity(tt.in)
			got, err := decodeOpportunity(b)
			require.NoError(t, err)
			assert.Equal(t, tt.in, got)
		})
	}
}

func TestCoderRefusesBrokenBytes(t *testing.T) {
	good := encodeOpportunity(Opportunity{File: "file", Index: 1, Raw: json.RawMessage(`{"id":"x"}`)})
	tests := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"other version", append([]byte{9}, good[1:]...)},
		{"cut in the file name", good[:3]},
		{"cut before the flag", good[:len("file")+2+5]},
		{"raw is not JSON", append(append([]byte(nil), good[:len(good)-len(`{"id":"x"}`)]...), `{"id":`...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeOpportunity(tt.b)
			assert.ErrorIs(t, err, errCoder)
		})
	}
}

func FuzzCoder(f *testing.F) {
	f.Add(encodeOpportunity(Opportunity{File: "gs://b/x.jsonl.lzo", Index: 1, Line: 1, Time: time.Unix(1777640820, 0), TimeFromName: true, Raw: json.RawMessage(`{"id":"req-1","imp":[{"id":"1"}]}`)}))
	f.Add(encodeOpportunity(Opportunity{ViewErr: "json: cannot unmarshal", Raw: json.RawMessage(`{"id":"req-3","imp":[{"banner":{"w":"728"}}]}`)}))
	f.Add([]byte{1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := decodeOpportunity(b)
		if err != nil {
			return
		}
		again, err := decodeOpportunity(encodeOpportunity(o))
		require.NoError(t, err)
		assert.Equal(t, o, again)
	})
}
