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
// with the shared reader of the one decoding rule (internal/record: every
// documented form, numbers and booleans also as strings; a value that
// fits no form kept under its field's name, a misfit, instead of failing)
// and returns the properties it holds no field for. null leaves the zero
// value.
func decodeRecord(b []byte, dst any) (map[string]json.RawMessage, error) {
	if record.IsNull(b) {
		return nil, nil
	}
	return record.DecodeKeeping(b, dst, record.IndexOf(reflect.TypeOf(dst).Elem()))
}

// Index of each record's fields, for Misfits.
var (
	consumerIdx = record.IndexOf(reflect.TypeFor[plainConsumer]())
	sampleIdx   = record.IndexOf(reflect.TypeFor[plainSample]())
	webIdx      = record.IndexOf(reflect.TypeFor[plainWeb]())
	cloud1Idx   = record.IndexOf(reflect.TypeFor[plainCloud1]())
	cloud2Idx   = record.IndexOf(reflect.TypeFor[plainCloud2]())
)

// encodeRecord writes the struct src with the extra properties added
// (internal/record: a property the struct writes is not repeated, and a
// value that did not fit its field on the way in goes back as it came
// unless the caller has set the field since).
func encodeRecord(src any, extra map[string]json.RawMessage) ([]byte, error) {
	return record.EncodeObject(src, extra)
}
