package adamatest

import (
	"cmp"
	"encoding/json"
	"time"

	"github.com/adamasdk/adama-go/firehose"

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

// FirehoseHandle seeds and inspects the fake's group G state. Its Records
// are the consumers' configurations, keyed by consumer name; the
// permissions and delivered files have verbs of their own.
type FirehoseHandle struct {
	*Records[string, firehose.ConsumerSettings]
	st *firehosefake.Store
}

// Firehose returns the handle on group G's state.
func (s *Server) Firehose() *FirehoseHandle {
	st := storeOf[*firehosefake.Store](s, "firehose")
	if st == nil {
		return &FirehoseHandle{Records: &Records[string, firehose.ConsumerSettings]{}}
	}
	c := st.Consumers()
	return &FirehoseHandle{st: st, Records: &Records[string, firehose.ConsumerSettings]{
		key: func(cs *firehose.ConsumerSettings) (string, bool) {
			n := cmp.Or(string(cs.Consumer), cs.Name)
			return n, n != ""
		},
		setKey: func(cs *firehose.ConsumerSettings, name string) { cs.Consumer = firehose.ConsumerName(name) },
		b: backing[string]{
			get: func(name string) ([]byte, bool) {
				d, ok := c.Get(name)
				if !ok {
					return nil, false
				}
				b, err := json.Marshal(d)
				return b, err == nil
			},
			put: func(name string, b []byte) bool {
				var d fake.Doc
				if json.Unmarshal(b, &d) != nil {
					return false
				}
				if d == nil {
					d = fake.Doc{}
				}
				d["Name"] = name
				c.Put(d)
				return true
			},
			del:  func(name string) bool { _, ok := c.Delete(name); return ok },
			keys: st.Names,
			setRaw: func(name, prop string, v any) bool {
				return c.Edit(name, false, func(d fake.Doc) fake.Doc { d[prop] = v; return fake.CloneDoc(d) })
			},
		},
	}}
}

// SetConsumer stores a consumer configuration as given, with no rule or
// permission applied (as support would), adding it when absent.
//
// Deprecated: use PutRaw(name, cfg), or Put with a
// firehose.ConsumerSettings.
func (h *FirehoseHandle) SetConsumer(name string, cfg map[string]any) { h.PutRaw(name, cfg) }

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
