package entity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/internal/call"
)

// listOutcome is what decoding one list body gives: metadata, records
// and the error's text.
type listOutcome[T any] struct {
	Meta  call.Meta
	Items []*T
	Err   string
}

func decodeListWith[T any](env call.Envelope, body []byte) listOutcome[T] {
	var items []*T
	meta, err := env.Decode(bytes.NewReader(body), "application/json", &items)
	out := listOutcome[T]{Meta: meta, Items: items}
	if err != nil {
		out.Err = err.Error()
	}
	return out
}

// sameListDecode requires DataMeta (with its list fast path) to decode body
// exactly as encoding/json alone does (call.StdDataMeta): the same
// records, Extra, update snapshots, metadata and errors.
func sameListDecode[T any](t testing.TB, body []byte) {
	t.Helper()
	want := decodeListWith[T](call.StdDataMeta, body)
	got := decodeListWith[T](call.DataMeta, body)
	require.Equal(t, want, got, "body: %s", body)
}

// platformListBodies returns the platform-shaped bodies in testdata, each
// also as a one-record list when it holds a single record.
func platformListBodies(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "platform", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out[f] = b
		var env map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(b, &env), f)
		if d := bytes.TrimSpace(env["data"]); len(d) > 0 && d[0] == '{' {
			env["data"] = append(append([]byte{'['}, d...), ']')
			l, err := json.Marshal(env)
			require.NoError(t, err)
			out[f+" as a list"] = l
		}
	}
	return out
}

// fakePage returns a page of collection from the fake, as JSON.
func fakePage(t testing.TB, collection string, n int) []byte {
	t.Helper()
	srv := adamatest.NewServer(adamatest.WithEntities(collection, n))
	defer srv.Close()
	c, err := srv.NewClient()
	require.NoError(t, err)
	resp, err := c.Do(context.Background(), &adama.Request{Method: "GET", Path: "/api/v2.0/" + collection,
		Query: url.Values{"full": {"*"}, "page_limit": {"100"}}, Accept: "application/json"})
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return b
}

// edgeListBodies are list bodies at the edges of the envelope and record
// rules.
var edgeListBodies = []string{
	`{"meta":{"status":"ok","count":2},"data":[{"id":1,"name":"a","version":"3"},{"id":"2","name":"b","future":{"x":[1,2]}}]}`,
	`{"meta":{"status":"ok"},"data":[null,{"id":1}]}`,
	`{"meta":{"status":"ok"},"data":[]}`,
	`{"meta":{"status":"ok"},"data":null}`,
	`{"meta":{"status":"ok"}}`,
	`{"meta":{"status":"error"},"errors":[{"code":"invalid","message":"m","field":"f"}],"data":[]}`,
	`{"meta":{"status":"ok"},"errors":[{"code":"x"}],"data":[{"id":1}]}`,
	`{"meta":{"status":"ok"},"errors":null,"errors":[],"data":[{"id":1}]}`,
	`{"meta":{"status":"nope"},"data":[{"id":1}]}`,
	`{"Data":[{"id":1}],"meta":{"status":"ok"}}`,
	`{"DATA":[{"id":1}],"data":[{"id":2}]}`,
	`{"data":[{"id":1}],"data":[{"id":2},{"id":3}]}`,
	`{"d\u0061ta":[{"id":1}],"m\u0065ta":{"count":"1"}}`,
	`{"meta":{"count":"x"},"data":[{"id":1}]}`,
	`{"meta":"ok","data":[{"id":1}]}`,
	`{"meta":{"status":"ok"},"data":{"id":1}}`,
	`{"meta":{"status":"ok"},"data":"x"}`,
	`{"meta":{"status":"ok"},"data":[1]}`,
	`{"meta":{"status":"ok"},"data":[{"id":1}]} trailing`,
	` {"data":[ {"id":1} , {"id":2} ] , "links":{"self":"x"}}`,
	`{"data":[{"id":1}],"other":01}`,
	`{"data":[{"id":01}]}`,
	`{"data":[{"id":1,}]}`,
	`{"data":[{"id":1}`,
	`{"data":[{"id":"1"},{"name":7,"bid_aggressiveness":"50.00","budget":"12.5"}]}`,
	`{"data":[{"id":1,"budget":[{"currency_code":"USD","value":"1.5"},{"currency_code":"EUR","value":2}],"max_bid":3}]}`,
	`{"data":[{"id":1,"bid_aggressiveness":"50.5"}]}`,
	`{"data":[{"id":1,"bid_aggressiveness":[{"currency_code":"USD","value":50}]}]}`,
	`{"data":[{"id":1,"name":1.2.3}]}`,
	`{"data":[{"id":1,"\x41":1}]}`,
	`{"data":[{"id":1,"n\u0061me":"esc"}]}`,
	"{\"data\":[{\"id\":1,\"name\":\"a\tb\"}]}",
	`{"data":[{"ID":1,"Name":"case"}]}`,
	`{"data":[{"id":1,"status":"on","use_optimization":"0","created_on":"2026-01-02T03:04:05+0000"}]}`,
	`{"data":[{"id":1,"created_on":"bad"}]}`,
	`[{"id":1}]`,
	`null`,
	``,
}

func TestPerfListDecodeMatchesStd(t *testing.T) {
	bodies := platformListBodies(t)
	for _, c := range []string{"strategies", "campaigns", "advertisers"} {
		bodies["fake "+c] = fakePage(t, c, 100)
	}
	for i, s := range edgeListBodies {
		bodies["edge "+strings.Repeat("#", i%10)+s] = []byte(s)
	}
	for name, b := range bodies {
		t.Run(name, func(t *testing.T) {
			sameListDecode[entity.Strategy](t, b)
			sameListDecode[entity.Campaign](t, b)
			sameListDecode[entity.Advertiser](t, b)
		})
	}
	// The fake's pages decode into full records through the fast path.
	got := decodeListWith[entity.Strategy](call.DataMeta, bodies["fake strategies"])
	require.Empty(t, got.Err)
	require.Len(t, got.Items, 100)
	assert.NotEmpty(t, entity.RawBytes(got.Items[0]))
	assert.NotZero(t, got.Items[0].ID)
}

func FuzzPerfListDecode(f *testing.F) {
	for _, b := range platformListBodies(f) {
		f.Add(b)
	}
	f.Add(fakePage(f, "strategies", 3))
	for _, s := range edgeListBodies {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sameListDecode[entity.Strategy](t, b)
		sameListDecode[entity.Campaign](t, b)
	})
}
