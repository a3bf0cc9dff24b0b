package call

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

type rec struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

func TestDataMetaDecode(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		list    bool
		want    Meta
		wantErr string
	}{
		{name: "numbers as strings", list: true,
			body: `{"data":[{"id":1,"name":"a"}],"meta":{"status":"success","count":"1","offset":"30","total_count":"1896","next_page":"https://x/y?page_offset=31"}}`,
			want: Meta{Status: "success", Count: 1, HasCount: true, Offset: 30, TotalCount: 1896, HasTotal: true, NextPage: "https://x/y?page_offset=31"}},
		{name: "meta first", list: true, body: `{"meta":{"status":"ok","count":0,"total_count":0},"data":[]}`,
			want: Meta{Status: "ok", HasCount: true, HasTotal: true}},
		{name: "single", body: `{"data":{"id":7,"name":"x"},"meta":{"status":"ok"}}`, want: Meta{Status: "ok"}},
		{name: "data null", body: `{"data":null,"meta":{"status":"ok"}}`, wantErr: "no data"},
		{name: "null list is empty", list: true, body: `{"data":null,"meta":{"status":"success","count":0}}`, want: Meta{Status: "success", HasCount: true}},
		{name: "list missing", list: true, body: `{"meta":{"status":"ok"}}`, wantErr: "no data"},
		{name: "empty object", body: `{"data":{},"meta":{"status":"ok"}}`, wantErr: "no data"},
		{name: "data missing", body: `{"meta":{"status":"ok"}}`, wantErr: "no data"},
		{name: "bare object where envelope expected", body: `{"id":7,"name":"x"}`, wantErr: "no data"},
		{name: "list where object expected", body: `{"data":[{"id":1}]}`, wantErr: "cannot unmarshal array"},
		{name: "object where list expected", list: true, body: `{"data":{"id":1}}`, wantErr: "cannot unmarshal object"},
		{name: "count not a number", list: true, body: `{"data":[],"meta":{"count":"ten"}}`, wantErr: "not an integer"},
		{name: "not json", body: `hello`, wantErr: "invalid character"},
		{name: "truncated", body: `{"data":{"id":7`, wantErr: "EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var dst any = &rec{}
			if tt.list {
				var items []rec // nil, as List starts
				dst = &items
			}
			meta, err := DataMeta.Decode(strings.NewReader(tt.body), "application/json", dst)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, meta)
		})
	}
}

func TestDataMetaErrorStatusIsAdamaError(t *testing.T) {
	_, err := DataMeta.Decode(strings.NewReader(`{"errors":[{"code":"not_found","message":"no such deal"}],"meta":{"status":"error"}}`), "application/json", &rec{})
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.ErrorIs(t, err, adama.ErrNotFound)
}

func TestBareDecode(t *testing.T) {
	var v struct{ Name string }
	_, err := Bare.Decode(strings.NewReader(`{"Name":"c1"}`), "application/json", &v)
	require.NoError(t, err)
	assert.Equal(t, "c1", v.Name)
	_, err = Bare.Decode(strings.NewReader(`null`), "application/json", &v)
	assert.ErrorIs(t, err, ErrNoData)
	_, err = Bare.Decode(strings.NewReader(``), "application/json", &v)
	assert.ErrorIs(t, err, ErrNoData)
	_, err = Bare.Decode(strings.NewReader(`{"Name":"a"}{"Name":"b"}`), "application/json", &v)
	assert.Error(t, err)
}

func TestXMLDecode(t *testing.T) {
	body := `<?xml version="1.0"?><result called_on="2026-01-01"><entities count="1" start="0" total_count="5"><entity id="3" name="n" type="advertiser" version="0"></entity></entities><status code="ok"/></result>`
	var items []*rec
	meta, err := DataMeta.Decode(strings.NewReader(body), "application/xml", &items)
	require.NoError(t, err)
	require.Len(t, items, 1)
	assert.Equal(t, int64(3), items[0].ID)
	assert.Equal(t, 5, meta.TotalCount)
	var one rec
	_, err = DataMeta.Decode(strings.NewReader(body), "text/xml", &one)
	assert.ErrorContains(t, err, "a list where a single entity was expected")
}

func newGroup(t *testing.T, h http.HandlerFunc) *Group {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	c, err := adama.NewClient(adama.WithBaseURL(ts.URL), adama.WithAuthURL(ts.URL), adama.WithToken("tok"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	return &Group{Client: c, Host: adama.HostBase, Prefix: "/x/v1", Auth: adama.AuthBearer, Envelope: DataMeta}
}

func TestGroupSendsBodyFormsAndDecodes(t *testing.T) {
	var got struct{ ct, accept, body, path string }
	g := newGroup(t, func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, 1024)
		n, _ := r.Body.Read(b)
		got.ct, got.accept, got.body, got.path = r.Header.Get("Content-Type"), r.Header.Get("Accept"), string(b[:n]), r.URL.Path
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"id":9,"name":"made"},"meta":{"status":"success"}}`))
	})
	ctx := context.Background()
	out, err := One[rec](ctx, g, &Call{Method: http.MethodPost, Path: "/things", JSON: map[string]any{"name": "made"}})
	require.NoError(t, err)
	assert.Equal(t, &rec{ID: 9, Name: "made"}, out)
	assert.Equal(t, "application/json", got.ct)
	assert.Equal(t, "application/json", got.accept)
	assert.JSONEq(t, `{"name":"made"}`, got.body)
	assert.Equal(t, "/x/v1/things", got.path)

	_, err = One[rec](ctx, g, &Call{Method: http.MethodPost, Path: "/things", Form: url.Values{"a": {"1 2"}}})
	require.NoError(t, err)
	assert.Equal(t, "application/x-www-form-urlencoded", got.ct)
	assert.Equal(t, "a=1+2", got.body)

	_, err = One[rec](ctx, g, &Call{Method: http.MethodPost, Path: "/up", Multipart: &Multipart{
		Fields: []Field{{"advertiser_id", "4"}}, Files: []File{{Field: "asset_value", FileName: `a"b.png`, ContentType: "image/png", Data: []byte("PNG")}}}})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(got.ct, "multipart/form-data; boundary="))
	assert.Contains(t, got.body, `filename="a\"b.png"`)
	assert.Contains(t, got.body, "PNG")
}

func TestGroupWrongShapeIsAdamaError(t *testing.T) {
	g := newGroup(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":9}`))
	})
	_, err := One[rec](context.Background(), g, &Call{Path: "/things/9"})
	var ae *adama.Error
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, adama.CodeUnexpectedContent, ae.Code)
	assert.Equal(t, http.MethodGet, ae.Method)
	assert.Equal(t, "/x/v1/things/9", ae.Path)
	assert.Equal(t, 200, ae.StatusCode)
}

func TestListPage(t *testing.T) {
	g := newGroup(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
		_ = json.NewEncoder(w).Encode(map[string]any{"data": []rec{{ID: 1}, {ID: 2}}, "meta": map[string]any{"status": "ok", "count": "2", "total_count": "10", "offset": "4"}})
	})
	p, err := List[rec](context.Background(), g, &Call{Path: "/things"})
	require.NoError(t, err)
	assert.Equal(t, 2, p.Count)
	assert.Equal(t, 4, p.Offset)
	assert.Equal(t, 10, p.TotalCount)
	assert.True(t, p.HasTotal)
	assert.Len(t, p.Items, 2)
}

func TestNoContentAndErrors(t *testing.T) {
	g := newGroup(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusConflict)
		_, _ = w.Write([]byte(`{"errors":[{"code":"conflict","message":"stale version","field":"version"}],"meta":{"status":"error"}}`))
	})
	require.NoError(t, g.NoContent(context.Background(), &Call{Method: http.MethodDelete, Path: "/things/1"}))
	_, err := One[rec](context.Background(), g, &Call{Method: http.MethodPut, Path: "/things/1", JSON: rec{ID: 1}})
	assert.True(t, errors.Is(err, adama.ErrConflict))
}
