package adama

import (
	"bytes"
	"encoding/json"
	"net/url"

	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// Bool is a boolean that reads every form the platform writes or accepts:
// true/false, 1/0, on/off (JSON booleans, numbers or strings). It is sent
// as "1" or "0". Use *Bool (see BoolPtr) for optional fields, so that
// false is sent on purpose and an unset field is not sent at all.
type Bool bool

// BoolPtr returns a pointer to a Bool, for optional fields.
func BoolPtr(b bool) *Bool { v := Bool(b); return &v }

// Ptr returns a pointer to v, for optional fields of any type.
func Ptr[T any](v T) *T { return &v }

// MarshalJSON writes a JSON boolean.
func (b Bool) MarshalJSON() ([]byte, error) {
	if b {
		return []byte("true"), nil
	}
	return []byte("false"), nil
}

// UnmarshalJSON reads a JSON boolean, number or string form.
func (b *Bool) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch string(data) { // the common forms, without allocating
	case "true", "1", `"1"`, `"on"`, `"true"`:
		*b = true
		return nil
	case "false", "0", "null", `"0"`, `"off"`, `"false"`, `""`:
		*b = false
		return nil
	}
	s := string(data)
	if len(data) > 0 && data[0] == '"' {
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
	}
	if s == "null" {
		*b = false
		return nil
	}
	v, err := wirefmt.ParseBool(s)
	if err != nil {
		return err
	}
	*b = Bool(v)
	return nil
}

// MarshalText writes "1" or "0".
func (b Bool) MarshalText() ([]byte, error) {
	if b {
		return []byte("1"), nil
	}
	return []byte("0"), nil
}

// UnmarshalText reads true/false, 1/0, on/off, yes/no, t/f (any case);
// an empty text is false.
func (b *Bool) UnmarshalText(data []byte) error {
	v, err := wirefmt.ParseBool(string(data))
	if err != nil {
		return err
	}
	*b = Bool(v)
	return nil
}

// EncodeValues sends "1" or "0" in forms and queries.
func (b Bool) EncodeValues(key string, v *url.Values) error {
	t, _ := b.MarshalText()
	v.Set(key, string(t))
	return nil
}
