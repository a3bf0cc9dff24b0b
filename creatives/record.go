package creatives

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/record"
)

// Extra holds the properties of a record the SDK does not model, as the
// server sent them. They are written back when the record is sent, so a
// read-modify-write never loses a new server field.
type Extra = map[string]json.RawMessage

// decodeRecord reads the record b into the value a points to (the record
// as its method-less alias A), starting from zero, with the shared reader
// of the one decoding rule (internal/record: a number or boolean sent as
// a string, text sent as a number): a value that still does not fit
// leaves its field zero and is kept in *extra under the field's name, a
// misfit the record's Misfits reports and a full update sends back as it
// came (never a zero in its place). Properties it has no field for are
// kept in *extra too. null leaves the zero value.
func decodeRecord[A any](b []byte, a *A, extra *Extra) error {
	if err := record.DecodeKeepingInto(b, a, record.IndexOf(reflect.TypeFor[A]()), extra); err != nil {
		return fmt.Errorf("creatives: decoding record: %w", err)
	}
	return nil
}

// misfitsOf lists the misfits of the record rec points to and of the
// records it holds (record.Report); every record's Misfits calls it.
func misfitsOf[T any](rec *T, extra Extra) []adama.Misfit {
	return record.Report(rec, record.IndexOf(reflect.TypeFor[T]()), extra)
}

// encodeObject writes src (a method-less alias value of a record type)
// and adds the extra properties its fields did not write.
func encodeObject(src any, extra Extra) ([]byte, error) {
	return record.EncodeObject(src, extra)
}

// writableOf writes rec (a record with its own MarshalJSON) as properties
// and leaves out the read-only ones.
func writableOf(rec any, readOnly ...string) map[string]json.RawMessage {
	b, err := json.Marshal(rec)
	if err != nil {
		return map[string]json.RawMessage{}
	}
	m := record.ToMap(b)
	for _, k := range readOnly {
		delete(m, k)
	}
	return m
}

// snapshot is the body a generated record marked x-go-snapshot was read
// from (CreativeDetails, Component): Update sends what differs from it.
// It sits behind a pointer so that printing a record shows an address,
// never the server's body.
type snapshot struct{ b []byte }

// keep returns the snapshot of the body b (nil for null).
func keep(b []byte) *snapshot {
	if record.IsNull(b) {
		return nil
	}
	return &snapshot{b: bytes.Clone(b)}
}

// setOnly drops the null properties of m: nothing to clear on a create.
func setOnly(m map[string]json.RawMessage) map[string]json.RawMessage {
	for k, v := range m {
		if string(bytes.TrimSpace(v)) == "null" {
			delete(m, k)
		}
	}
	return m
}

// FlexString is a string the platform sends either as a string or as a
// number (a parent id, a code); it is kept as text.
type FlexString string

// UnmarshalJSON accepts a string, a number or null.
func (s *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*s = ""
		return nil
	case len(b) > 0 && b[0] == '"':
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = FlexString(v)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("creatives: expected a string or a number")
	}
	*s = FlexString(n.String())
	return nil
}

// enumRule is the validation rule text naming every allowed value.
func enumRule[E ~string](values []E) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = string(v)
	}
	return "one of: " + strings.Join(parts, ", ")
}
