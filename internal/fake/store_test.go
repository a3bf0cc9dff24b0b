package fake_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/qmatch"
	"github.com/adamasdk/adama-go/qlang"
)

func ptr(n int64) *int64 { return &n }

func docs(t *testing.T) *fake.Collection[int64, fake.Doc] {
	t.Helper()
	return fake.NewCollection(fake.DocKind("deal", "id", "version", fake.NewSeq(1000)))
}

func TestCollectionAddGetCopies(t *testing.T) {
	c := docs(t)
	in := fake.Doc{"name": "a", "nested": map[string]any{"x": 1}}
	got := c.Add(in)
	assert.Equal(t, float64(1001), got["id"])
	assert.Equal(t, float64(1), got["version"])
	assert.NotContains(t, in, "id", "Add stores a copy, the caller's map is left alone")

	got["name"] = "changed"
	got["nested"].(map[string]any)["x"] = 2
	stored, ok := c.Get(1001)
	require.True(t, ok)
	assert.Equal(t, "a", stored["name"], "what Add returns is a copy")
	assert.Equal(t, float64(1), stored["nested"].(map[string]any)["x"])

	stored["name"] = "again"
	again, _ := c.Get(1001)
	assert.Equal(t, "a", again["name"], "what Get returns is a copy")

	assert.Equal(t, float64(1002), c.Add(fake.Doc{})["id"], "ids come from the sequence")
	assert.Equal(t, float64(2000), c.Add(fake.Doc{"id": float64(2000)})["id"], "a record with an id keeps it")
	assert.Equal(t, float64(2001), c.Add(fake.Doc{})["id"], "and the sequence moves past it")
	_, ok = c.Get(7)
	assert.False(t, ok)
	assert.Equal(t, 4, c.Len())
}

func TestCollectionSharedSequence(t *testing.T) {
	seq := fake.NewSeq(10)
	a := fake.NewCollection(fake.DocKind("a", "id", "", seq))
	b := fake.NewCollection(fake.DocKind("b", "id", "", seq))
	assert.Equal(t, float64(11), a.Add(fake.Doc{})["id"])
	assert.Equal(t, float64(12), b.Add(fake.Doc{})["id"])
	assert.NotContains(t, a.Add(fake.Doc{}), "version", "an unversioned kind writes no version")
	seq.Skip(40)
	assert.Equal(t, int64(41), seq.Next(), "Skip moves the sequence past an id stored by hand")
	seq.Skip(5)
	assert.Equal(t, int64(42), seq.Next(), "Skip never moves it back")
}

func TestCollectionUpdate(t *testing.T) {
	stale := func(sent, cur int64) string { return "custom" }
	tests := []struct {
		name       string
		id         int64
		sent       *int64
		kind       func(*fake.Kind[int64, fake.Doc])
		wantStatus int
		wantMsg    string
		wantVer    float64
	}{
		{name: "no version sent", id: 1001, wantVer: 2},
		{name: "current version", id: 1001, sent: ptr(1), wantVer: 2},
		{name: "stale version", id: 1001, sent: ptr(0), wantStatus: http.StatusConflict, wantMsg: "version 0 is stale; the deal is at version 1"},
		{name: "stale in the group's words", id: 1001, sent: ptr(5), kind: func(k *fake.Kind[int64, fake.Doc]) { k.Stale = stale },
			wantStatus: http.StatusConflict, wantMsg: "custom"},
		{name: "absent", id: 9, wantStatus: http.StatusNotFound, wantMsg: "deal 9 not found"},
		{name: "absent with a version", id: 9, sent: ptr(1), wantStatus: http.StatusNotFound, wantMsg: "deal 9 not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := fake.DocKind("deal", "id", "version", fake.NewSeq(1000))
			if tt.kind != nil {
				tt.kind(&k)
			}
			c := fake.NewCollection(k)
			c.Add(fake.Doc{"name": "a"})
			assert.Equal(t, tt.wantStatus == 0, c.Fresh(tt.id, tt.sent) == nil)
			got, p := c.Update(tt.id, tt.sent, fake.Doc{"name": "b", "id": float64(55), "version": float64(40)})
			if tt.wantStatus != 0 {
				require.NotNil(t, p)
				assert.Equal(t, tt.wantStatus, p.Status)
				assert.Equal(t, tt.wantMsg, p.Message)
				cur, _ := c.Get(1001)
				assert.Equal(t, "a", cur["name"], "a refused update changes nothing")
				return
			}
			require.Nil(t, p)
			assert.Equal(t, tt.wantVer, got["version"], "the stored version plus one, whatever the record said")
			assert.Equal(t, float64(1001), got["id"], "the key stays the record's")
			cur, _ := c.Get(1001)
			assert.Equal(t, "b", cur["name"])
		})
	}
}

func TestCollectionPutEditDelete(t *testing.T) {
	c := docs(t)
	assert.False(t, c.Put(fake.Doc{"id": float64(5), "version": float64(9), "odd": map[string]any{}}), "Put seeds as given")
	got, _ := c.Get(5)
	assert.Equal(t, float64(9), got["version"])
	assert.True(t, c.Put(fake.Doc{"id": float64(5)}))

	assert.True(t, c.Edit(5, true, func(d fake.Doc) fake.Doc { d["x"] = "y"; return d }))
	got, _ = c.Get(5)
	assert.Equal(t, "y", got["x"])
	assert.Equal(t, float64(1), got["version"], "a bump from no version is 1")
	assert.True(t, c.Edit(5, false, func(d fake.Doc) fake.Doc { d["x"] = "z"; return d }))
	got, _ = c.Get(5)
	assert.Equal(t, float64(1), got["version"])
	assert.False(t, c.Edit(6, true, func(d fake.Doc) fake.Doc { return d }))

	c.Add(fake.Doc{})
	c.EditAll(func(d fake.Doc) fake.Doc { d["all"] = true; return d })
	for _, d := range c.All() {
		assert.Equal(t, true, d["all"])
	}

	old, ok := c.Delete(5)
	require.True(t, ok)
	assert.Equal(t, "z", old["x"])
	_, ok = c.Delete(5)
	assert.False(t, ok)
	assert.False(t, c.Has(5))
}

func TestCollectionFind(t *testing.T) {
	c := docs(t)
	for _, n := range []string{"b", "a", "c", "a"} {
		c.Add(fake.Doc{"name": n})
	}
	ids := func(ds []fake.Doc) []float64 {
		var out []float64
		for _, d := range ds {
			out = append(out, d["id"].(float64))
		}
		return out
	}
	q, p := fake.ParseQ("name==a", nil, "")
	require.Nil(t, p)
	tests := []struct {
		name string
		q    fake.Query[fake.Doc]
		want []float64
	}{
		{"all in key order", fake.Query[fake.Doc]{}, []float64{1001, 1002, 1003, 1004}},
		{"descending keys", fake.Query[fake.Doc]{Desc: true}, []float64{1004, 1003, 1002, 1001}},
		{"by name, ties in key order", fake.Query[fake.Doc]{Order: fake.DocOrder("name", "id", nil)}, []float64{1002, 1004, 1001, 1003}},
		{"by name descending, ties in key order", fake.Query[fake.Doc]{Order: fake.DocOrder("name", "id", nil), Desc: true}, []float64{1003, 1001, 1002, 1004}},
		{"q", fake.Query[fake.Doc]{Keep: func(d fake.Doc) bool { return qmatch.Match(q, fake.DocRecord{Doc: d, IDKey: "id"}) }}, []float64{1002, 1004}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ids(c.Find(tt.q)))
		})
	}
}

// TestCollectionConcurrent runs writers, readers and conflicting updates
// at once (meaningful under -race): every Add gets its own id and, of the
// updates sent with the same version, exactly one wins.
func TestCollectionConcurrent(t *testing.T) {
	c := docs(t)
	first := c.Add(fake.Doc{"n": float64(0)})
	id := int64(first["id"].(float64))
	const workers = 16
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins, seen := 0, map[float64]bool{}
	for i := range workers {
		wg.Go(func() {
			d := c.Add(fake.Doc{"n": float64(i)})
			_, p := c.Update(id, ptr(1), fake.Doc{"n": float64(i)})
			_ = c.Find(fake.Query[fake.Doc]{Order: fake.DocOrder("n", "id", nil)})
			_, _ = c.Get(id)
			mu.Lock()
			defer mu.Unlock()
			seen[d["id"].(float64)] = true
			if p == nil {
				wins++
			} else {
				assert.Equal(t, http.StatusConflict, p.Status)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 1, wins, "one update per version")
	assert.Len(t, seen, workers, "no id handed out twice")
	assert.Equal(t, workers+1, c.Len())
	cur, _ := c.Get(id)
	assert.Equal(t, float64(2), cur["version"])
}

func TestCollectionTypedRecords(t *testing.T) {
	type model struct {
		NS, ID string
		Tags   []string
	}
	c := fake.NewCollection(fake.Kind[string, model]{
		Name:   "model",
		Clone:  func(m model) model { m.Tags = append([]string(nil), m.Tags...); return m },
		Key:    func(m model) string { return m.NS + "/" + m.ID },
		SetKey: func(m model, _ string) model { return m },
	})
	c.Add(model{NS: "b", ID: "1", Tags: []string{"x"}})
	c.Add(model{NS: "a", ID: "2"})
	got, ok := c.Get("b/1")
	require.True(t, ok)
	got.Tags[0] = "changed"
	again, _ := c.Get("b/1")
	assert.Equal(t, "x", again.Tags[0])
	c.Add(model{NS: "c", ID: "3"})
	c.Put(model{NS: "b", ID: "1", Tags: []string{"y"}})
	nss := func(ms []model) (out []string) {
		for _, m := range ms {
			out = append(out, m.NS)
		}
		return out
	}
	assert.Equal(t, []string{"b", "a", "c"}, nss(c.All()), "without Compare, the order keys were first stored in")
	_, _ = c.Delete("b/1")
	c.Put(model{NS: "b", ID: "1"})
	assert.Equal(t, []string{"a", "c", "b"}, nss(c.All()), "a key stored again after a delete is new")
	_, p := c.Update("zz", ptr(1), model{})
	require.NotNil(t, p)
	assert.Equal(t, "model zz not found", p.Message)
	_, p = c.Update("a/2", ptr(7), model{NS: "a", ID: "2", Tags: []string{"t"}})
	assert.Nil(t, p, "an unversioned kind takes any version")
}

func TestPagingRead(t *testing.T) {
	deals := fake.Paging{LimitParam: "page_limit", OffsetParam: "page_offset", Default: 100, Max: 100}
	other := fake.Paging{LimitParam: "limit", OffsetParam: "offset", Default: 10,
		Negative: "%[1]s must be a number", TooLarge: "%[1]s is at most %[2]d", Max: 50}
	entity := fake.Paging{LimitParam: "page_limit", OffsetParam: "page_offset", Default: 100, Max: 100, MinLimit: 1,
		Negative: "%[1]s must be between 1 and %[2]d", TooLarge: "%[1]s must be between 1 and %[2]d",
		BadOffset: "%[1]s must be a non-negative integer"}
	tests := []struct {
		name      string
		p         fake.Paging
		query     string
		want      fake.Window
		wantField string
		wantMsg   string
	}{
		{"defaults", deals, "", fake.Window{Limit: 100}, "", ""},
		{"both", deals, "page_limit=5&page_offset=10", fake.Window{Offset: 10, Limit: 5}, "", ""},
		{"zero limit", deals, "page_limit=0", fake.Window{}, "", ""},
		{"negative limit", deals, "page_limit=-1", fake.Window{}, "page_limit", "'page_limit' parameter cannot be less than 0"},
		{"malformed limit", deals, "page_limit=x", fake.Window{}, "page_limit", "'page_limit' parameter cannot be less than 0"},
		{"large limit", deals, "page_limit=101", fake.Window{}, "page_limit", "'page_limit' parameter cannot be greater than 100"},
		{"negative offset", deals, "page_offset=-3", fake.Window{}, "page_offset", "'page_offset' parameter cannot be less than 0"},
		{"group words", other, "limit=51", fake.Window{}, "limit", "limit is at most 50"},
		{"group words, offset", other, "offset=a", fake.Window{}, "offset", "offset must be a number"},
		{"group default", other, "offset=3", fake.Window{Offset: 3, Limit: 10}, "", ""},
		{"below the smallest limit", entity, "page_limit=0", fake.Window{}, "page_limit", "page_limit must be between 1 and 100"},
		{"the smallest limit", entity, "page_limit=1", fake.Window{Limit: 1}, "", ""},
		{"offset words of their own", entity, "page_offset=-1", fake.Window{}, "page_offset", "page_offset must be a non-negative integer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			require.NoError(t, err)
			w, p := tt.p.Read(q)
			if tt.wantMsg != "" {
				require.NotNil(t, p)
				assert.Equal(t, http.StatusBadRequest, p.Status)
				assert.Equal(t, tt.wantField, p.Field)
				assert.Equal(t, tt.wantMsg, p.Message)
				return
			}
			require.Nil(t, p)
			assert.Equal(t, tt.want, w)
		})
	}
}

func TestPageAndLinks(t *testing.T) {
	all := []int{1, 2, 3, 4, 5}
	p := fake.Paging{LimitParam: "page_limit", OffsetParam: "page_offset"}
	u, _ := url.Parse("http://h/x/list?sort_by=name&page_offset=2")
	tests := []struct {
		w          fake.Window
		want       []int
		next, prev string
	}{
		{fake.Window{Offset: 0, Limit: 2}, []int{1, 2}, "http://h/x/list?page_limit=2&page_offset=2&sort_by=name", ""},
		{fake.Window{Offset: 2, Limit: 2}, []int{3, 4}, "http://h/x/list?page_limit=2&page_offset=4&sort_by=name", "http://h/x/list?page_limit=2&page_offset=0&sort_by=name"},
		{fake.Window{Offset: 4, Limit: 2}, []int{5}, "", "http://h/x/list?page_limit=2&page_offset=2&sort_by=name"},
		{fake.Window{Offset: 9, Limit: 2}, []int{}, "", "http://h/x/list?page_limit=2&page_offset=7&sort_by=name"},
		{fake.Window{Offset: 1, Limit: 0}, []int{}, "", "http://h/x/list?page_limit=0&page_offset=1&sort_by=name"},
	}
	for _, tt := range tests {
		got := fake.Page(all, tt.w)
		assert.Equal(t, tt.want, got, "%+v", tt.w)
		assert.NotNil(t, got)
		next, prev := p.Links(u, tt.w, len(all))
		assert.Equal(t, tt.next, next, "%+v", tt.w)
		assert.Equal(t, tt.prev, prev, "%+v", tt.w)
	}
	got := fake.Page(all, fake.Window{Limit: 2})
	got = append(got, 99)
	assert.Equal(t, 3, all[2], "appending to a page leaves the listing alone")
}

func TestParseQAndDocRecord(t *testing.T) {
	eqLike := func(p qlang.Predicate) bool { return p.Op == qlang.Eq || p.Op == qlang.Like }
	tests := []struct {
		name    string
		q       string
		allow   func(qlang.Predicate) bool
		wantErr string
		match   bool
	}{
		{name: "empty", q: "", match: true},
		{name: "equal", q: "name==Acme", match: false},
		{name: "id", q: "id==3", match: true},
		{name: "nested", q: "owner.type==AGENCY", allow: eqLike, match: true},
		{name: "like decoded entities", q: "name=:acme*", allow: eqLike, match: true},
		{name: "number", q: "budget>10", match: true},
		{name: "bool", q: "status==true", match: true},
		{name: "refused operator", q: "budget>10", allow: eqLike, wantErr: "only == and =:"},
		{name: "parse error", q: "name==", wantErr: ""},
	}
	rec := fake.DocRecord{IDKey: "id", Doc: fake.Doc{"id": float64(3), "name": "Acme &amp; Co", "budget": 12.5, "status": true,
		"owner": map[string]any{"type": "AGENCY"}}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := url.QueryUnescape(tt.q)
			require.NoError(t, err)
			q, p := fake.ParseQ(raw, tt.allow, "only == and =:")
			if tt.name == "parse error" || tt.wantErr != "" {
				require.NotNil(t, p)
				assert.Equal(t, "q", p.Field)
				if tt.wantErr != "" {
					assert.Equal(t, tt.wantErr, p.Message)
				}
				return
			}
			require.Nil(t, p)
			assert.Equal(t, tt.match, qmatch.Match(q, rec))
		})
	}
	assert.Equal(t, int64(3), rec.ID())
	assert.Equal(t, []string{"Acme & Co"}, rec.Strings())
	_, ok := rec.Field("owner.type.x")
	assert.False(t, ok)
}

func TestEnvelope(t *testing.T) {
	var env fake.Envelope = fake.JSONEnvelope
	w := httptest.NewRecorder()
	env(w, httptest.NewRequest("GET", "/", nil), fake.Invalid("name", "bad name"))
	assert.Equal(t, http.StatusBadRequest, w.Code)
	assert.JSONEq(t, `{"errors":[{"code":"invalid","field":"name","message":"bad name"}],"meta":{"count":0,"offset":0,"status":"error","total_count":0}}`, w.Body.String())

	w = httptest.NewRecorder()
	env.ErrorWriter()(w, httptest.NewRequest("GET", "/", nil), http.StatusServiceUnavailable, "unavailable", "down")
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.True(t, strings.Contains(w.Body.String(), `"code":"unavailable"`), w.Body.String())
}

func TestCollectionKeysFollowAddsAndDeletes(t *testing.T) {
	byID := docs(t)
	born := fake.NewCollection(fake.Kind[string, fake.Doc]{Name: "x",
		Key: func(d fake.Doc) string { s, _ := d["k"].(string); return s }, SetKey: func(d fake.Doc, k string) fake.Doc { d["k"] = k; return d }})
	tests := []struct {
		name   string
		change func()
		ids    []int64
		names  []string
	}{
		{"empty", func() {}, nil, nil},
		{"adds", func() {
			byID.Put(fake.Doc{"id": float64(5)})
			byID.Put(fake.Doc{"id": float64(2)})
			born.Put(fake.Doc{"k": "b"})
			born.Put(fake.Doc{"k": "a"})
		}, []int64{2, 5}, []string{"b", "a"}},
		{"a replacement keeps the order", func() {
			byID.Put(fake.Doc{"id": float64(2), "n": 1})
			born.Put(fake.Doc{"k": "b", "n": 1})
		}, []int64{2, 5}, []string{"b", "a"}},
		{"another add", func() {
			byID.Put(fake.Doc{"id": float64(3)})
			born.Put(fake.Doc{"k": "0"})
		}, []int64{2, 3, 5}, []string{"b", "a", "0"}},
		{"a delete", func() {
			byID.Delete(2)
			born.Delete("b")
		}, []int64{3, 5}, []string{"a", "0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.change()
			assert.Equal(t, tc.ids, byID.Keys())
			assert.Equal(t, tc.names, born.Keys())
			keys := byID.Keys()
			if len(keys) > 0 {
				keys[0] = -1
				assert.NotContains(t, byID.Keys(), int64(-1), "Keys returns a copy")
			}
			assert.Len(t, byID.All(), len(tc.ids))
		})
	}
}

func TestCollectionWindow(t *testing.T) {
	c := docs(t)
	for range 5 {
		c.Add(fake.Doc{})
	}
	tests := []struct {
		name          string
		offset, limit int
		ids           []float64
	}{
		{"first page", 0, 2, []float64{1001, 1002}},
		{"middle", 2, 2, []float64{1003, 1004}},
		{"short last page", 4, 2, []float64{1005}},
		{"past the end", 9, 2, nil},
		{"no limit", 0, 0, nil},
		{"negative offset", -1, 1, []float64{1001}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			page, total := c.Window(tc.offset, tc.limit)
			assert.Equal(t, 5, total)
			var ids []float64
			for _, d := range page {
				ids = append(ids, d["id"].(float64))
			}
			assert.Equal(t, tc.ids, ids)
		})
	}
	page, _ := c.Window(0, 1)
	page[0]["id"] = float64(7)
	stored, _ := c.Get(1001)
	assert.Equal(t, float64(1001), stored["id"], "Window returns copies")
}
