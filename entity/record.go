package entity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Common holds the properties every group A record carries (spec 2.1),
// the properties the SDK does not model, and the state Update needs.
// Records embed it.
type Common struct {
	// ID is the record's id; zero before it is created. Never sent.
	ID int64 `json:"id,omitempty" url:"-"`
	// EntityType is the record's entity_type (read-only).
	EntityType string `json:"entity_type,omitempty" url:"-"`
	// Name is the record's name.
	Name string `json:"name,omitempty" url:"name,omitempty"`
	// Version is the optimistic-locking version; Update sends it.
	Version int `json:"version" url:"-"`
	// CreatedOn and UpdatedOn are set by the server (read-only).
	CreatedOn *adama.Time `json:"created_on,omitempty" url:"-"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty" url:"-"`
	// Extra keeps every property the SDK does not model, as the server sent
	// it (in XML, as strings). It is never dropped; a changed or added
	// value is sent on Update (strings as is, numbers and booleans in their
	// JSON form, other values as JSON text).
	Extra map[string]json.RawMessage `json:"-" url:"-"`

	// raw is a copy of the JSON object the record was decoded from, the
	// snapshot Update diffs against.
	raw []byte
}

func (c *Common) common() *Common { return c }

// GetID returns the record's id.
func (c *Common) GetID() int64 { return c.ID }

// GetVersion returns the record's version.
func (c *Common) GetVersion() int { return c.Version }

// Fresh reports whether the record was built by hand rather than read from
// the server (Update then sends every set field).
func (c *Common) Fresh() bool { return c.raw == nil }

// Record is implemented by every record of the package (through its
// embedded Common and its own validation).
type Record interface {
	common() *Common
	check(v *adama.Validator, create bool)
}

// Validate checks rec against the spec's client-side rules; create adds
// the rules of creation (required fields). It returns an
// *adama.ValidationError listing every broken rule, or nil.
func Validate(rec Record, create bool) error {
	var v adama.Validator
	rec.check(&v, create)
	return v.Err()
}

// decodeRecord decodes b into alias (a pointer to a method-less alias of
// the record type), then keeps unknown properties in c.Extra and a copy of
// b as the update snapshot. Decoding is lenient: a property whose value
// does not fit its field's type is kept in Extra instead of failing the
// whole record.
func decodeRecord(b []byte, alias any, c *Common) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return fmt.Errorf("entity: decoding record: %w", err)
	}
	known := wire.FieldTypes(reflect.TypeOf(alias).Elem())
	var extra map[string]json.RawMessage
	if err := json.Unmarshal(b, alias); err != nil {
		// Decode field by field so one malformed property cannot lose the
		// record; properties that do not fit go to Extra.
		av := reflect.ValueOf(alias).Elem()
		av.Set(reflect.Zero(av.Type()))
		for k, v := range obj {
			if _, ok := known[k]; !ok {
				continue
			}
			one, _ := json.Marshal(map[string]json.RawMessage{k: v})
			if json.Unmarshal(one, alias) != nil {
				if extra == nil {
					extra = map[string]json.RawMessage{}
				}
				extra[k] = v
			}
		}
	}
	for k, v := range obj {
		if _, ok := known[k]; !ok {
			if extra == nil {
				extra = make(map[string]json.RawMessage, 4)
			}
			extra[k] = v
		}
	}
	c.Extra = extra
	c.raw = append([]byte(nil), b...)
	return nil
}

// formOf returns the form values of rec: its url-tagged fields plus Extra.
func formOf(rec any, c *Common) (url.Values, error) {
	vals, err := form.Values(rec)
	if err != nil {
		return nil, fmt.Errorf("entity: encoding form: %w", err)
	}
	for k, raw := range c.Extra {
		if _, ok := vals[k]; ok {
			continue
		}
		vals.Set(k, extraString(raw))
	}
	return vals, nil
}

// extraString renders an Extra value as a form value.
func extraString(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	case 't':
		return "1"
	case 'f':
		return "0"
	}
	return string(raw)
}

// prefixed re-keys the form values of v under prefix ("rmx_strategy.").
func prefixed(dst *url.Values, prefix string, v any) error {
	vals, err := form.Values(v)
	if err != nil {
		return err
	}
	for k, vs := range vals {
		(*dst)[prefix+k] = vs
	}
	return nil
}

// itoa is strconv.Itoa for form keys.
func itoa(i int) string { return strconv.Itoa(i) }

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }
