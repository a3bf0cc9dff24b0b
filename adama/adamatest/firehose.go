package adamatest

import (
	"github.com/adamasdk/adama-go/internal/fake"
	"github.com/adamasdk/adama-go/internal/fake/firehosefake"
)

// registerFirehose plugs in group G (opportunity-stream configuration
// v2.0) under /opportunity-firehose/v2.0, seeded with the reference's
// example consumers and permissions, behind the client-credentials bearer.
func registerFirehose(r fake.Registrar) {
	st := firehosefake.Register(r)
	if s := serverOf(r); s != nil {
		s.setStore("firehose", st)
	}
}

// FirehoseHandle seeds and inspects the fake's group G state.
type FirehoseHandle struct{ st *firehosefake.Store }

// Firehose returns the handle on group G's state.
func (s *Server) Firehose() *FirehoseHandle {
	return &FirehoseHandle{st: storeOf[*firehosefake.Store](s, "firehose")}
}

// Consumer returns a copy of a stored consumer configuration as JSON
// values (nil when absent).
func (h *FirehoseHandle) Consumer(name string) map[string]any {
	if h.st == nil {
		return nil
	}
	return h.st.Consumer(name)
}

// SetConsumer stores a consumer configuration as given, with no rule or
// permission applied (as support would), adding it when absent.
func (h *FirehoseHandle) SetConsumer(name string, cfg map[string]any) {
	if h.st != nil {
		h.st.SetConsumer(name, cfg)
	}
}

// Consumers returns the stored consumer names, sorted.
func (h *FirehoseHandle) Consumers() []string {
	if h.st == nil {
		return nil
	}
	return h.st.Names()
}

// SetPermissions replaces what callers may change without support
// ("EDIT.Filters.X-Svc-Exch-Id": ["15", ...], "EDIT.DropBody": "ALLOWED").
func (h *FirehoseHandle) SetPermissions(p map[string]any) {
	if h.st != nil {
		h.st.SetPermissions(p)
	}
}

// Permissions returns a copy of the permissions.
func (h *FirehoseHandle) Permissions() map[string]any {
	if h.st == nil {
		return nil
	}
	return h.st.Permissions()
}
