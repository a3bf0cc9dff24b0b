package adamatest

import (
	"encoding/json"

	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/byoafake"
)

const byoaGroup = "byoa"

// registerBYOA plugs in group H (custom algorithm interface): campaign
// and strategy settings, the custom bid router and model data, on the
// server's {byoa_url}.
func registerBYOA(r fake.Registrar) {
	st := byoafake.Register(r)
	if s, ok := r.(*Server); ok {
		s.setStore(byoaGroup, st)
	}
}

// BYOAHandle seeds and inspects the fake's group H state.
type BYOAHandle struct{ st *byoafake.Store }

// BYOA returns the handle on the group H fake (its methods do nothing when
// the group is not served).
func (s *Server) BYOA() *BYOAHandle {
	return &BYOAHandle{st: storeOf[*byoafake.Store](s, byoaGroup)}
}

// BYOAEndpoint is one bid-router endpoint to seed, in wire form.
type BYOAEndpoint = byoafake.Endpoint

// BYOAExecutor is one bid-router executor to seed, in wire form.
type BYOAExecutor = byoafake.Executor

// BYOASetting is one stored campaign or strategy setting, in wire form.
type BYOASetting = byoafake.Setting

// BYOAModel is one stored model.
type BYOAModel = byoafake.Model

// AddExecutor adds a bid-router executor of org under name; settings may
// then name its id.
func (h *BYOAHandle) AddExecutor(org int64, name string, x BYOAExecutor) {
	if h.st != nil {
		h.st.AddExecutor(org, name, x)
		h.st.AllowExecutor(x.ExecutorID)
	}
}

// Executor returns org's executor with id and its name.
func (h *BYOAHandle) Executor(org, id int64) (string, BYOAExecutor, bool) {
	if h.st == nil {
		return "", BYOAExecutor{}, false
	}
	return h.st.Executor(org, id)
}

// Settings returns the stored settings of a campaign (strategy 0) or a
// strategy.
func (h *BYOAHandle) Settings(campaign, strategy int64) []BYOASetting {
	if h.st == nil {
		return nil
	}
	return h.st.Settings(campaign, strategy)
}

// SetSettings stores settings without checking them (to seed).
func (h *BYOAHandle) SetSettings(campaign, strategy int64, list ...BYOASetting) {
	if h.st != nil {
		h.st.PutSettings(campaign, strategy, list)
	}
}

// AddModel stores a model (to seed). decoded, when not nil, is what the
// decode endpoint answers as the model's Data (a list of submodels);
// without it the fake decodes Data when it holds such a JSON list, plain
// or base64-encoded.
func (h *BYOAHandle) AddModel(m BYOAModel, decoded json.RawMessage) {
	if h.st != nil {
		m.Decoded = decoded
		h.st.PutModel(m)
	}
}

// Model returns a stored model.
func (h *BYOAHandle) Model(namespace, modelID string) (BYOAModel, bool) {
	if h.st == nil {
		return BYOAModel{}, false
	}
	return h.st.Model(namespace, modelID)
}

// ModelCount returns how many models are stored.
func (h *BYOAHandle) ModelCount() int {
	if h.st == nil {
		return 0
	}
	return h.st.ModelCount()
}

// ModelUploads returns how many model uploads the fake accepted.
func (h *BYOAHandle) ModelUploads() int {
	if h.st == nil {
		return 0
	}
	return h.st.ModelPuts()
}
