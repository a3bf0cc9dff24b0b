package firehose

import (
	"encoding/json"
	"reflect"

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

// encodeRecord writes the struct src with the extra properties added
// (internal/record: a property the struct writes is not repeated, and a
// value that did not fit its field on the way in goes back as it came
// unless the caller has set the field since).
func encodeRecord(src any, extra map[string]json.RawMessage) ([]byte, error) {
	return record.EncodeObject(src, extra)
}
