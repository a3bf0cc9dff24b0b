package dealsfake

import (
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/fake"
)

func checkPublisherName(name any) *fieldErr {
	s, ok := name.(string)
	if !ok || s == "" {
		return &fieldErr{"name", "name is a required field"}
	}
	if utf8.RuneCountInString(s) > 20 {
		return &fieldErr{"name", "Name of the publisher (20 character maximum)"}
	}
	return nil
}

func (s *Store) newPublisher(org int64, name string) Record {
	now := s.stamp()
	return s.publishers.Add(Record{"name": name, "organization_id": float64(org), "last_touch_user_id": float64(4254),
		"created_on": now, "updated_on": now, "deleted_on": nil})
}

func (h *handler) createPublisher(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	org, ok := num(body["organization_id"])
	if !ok || org <= 0 {
		bad(w, "organization_id", "organization_id is a required field")
		return
	}
	if e := checkPublisherName(body["name"]); e != nil {
		bad(w, e.field, e.msg)
		return
	}
	h.st.mu.Lock()
	p := h.st.newPublisher(org, str(body["name"]))
	h.st.mu.Unlock()
	writeOne(w, http.StatusOK, p)
}

func (h *handler) bulkCreatePublishers(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	org, ok := num(body["organization_id"])
	if !ok || org <= 0 {
		bad(w, "organization_id", "organization_id is a required field")
		return
	}
	names, _ := body["names"].([]any)
	if len(names) == 0 {
		bad(w, "names", "names is a required field")
		return
	}
	for i, n := range names {
		if e := checkPublisherName(n); e != nil {
			bad(w, fmt.Sprintf("names[%d]", i), e.msg)
			return
		}
	}
	h.st.mu.Lock()
	out := make([]Record, len(names))
	for i, n := range names {
		out[i] = h.st.newPublisher(org, n.(string))
	}
	h.st.mu.Unlock()
	fake.WriteData(w, http.StatusOK, out, map[string]any{"status": "ok", "count": len(out), "offset": 0, "total_count": len(out)})
}

func (h *handler) publisher(w http.ResponseWriter, r *http.Request) (int64, Record, bool) {
	return h.find(w, r, h.st.publishers, "publisher")
}

func (h *handler) getPublisher(w http.ResponseWriter, r *http.Request) {
	h.get(w, r, h.st.publishers, "publisher")
}

func (h *handler) updatePublisher(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	id, p, ok := h.publisher(w, r)
	if !ok {
		return
	}
	if n, ok := body["name"]; ok {
		if e := checkPublisherName(n); e != nil {
			bad(w, e.field, e.msg)
			return
		}
		p["name"] = n
	}
	p["updated_on"] = h.st.stamp()
	p, _ = h.st.publishers.Update(id, nil, p)
	writeOne(w, http.StatusOK, p)
}

func (h *handler) deletePublisher(w http.ResponseWriter, r *http.Request) {
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	id, p, ok := h.publisher(w, r)
	if !ok {
		return
	}
	now := h.st.stamp()
	p["deleted_on"], p["updated_on"] = now, now
	p, _ = h.st.publishers.Update(id, nil, p)
	writeOne(w, http.StatusOK, p)
}

func (h *handler) listPublishers(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	org, err := strconv.ParseInt(q.Get("organization_id"), 10, 64)
	if err != nil || org <= 0 {
		bad(w, "organization_id", "organization_id is the only required parameter")
		return
	}
	if sb := q.Get("sort_by"); sb != "" && sb != "name" {
		bad(w, "sort_by", "the only allowed sort_by is name")
		return
	}
	win, ok := page(w, r)
	if !ok {
		return
	}
	out := find(h.st.publishers, q, func(p Record) bool {
		n, _ := num(p["organization_id"])
		return n == org && p["deleted_on"] == nil
	})
	writeList(w, out, win)
}
