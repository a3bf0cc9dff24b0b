package call_test

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"net/http/httptest"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/pager"
)

// --- A whole collection with get, list, all, create and update: the
// declarations a new group writes on the call layer (24 lines without blanks). ---

type Widget struct {
	ID      int64  `json:"id,omitempty"`
	Name    string `json:"name"`
	Version int    `json:"version"`
}

type Widgets struct{ g *call.Group }

func (s *Widgets) Get(ctx context.Context, id int64, o ...adama.RequestOption) (*Widget, error) {
	return call.One[Widget](ctx, s.g, &call.Call{Path: "/widgets/" + strconv.FormatInt(id, 10)}, o...)
}

func (s *Widgets) List(ctx context.Context, offset int, o ...adama.RequestOption) (*adama.Page[Widget], error) {
	q := map[string][]string{"page_offset": {strconv.Itoa(offset)}, "page_limit": {"2"}}
	return call.List[Widget](ctx, s.g, &call.Call{Path: "/widgets", Query: q}, o...)
}

func (s *Widgets) All(ctx context.Context, o ...adama.RequestOption) iter.Seq2[Widget, error] {
	return pager.All(ctx, pager.Options{Limit: 2}, func(ctx context.Context, c pager.Cursor) (*adama.Page[Widget], error) {
		return s.List(ctx, c.Offset, o...)
	})
}

func (s *Widgets) Create(ctx context.Context, w *Widget, o ...adama.RequestOption) (*Widget, error) {
	return call.One[Widget](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/widgets", JSON: w}, o...)
}

func (s *Widgets) Update(ctx context.Context, w *Widget, o ...adama.RequestOption) (*Widget, error) {
	return call.One[Widget](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/widgets/" + strconv.FormatInt(w.ID, 10), JSON: w}, o...)
}

// --- end of the declarations ---

// A new group declares its Group once and its collections as above.
func Example_newGroup() {
	store := []Widget{{1, "a", 0}, {2, "b", 0}, {3, "c", 0}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		off, _ := strconv.Atoi(r.URL.Query().Get("page_offset"))
		page := store[min(off, len(store)):min(off+2, len(store))]
		_ = json.NewEncoder(w).Encode(map[string]any{"data": page, "meta": map[string]any{"status": "success", "count": strconv.Itoa(len(page)), "total_count": "3"}})
	}))
	defer srv.Close()
	c, _ := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithToken("t"))
	ws := &Widgets{g: &call.Group{Client: c, Host: adama.HostBase, Prefix: "/x/v1", Auth: adama.AuthBearer, Envelope: call.DataMeta}}
	for w, err := range ws.All(context.Background()) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(w.ID, w.Name)
	}
	// Output:
	// 1 a
	// 2 b
	// 3 c
}
