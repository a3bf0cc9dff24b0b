package adamatest

import (
	"time"

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

// Batch is a generated delivered batch and the object name its
// consumer's partition macro gives it.
type Batch struct {
	// Name is the object name.
	Name string
	// Data is the batch's bytes.
	Data []byte
}

// DeliveredFile generates a batch of n opportunities for consumer as its
// storage delivery would write it at t from server appUUID: format
// "JSONL" or "JSON_ARRAY", compression "GZIP", "LZOP" or "" (none), named by the
// consumer's partition macro. ok is false for an unknown consumer.
func (h *FirehoseHandle) DeliveredFile(consumer string, t time.Time, appUUID string, n int, format, compression string, seed uint64) (b Batch, ok bool, err error) {
	if h.st == nil {
		return Batch{}, false, nil
	}
	name, data, ok, err := h.st.DeliveredFile(consumer, t, appUUID, firehosefake.BatchOptions{Records: n, Format: format, Compression: compression, Seed: seed})
	return Batch{Name: name, Data: data}, ok, err
}
