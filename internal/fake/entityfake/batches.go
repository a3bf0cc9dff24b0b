package entityfake

import (
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Batch uploads of creatives and of creative assets: POST
// creatives/upload and POST creative_assets/upload take a multipart file
// (assets also the fields filename and name) and answer a pending batch
// listing one item per non-empty line of the file (its first
// comma-separated value is the item's name); POST
// creatives/upload/{batch_id} and POST creative_assets/approve (batch_id
// in the form) take advertiser_id and optional indexes, create the
// picked items (creatives as atomic_creatives records of the advertiser,
// assets with ids of their own) and answer the batch with their ids.
// The answer is {"data":{batch_id,status,entities:[...]},"meta":{...}}
// in JSON and <result><batch id status><entity index id name file_name
// status/></batch><status code="ok"/></result> in XML. The references
// show no body for these calls: this shape is the SDK's choice.

type batch struct {
	id, status string
	assets     bool
	items      []batchItem
}

type batchItem struct {
	Index    int    `json:"index" xml:"index,attr"`
	ID       *int64 `json:"id" xml:"id,attr,omitempty"`
	Name     string `json:"name" xml:"name,attr"`
	FileName string `json:"file_name" xml:"file_name,attr"`
	Status   string `json:"status" xml:"status,attr"`
}

func registerBatches(r fake.Registrar, h *handler) {
	h.st.batches = map[string]*batch{}
	r.Handle("POST "+Prefix+"/creatives/upload", fake.Session, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.uploadBatch(w, r, false) }))
	r.Handle("POST "+Prefix+"/creative_assets/upload", fake.Session, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.uploadBatch(w, r, true) }))
	r.Handle("POST "+Prefix+"/creatives/upload/{batch_id}", fake.Session, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.approveBatch(w, r, false) }))
	r.Handle("POST "+Prefix+"/creative_assets/approve", fake.Session, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.approveBatch(w, r, true) }))
}

func (h *handler) uploadBatch(w http.ResponseWriter, r *http.Request, assets bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload+1<<20)
	if err := r.ParseMultipartForm(maxUpload); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			badRequest(w, r, "file", "file too large")
			return
		}
		badRequest(w, r, "", "a multipart/form-data body is required")
		return
	}
	allowed := map[string]bool{}
	if assets {
		allowed["filename"], allowed["name"] = true, true
	}
	var errs []wire.ErrorItem
	for k := range r.MultipartForm.Value {
		if !allowed[k] {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	for k := range r.MultipartForm.File {
		if k != "file" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	if assets {
		for _, k := range []string{"filename", "name"} {
			if strings.TrimSpace(r.FormValue(k)) == "" {
				errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: k + " is required"})
			}
		}
	}
	var items []batchItem
	if fh := r.MultipartForm.File["file"]; len(fh) == 0 {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "file", Message: "file is required"})
	} else if f, err := fh[0].Open(); err == nil {
		b, _ := io.ReadAll(f)
		_ = f.Close()
		for _, line := range strings.Split(string(b), "\n") {
			name, _, _ := strings.Cut(strings.TrimSpace(line), ",")
			if name = strings.TrimSpace(name); name != "" {
				items = append(items, batchItem{Index: len(items) + 1, Name: name, FileName: fh[0].Filename, Status: "pending"})
			}
		}
		if len(items) == 0 {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "file", Message: "file holds no creative"})
		}
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	h.st.batchSeq++
	b := &batch{id: "b-" + strconv.Itoa(h.st.batchSeq), status: "pending", assets: assets, items: items}
	h.st.batches[b.id] = b
	writeBatch(w, r, b)
}

func (h *handler) approveBatch(w http.ResponseWriter, r *http.Request, assets bool) {
	if !parseForm(w, r) {
		return
	}
	allowed := map[string]bool{"advertiser_id": true, "indexes": true, "batch_id": assets}
	var errs []wire.ErrorItem
	for k := range r.PostForm {
		if !allowed[k] {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: k, Message: "unknown field " + k})
		}
	}
	id := r.PathValue("batch_id")
	if assets {
		id = r.PostForm.Get("batch_id")
		if id == "" {
			errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "batch_id", Message: "batch_id is required"})
		}
	}
	adv, ok := parseID(r.PostForm.Get("advertiser_id"))
	if !ok {
		errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "advertiser_id", Message: "advertiser_id must be a positive integer"})
	}
	pick := map[int]bool{}
	if s := r.PostForm.Get("indexes"); s != "" {
		for _, p := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || n < 1 {
				errs = append(errs, wire.ErrorItem{Code: "invalid", Field: "indexes", Message: "indexes must be positive integers"})
				break
			}
			pick[n] = true
		}
	}
	if refuse(w, r, errs) {
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	b := h.st.batches[id]
	if b == nil || b.assets != assets {
		writeError(w, r, http.StatusNotFound, "not_found", "batch "+id+" not found")
		return
	}
	if b.status != "pending" {
		writeError(w, r, http.StatusConflict, "conflict", "batch "+id+" is already "+b.status)
		return
	}
	if h.st.cols["advertisers"].get(adv) == nil {
		refuse(w, r, []wire.ErrorItem{{Code: "invalid", Field: "advertiser_id", Message: "advertiser " + strconv.FormatInt(adv, 10) + " not found"}})
		return
	}
	for n := range pick {
		if n > len(b.items) {
			refuse(w, r, []wire.ErrorItem{{Code: "invalid", Field: "indexes", Message: "no item " + strconv.Itoa(n) + " in batch " + id}})
			return
		}
	}
	for i := range b.items {
		it := &b.items[i]
		if len(pick) > 0 && !pick[it.Index] {
			it.Status = "rejected"
			continue
		}
		var nid int64
		if assets {
			h.st.assetSeq++
			nid = h.st.assetSeq
		} else {
			var err error
			nid, err = h.st.insertLocked("atomic_creatives", Record{"name": it.Name, "advertiser_id": adv})
			if err != nil {
				writeError(w, r, http.StatusInternalServerError, "internal", err.Error())
				return
			}
		}
		it.ID, it.Status = &nid, "created"
	}
	b.status = "created"
	writeBatch(w, r, b)
}

func writeBatch(w http.ResponseWriter, r *http.Request, b *batch) {
	if fake.WantsXML(r) {
		type xbatch struct {
			ID       string      `xml:"id,attr"`
			Status   string      `xml:"status,attr"`
			Entities []batchItem `xml:"entity"`
		}
		doc := struct {
			XMLName  xml.Name     `xml:"result"`
			CalledOn string       `xml:"called_on,attr"`
			Batch    xbatch       `xml:"batch"`
			Status   *wire.Status `xml:"status"`
		}{CalledOn: nowString(), Batch: xbatch{b.id, b.status, b.items}, Status: &wire.Status{Code: "ok"}}
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, xml.Header)
		_ = xml.NewEncoder(w).Encode(doc)
		return
	}
	fake.WriteJSON(w, http.StatusOK, map[string]any{
		"data": map[string]any{"batch_id": b.id, "status": b.status, "entities": b.items},
		"meta": map[string]any{"status": "success", "called_on": nowString()},
	})
}

// Batch returns a copy of the items of the upload batch id and its
// status ("" when there is none).
func (s *Store) Batch(id string) (status string, names []string, ids []int64) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	b := s.batches[id]
	if b == nil {
		return "", nil, nil
	}
	for _, it := range b.items {
		names = append(names, it.Name)
		if it.ID != nil {
			ids = append(ids, *it.ID)
		}
	}
	return b.status, names, ids
}
