package firehose

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"
	"strings"

	"github.com/adamasdk/adama-go/internal/record"
)

// Records of this package keep every property the SDK does not model in
// an Extra map: decodeRecord fills it, encodeRecord writes it back, so a
// GET posted back loses nothing.

// decodeRecord decodes the JSON object b into the struct dst points to
// with the shared lenient reader (internal/record: numbers and booleans
// also as strings, lists element by element, a value that fits no field
// kept instead of failing) and returns the properties it holds no field
// for. null leaves the zero value.
func decodeRecord(b []byte, dst any) (map[string]json.RawMessage, error) {
	if record.IsNull(b) {
		return nil, nil
	}
	return record.DecodeObject(b, dst, record.IndexOf(reflect.TypeOf(dst).Elem()))
}

// lookup finds name in props exactly, then without regard to case.
func lookup(props map[string]json.RawMessage, name string) (string, json.RawMessage, bool) {
	if raw, ok := props[name]; ok {
		return name, raw, true
	}
	for k, raw := range props {
		if strings.EqualFold(k, name) {
			return k, raw, true
		}
	}
	return "", nil, false
}

// encodeRecord writes the struct src with the extra properties added; a
// property the struct already writes (under any case) is not repeated,
// except that a value that did not fit its field on the way in goes back
// as it came unless the caller has set the field since (internal/record's
// EncodeObject would write the zero field instead).
func encodeRecord(src any, extra map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(src)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var props map[string]json.RawMessage
	if err := json.Unmarshal(b, &props); err != nil {
		return nil, err
	}
	out := maps.Clone(props)
	for k, raw := range extra {
		if key, written, found := lookup(props, k); found {
			// A value that did not fit its field on the way in is written
			// back as it came unless the caller has set the field since.
			if isZeroJSON(written) {
				delete(out, key)
				out[k] = raw
			}
			continue
		}
		out[k] = raw
	}
	return json.Marshal(out)
}

// isZeroJSON reports a zero value as json.Marshal writes it.
func isZeroJSON(b json.RawMessage) bool {
	switch string(bytes.TrimSpace(b)) {
	case "null", "false", "0", `""`, "{}", "[]":
		return true
	}
	return false
}

// cloneExtra copies an Extra map.
func cloneExtra(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = bytes.Clone(v)
	}
	return out
}
