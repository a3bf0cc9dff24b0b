// Package byoafake is the in-process fake of group H, the custom
// algorithm interface, served by adama/adamatest on its {byoa_url}. It
// answers in the group's wire form (the {"data", "meta"} envelope; errors
// with codes such as Not_Found_ModelData sent with status 400, as the
// reference shows), enforces the group's rules (bucket ranges 0-99 with low
// <= high and no overlaps, known executors, uuid_type CID/UUID, model data
// and brain_type_id 1000-1004 required, sample rate 0-100) and keeps
// settings, bid-router executors and models in memory, safe for
// concurrent use.
package byoafake

//go:generate go run ../../cmd/apigen -group byoa -fake byoafake

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/wire"
)

// CurrentExecutorID is the settings executor the store knows at start.
const CurrentExecutorID = 2

// Setting is one stored campaign or strategy setting, in wire form.
type Setting struct {
	CampaignID int64  `json:"campaign_id"`
	StrategyID int64  `json:"strategy_id,omitempty"`
	ExecutorID int64  `json:"executor_id"`
	Low        int    `json:"low"`
	High       int    `json:"high"`
	ModelID    string `json:"model_id"`
	Namespace  string `json:"namespace"`
	UUIDType   string `json:"uuid_type"`
	CreatedOn  string `json:"created_on"`
	UpdatedOn  string `json:"updated_on"`
}

// Endpoint is one bid-router endpoint, in wire form.
type Endpoint struct {
	BrainTypeID     int            `json:"brain_type_id"`
	ContentType     string         `json:"content_type"`
	Endpoint        string         `json:"endpoint"`
	EndpointID      string         `json:"endpoint_id"`
	Environment     string         `json:"environment"`
	Logging         map[string]any `json:"logging"`
	PopIDs          []string       `json:"pop_ids"`
	SampleRate      int            `json:"sample_rate"`
	UpstreamEnabled bool           `json:"upstream_enabled"`
	EndpointType    string         `json:"endpoint_type"`
}

// Executor is one bid-router executor, in wire form.
type Executor struct {
	Endpoints  []Endpoint `json:"endpoints"`
	ExecutorID int64      `json:"executor_id"`
}

// Model is one stored model.
type Model struct {
	Namespace   string
	ModelID     string
	BrainTypeID int
	Data        string
	CreatedOn   time.Time
	UpdatedOn   time.Time
	// Decoded, when set, is what the decode endpoint answers (the Data
	// array of submodels).
	Decoded json.RawMessage
}

// SettingKey names one campaign's settings (Strategy 0) or one
// strategy's.
type SettingKey struct{ Campaign, Strategy int64 }

// settings are one key's settings.
type settings struct {
	key  SettingKey
	list []Setting
}

// ModelKey names a model: its namespace and id.
type ModelKey struct{ Namespace, ModelID string }

// executorEntry is one bid-router executor of an organization, by name.
type executorEntry struct {
	org  int64
	name string
	x    Executor
}

type routerKey struct {
	org  int64
	name string
}

// Store is the fake's state, safe for concurrent use.
type Store struct {
	mu        sync.Mutex // held around checks and writes that span records
	now       func() time.Time
	settings  *fake.Collection[SettingKey, settings]
	executors *fake.Collection[int64, int64] // executor ids settings may name
	routers   *fake.Collection[routerKey, executorEntry]
	models    *fake.Collection[ModelKey, Model]
	puts      int
}

// NewStore returns an empty store knowing executor CurrentExecutorID.
func NewStore() *Store {
	st := &Store{
		now: func() time.Time { return time.Now().UTC() },
		settings: fake.NewCollection(fake.Kind[SettingKey, settings]{Name: "settings",
			Clone:  func(s settings) settings { s.list = slices.Clone(s.list); return s },
			Key:    func(s settings) SettingKey { return s.key },
			SetKey: func(s settings, k SettingKey) settings { s.key = k; return s }}),
		executors: fake.NewCollection(fake.Kind[int64, int64]{Name: "executor", Compare: cmp.Compare[int64],
			Key: func(id int64) int64 { return id }, SetKey: func(_, id int64) int64 { return id }}),
		routers: fake.NewCollection(fake.Kind[routerKey, executorEntry]{Name: "executor",
			Clone:  func(e executorEntry) executorEntry { e.x.Endpoints = slices.Clone(e.x.Endpoints); return e },
			Key:    func(e executorEntry) routerKey { return routerKey{e.org, e.name} },
			SetKey: func(e executorEntry, k routerKey) executorEntry { e.org, e.name = k.org, k.name; return e }}),
		models: fake.NewCollection(fake.Kind[ModelKey, Model]{Name: "model",
			Clone:  func(m Model) Model { m.Decoded = slices.Clone(m.Decoded); return m },
			Key:    func(m Model) ModelKey { return ModelKey{m.Namespace, m.ModelID} },
			SetKey: func(m Model, k ModelKey) Model { m.Namespace, m.ModelID = k.Namespace, k.ModelID; return m }}),
	}
	st.executors.Add(CurrentExecutorID)
	return st
}

// Prefixes returns the group's path prefixes on {byoa_url}.
func Prefixes() []string { return []string{"/campaign_settings", "/custombidrouter", "/data"} }

// Register registers the group's handlers and error form with r.
func Register(r fake.Registrar) *Store {
	st := NewStore()
	h := &handler{st: st}
	routes(h).Serve(r, "", fake.Session)
	for _, p := range Prefixes() {
		fake.RegisterErrors(r, p, WriteError)
	}
	return st
}

// WriteError writes the group's error form: {"errors": [{"code",
// "message"}], "meta": {"status": "error"}}.
func WriteError(w http.ResponseWriter, _ *http.Request, status int, code, message string) {
	wire.WriteJSONError(w, status, wire.ErrorItem{Code: code, Message: message})
}

func stamp(t time.Time) string { return t.Format("2006-01-02T15:04:05.999999Z07:00") }

// AddExecutor adds (or replaces) a bid-router executor of org under name.
func (s *Store) AddExecutor(org int64, name string, x Executor) {
	s.routers.Put(executorEntry{org, name, x})
}

// AllowExecutor makes id an executor settings may name.
func (s *Store) AllowExecutor(id int64) { s.executors.Put(id) }

// executorOf returns org's first executor with id.
func (s *Store) executorOf(org, id int64) (executorEntry, bool) {
	found := s.routers.Find(fake.Query[executorEntry]{Keep: func(e executorEntry) bool { return e.org == org && e.x.ExecutorID == id }})
	if len(found) == 0 {
		return executorEntry{}, false
	}
	return found[0], true
}

// executorsOf returns org's executors.
func (s *Store) executorsOf(org int64) []executorEntry {
	return s.routers.Find(fake.Query[executorEntry]{Keep: func(e executorEntry) bool { return e.org == org }})
}

// Executor returns a copy of org's executor with id and its name.
func (s *Store) Executor(org, id int64) (string, Executor, bool) {
	e, ok := s.executorOf(org, id)
	return e.name, e.x, ok
}

// Settings is the store's collection of settings, by campaign and
// strategy; writes through it skip the group's rules.
func (s *Store) Settings() *fake.Collection[SettingKey, settings] { return s.settings }

// SettingsOf returns a copy of the settings of a campaign (strategy 0) or
// a strategy.
func (s *Store) SettingsOf(k SettingKey) []Setting {
	got, _ := s.settings.Get(k)
	return got.list
}

// PutSettings stores settings as they are, without the rules (to seed),
// filling their keys and missing dates.
func (s *Store) PutSettings(k SettingKey, list []Setting) {
	now := stamp(s.now())
	out := slices.Clone(list)
	for i := range out {
		out[i].CampaignID, out[i].StrategyID = k.Campaign, k.Strategy
		if out[i].CreatedOn == "" {
			out[i].CreatedOn = now
		}
		if out[i].UpdatedOn == "" {
			out[i].UpdatedOn = now
		}
	}
	s.settings.Put(settings{k, out})
}

// DeleteSettings removes the settings under k, reporting whether there
// were any.
func (s *Store) DeleteSettings(k SettingKey) bool {
	_, ok := s.settings.Delete(k)
	return ok
}

// SettingKeys returns the keys of the stored settings.
func (s *Store) SettingKeys() []SettingKey {
	var out []SettingKey
	for _, st := range s.settings.All() {
		out = append(out, st.key)
	}
	return out
}

// PutModel stores a model (to seed), filling missing dates.
func (s *Store) PutModel(m Model) {
	now := s.now()
	if m.CreatedOn.IsZero() {
		m.CreatedOn = now
	}
	if m.UpdatedOn.IsZero() {
		m.UpdatedOn = now
	}
	s.models.Put(m)
}

// Model returns a copy of a stored model.
func (s *Store) Model(namespace, modelID string) (Model, bool) {
	return s.models.Get(ModelKey{namespace, modelID})
}

// Models is the store's collection of models.
func (s *Store) Models() *fake.Collection[ModelKey, Model] { return s.models }

// ModelPuts returns how many model uploads were accepted.
func (s *Store) ModelPuts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.puts
}

type handler struct{ st *Store }

func pathInt(w http.ResponseWriter, r *http.Request, name string) (int64, bool) {
	v := r.PathValue(name)
	if v == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		WriteError(w, r, http.StatusBadRequest, "Invalid_"+name, fmt.Sprintf("%s %q is not an id", name, v))
		return 0, false
	}
	return n, true
}

func (h *handler) key(w http.ResponseWriter, r *http.Request) (SettingKey, bool) {
	c, ok := pathInt(w, r, "campaign_id")
	if !ok {
		return SettingKey{}, false
	}
	st, ok := pathInt(w, r, "strategy_id")
	return SettingKey{c, st}, ok
}

func notFoundSetting(w http.ResponseWriter, r *http.Request, k SettingKey) {
	WriteError(w, r, http.StatusBadRequest, "Not_Found_CampaignSetting",
		fmt.Sprintf("CampaignSetting with campaign_id(%d), strategy_id(%d) not found.", k.Campaign, k.Strategy))
}

// A campaign's settings and a strategy's are served by the same
// handlers: key reads the strategy id when the path has one.

func (h *handler) getCampaignSettings(w http.ResponseWriter, r *http.Request) { h.getSettings(w, r) }

func (h *handler) getStrategySettings(w http.ResponseWriter, r *http.Request) { h.getSettings(w, r) }

func (h *handler) putCampaignSettings(w http.ResponseWriter, r *http.Request) { h.putSettings(w, r) }

func (h *handler) putStrategySettings(w http.ResponseWriter, r *http.Request) { h.putSettings(w, r) }

func (h *handler) deleteCampaignSettings(w http.ResponseWriter, r *http.Request) {
	h.deleteSettings(w, r)
}

func (h *handler) deleteStrategySettings(w http.ResponseWriter, r *http.Request) {
	h.deleteSettings(w, r)
}

func (h *handler) getSettings(w http.ResponseWriter, r *http.Request) {
	k, ok := h.key(w, r)
	if !ok {
		return
	}
	list := h.st.SettingsOf(k)
	if len(list) == 0 {
		notFoundSetting(w, r, k)
		return
	}
	fake.WriteData(w, http.StatusOK, list, nil)
}

func (h *handler) deleteSettings(w http.ResponseWriter, r *http.Request) {
	k, ok := h.key(w, r)
	if !ok {
		return
	}
	old, _ := h.st.settings.Delete(k)
	list := old.list
	if len(list) == 0 {
		notFoundSetting(w, r, k)
		return
	}
	fake.WriteData(w, http.StatusOK, list, nil)
}

type settingsBody struct {
	Settings []struct {
		ExecutorID *int64  `json:"executor_id"`
		Low        *int    `json:"low"`
		High       *int    `json:"high"`
		ModelID    string  `json:"model_id"`
		Namespace  string  `json:"namespace"`
		UUIDType   *string `json:"uuid_type"`
	} `json:"settings"`
	UUIDType string `json:"uuid_type"`
}

func decodeError(w http.ResponseWriter, reason string) {
	fake.WriteJSON(w, http.StatusBadRequest, map[string]any{
		"errors": []map[string]string{{"code": "JSON_Decode_Error"}},
		"meta":   map[string]string{"status": "error", "reason": reason},
	})
}

func (h *handler) putSettings(w http.ResponseWriter, r *http.Request) {
	k, ok := h.key(w, r)
	if !ok {
		return
	}
	var body settingsBody
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	if err := dec.Decode(&body); err != nil {
		decodeError(w, "Error during decoding JSON data")
		return
	}
	bad := func(code, msg string) { WriteError(w, r, http.StatusBadRequest, code, msg) }
	if len(body.Settings) == 0 {
		bad("Invalid_settings", "settings must hold at least one setting")
		return
	}
	uuid := body.UUIDType
	if uuid == "" {
		uuid = "CID"
	}
	if !slices.Contains(bodies["putCampaignSettings"].Enums["uuid_type"], uuid) {
		bad("Invalid_uuid_type", fmt.Sprintf("uuid_type %q must be CID or UUID", uuid))
		return
	}
	type span struct{ lo, hi int }
	var spans []span
	now := stamp(h.st.now())
	out := make([]Setting, 0, len(body.Settings))
	prev := h.st.SettingsOf(k)
	for i, s := range body.Settings {
		if s.ExecutorID == nil || !h.st.executors.Has(*s.ExecutorID) {
			id := int64(0)
			if s.ExecutorID != nil {
				id = *s.ExecutorID
			}
			bad("Not_Found_Executor", fmt.Sprintf("Executor with ID %d not found.", id))
			return
		}
		if s.Low == nil || s.High == nil || *s.Low < 0 || *s.High > 99 || *s.High < 0 || *s.Low > 99 || *s.Low > *s.High {
			bad("Invalid_range", fmt.Sprintf("settings[%d]: low and high must lie in 0-99 with low <= high", i))
			return
		}
		if s.ModelID == "" || s.Namespace == "" {
			bad("Invalid_model", fmt.Sprintf("settings[%d]: model_id and namespace are required", i))
			return
		}
		spans = append(spans, span{*s.Low, *s.High})
		created := now
		if len(prev) > 0 {
			created = prev[0].CreatedOn
		}
		out = append(out, Setting{CampaignID: k.Campaign, StrategyID: k.Strategy, ExecutorID: *s.ExecutorID, Low: *s.Low, High: *s.High,
			ModelID: s.ModelID, Namespace: s.Namespace, UUIDType: uuid, CreatedOn: created, UpdatedOn: now})
	}
	sort.Slice(spans, func(a, b int) bool { return spans[a].lo < spans[b].lo })
	for i := 1; i < len(spans); i++ {
		if spans[i].lo <= spans[i-1].hi {
			bad("Overlapping_ranges", fmt.Sprintf("range %d-%d overlaps %d-%d", spans[i].lo, spans[i].hi, spans[i-1].lo, spans[i-1].hi))
			return
		}
	}
	h.st.settings.Put(settings{k, out})
	fake.WriteData(w, http.StatusOK, out, nil)
}

// executorsJSON writes executors keyed by name.
func executorsJSON(list []executorEntry) map[string]Executor {
	out := make(map[string]Executor, len(list))
	for _, e := range list {
		out[e.name] = e.x
	}
	return out
}

func (h *handler) getBidRouterConfiguration(w http.ResponseWriter, r *http.Request) {
	org, ok := pathInt(w, r, "org_id")
	if !ok {
		return
	}
	fake.WriteData(w, http.StatusOK, executorsJSON(h.st.executorsOf(org)), nil)
}

func (h *handler) findExecutor(w http.ResponseWriter, r *http.Request) (executorEntry, bool) {
	org, ok := pathInt(w, r, "org_id")
	if !ok {
		return executorEntry{}, false
	}
	id, ok := pathInt(w, r, "executor_id")
	if !ok {
		return executorEntry{}, false
	}
	if e, ok := h.st.executorOf(org, id); ok {
		return e, true
	}
	WriteError(w, r, http.StatusBadRequest, "Not_Found_Executor", fmt.Sprintf("Executor with ID %d not found.", id))
	return executorEntry{}, false
}

func (h *handler) getExecutor(w http.ResponseWriter, r *http.Request) {
	if e, ok := h.findExecutor(w, r); ok {
		fake.WriteData(w, http.StatusOK, executorsJSON([]executorEntry{e}), nil)
	}
}

func (h *handler) setExecutorSampleRate(w http.ResponseWriter, r *http.Request) {
	var body struct {
		SampleRate *json.Number `json:"sample_rate"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&body); err != nil {
		decodeError(w, "Error during decoding JSON data")
		return
	}
	rate := int64(-1)
	if body.SampleRate != nil {
		if n, err := body.SampleRate.Int64(); err == nil {
			rate = n
		}
	}
	if rate < 0 || rate > 100 {
		WriteError(w, r, http.StatusBadRequest, "Invalid_sample_rate", "sample_rate must be an integer percent 0-100")
		return
	}
	h.st.mu.Lock()
	defer h.st.mu.Unlock()
	if e, ok := h.findExecutor(w, r); ok {
		for j := range e.x.Endpoints {
			e.x.Endpoints[j].SampleRate = int(rate)
		}
		h.st.routers.Put(e)
		fake.WriteData(w, http.StatusOK, executorsJSON([]executorEntry{e}), nil)
	}
}

func notFoundModel(w http.ResponseWriter, r *http.Request, ns, id string) {
	WriteError(w, r, http.StatusBadRequest, "Not_Found_ModelData", fmt.Sprintf("ModelData with namespace(%s), model_id(%s) not found.", ns, id))
}

// Wire is the model as GET /data/{namespace}/models/{model_id} answers it.
func (m Model) Wire() map[string]any { return modelJSON(&m) }

func modelJSON(m *Model) map[string]any {
	return map[string]any{"brain_type_id": m.BrainTypeID, "created_on": stamp(m.CreatedOn), "Data": m.Data,
		"model_id": m.ModelID, "Namespace": m.Namespace, "updated_on": stamp(m.UpdatedOn)}
}

func infoJSON(m *Model) map[string]any {
	return map[string]any{"created_on": stamp(m.CreatedOn), "data_size": len(m.Data), "updated_on": stamp(m.UpdatedOn)}
}

func (h *handler) getModel(w http.ResponseWriter, r *http.Request) {
	ns, id := r.PathValue("namespace"), r.PathValue("model_id")
	m, ok := h.st.Model(ns, id)
	if !ok {
		notFoundModel(w, r, ns, id)
		return
	}
	fake.WriteData(w, http.StatusOK, modelJSON(&m), nil)
}

// MaxModelBytes bounds an upload's body.
const MaxModelBytes = 64 << 20

func (h *handler) uploadModel(w http.ResponseWriter, r *http.Request) {
	ns, id := r.PathValue("namespace"), r.PathValue("model_id")
	var body struct {
		Data        *string      `json:"data"`
		BrainTypeID *json.Number `json:"brain_type_id"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxModelBytes)).Decode(&body); err != nil {
		decodeError(w, "Error during decoding JSON data")
		return
	}
	if body.Data == nil || *body.Data == "" {
		WriteError(w, r, http.StatusBadRequest, "Missing_data", "data is required")
		return
	}
	bt := int64(0)
	if body.BrainTypeID != nil {
		bt, _ = body.BrainTypeID.Int64()
	}
	if bt < 1000 || bt > 1004 {
		WriteError(w, r, http.StatusBadRequest, "Invalid_brain_type_id", "brain_type_id must be 1000-1004")
		return
	}
	h.st.mu.Lock()
	now := h.st.now()
	m, ok := h.st.models.Get(ModelKey{ns, id})
	if !ok {
		m = Model{Namespace: ns, ModelID: id, CreatedOn: now}
	}
	m.BrainTypeID, m.Data, m.UpdatedOn, m.Decoded = int(bt), *body.Data, now, nil
	h.st.models.Put(m)
	h.st.puts++
	info := infoJSON(&m)
	h.st.mu.Unlock()
	fake.WriteData(w, http.StatusOK, info, nil)
}

func (h *handler) deleteModel(w http.ResponseWriter, r *http.Request) {
	ns, id := r.PathValue("namespace"), r.PathValue("model_id")
	m, ok := h.st.models.Delete(ModelKey{ns, id})
	if !ok {
		notFoundModel(w, r, ns, id)
		return
	}
	fake.WriteData(w, http.StatusOK, infoJSON(&m), nil)
}

// decoded returns the submodels of m: Decoded when seeded, else Data read
// as a JSON array of submodels, plain or base64-encoded (the fake's own
// convention; the platform's encoding is its own).
func decoded(m *Model) (json.RawMessage, bool) {
	if len(m.Decoded) > 0 {
		return m.Decoded, true
	}
	raw := []byte(strings.TrimSpace(m.Data))
	if !strings.HasPrefix(string(raw), "[") {
		b, err := base64.StdEncoding.DecodeString(string(raw))
		if err != nil {
			return nil, false
		}
		raw = b
	}
	var subs []json.RawMessage
	if json.Unmarshal(raw, &subs) != nil {
		return nil, false
	}
	return raw, true
}

func (h *handler) decodeModel(w http.ResponseWriter, r *http.Request) {
	ns, id := r.PathValue("namespace"), r.PathValue("model_id")
	m, ok := h.st.Model(ns, id)
	if !ok {
		notFoundModel(w, r, ns, id)
		return
	}
	subs, ok := decoded(&m)
	if !ok {
		WriteError(w, r, http.StatusBadRequest, "Decode_Error", fmt.Sprintf("ModelData with namespace(%s), model_id(%s) cannot be decoded.", ns, id))
		return
	}
	out := modelJSON(&m)
	delete(out, "Data")
	out["Data"] = subs
	fake.WriteData(w, http.StatusOK, out, nil)
}

// listModels serves GET /data/{namespace}. The reference's answer is one
// model object (data with brain_type_id, Data, model_id, Namespace and
// the dates), "the same as" GET /data/{namespace}/models/{model_id}, and
// its error names the model_id query parameter: the model is the one
// model_id names, and without a model_id naming a stored model the
// answer is that error.
func (h *handler) listModels(w http.ResponseWriter, r *http.Request) {
	ns := r.PathValue("namespace")
	m, ok := h.st.Model(ns, r.URL.Query().Get("model_id"))
	if !ok {
		WriteError(w, r, http.StatusBadRequest, "Invalid_model_id", "No valid model_id provided in query")
		return
	}
	fake.WriteData(w, http.StatusOK, modelJSON(&m), nil)
}
