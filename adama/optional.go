package adama

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Optional is a request field with three states: unset (the zero value,
// left out of the body), set to a value (false, 0 and "" included), and
// null (sent as JSON null, which clears the field on PATCH and
// full-replace endpoints). Tag such fields `json:"name,omitzero"`.
//
// Reading a response, an absent field stays unset, null becomes Null and
// anything else a value.
type Optional[T any] struct {
	v     T
	state optState
}

type optState uint8

const (
	optUnset optState = iota
	optValue
	optNull
)

// Some returns an Optional set to v.
func Some[T any](v T) Optional[T] { return Optional[T]{v: v, state: optValue} }

// Null returns an Optional that sends an explicit JSON null.
func Null[T any]() Optional[T] { return Optional[T]{state: optNull} }

// Get returns the value and whether one is set (false for unset and null).
func (o Optional[T]) Get() (T, bool) { return o.v, o.state == optValue }

// Or returns the value, or def when none is set.
func (o Optional[T]) Or(def T) T {
	if o.state == optValue {
		return o.v
	}
	return def
}

// IsSet reports whether a value is set.
func (o Optional[T]) IsSet() bool { return o.state == optValue }

// IsNull reports whether the field is an explicit null.
func (o Optional[T]) IsNull() bool { return o.state == optNull }

// IsZero reports whether the field is unset, for the omitzero tag.
func (o Optional[T]) IsZero() bool { return o.state == optUnset }

// MarshalJSON writes null for Null and the value otherwise. (An unset
// field is left out by omitzero; marshalled on its own it is null.)
func (o Optional[T]) MarshalJSON() ([]byte, error) {
	if o.state != optValue {
		return []byte("null"), nil
	}
	return json.Marshal(o.v)
}

// UnmarshalJSON reads null as Null and anything else as a value.
func (o *Optional[T]) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		var zero T
		o.v, o.state = zero, optNull
		return nil
	}
	if err := json.Unmarshal(b, &o.v); err != nil {
		return err
	}
	o.state = optValue
	return nil
}

// String renders the value, "null" or "unset".
func (o Optional[T]) String() string {
	switch o.state {
	case optValue:
		return fmt.Sprint(o.v)
	case optNull:
		return "null"
	}
	return "unset"
}
