package entity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	records "github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
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
	// Currencies holds, by property name, the currency of each numeric
	// field the server sent as a one-currency amount
	// ([{"currency_code":"USD","value":3}]) rather than a plain number: the
	// field holds the value, and the currency is kept here. Fields typed
	// adama.Money keep their currencies themselves. Never sent.
	Currencies map[string]string `json:"-" url:"-"`

	// raw is a copy of the JSON object the record was decoded from, the
	// snapshot Update diffs against. It sits behind a pointer so that
	// printing a record (fmt's %v of an unexported field) shows an address,
	// never the server's body and what it may carry.
	raw *snapshot
}

func (c *Common) common() *Common { return c }

// Misfits lists the values of the record, and of the records it embeds
// (under their path: "campaign.budget"), that fit no documented form, as
// read: each field is left zero and its raw value is kept in Extra (in
// XML, the attribute's or element's text as a JSON string) and sent back
// as it came unless the field is set since (see adama.Misfit). A client
// made with adama.WithStrictDecoding fails the call instead.
func (c *Common) Misfits() []adama.Misfit {
	if c.raw == nil {
		return nil
	}
	return slices.Clone(c.raw.misfits)
}

// snapshot is a record's body as it was read, with the values of the
// record and of the records it holds that fit no documented form (see
// Misfits).
type snapshot struct {
	b       []byte
	misfits []adama.Misfit
}

// rawBytes returns the snapshot's bytes (nil for a record built by hand).
func (c *Common) rawBytes() []byte {
	if c.raw == nil {
		return nil
	}
	return c.raw.b
}

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
	validate(v *valid.Validator, create bool)
}

// Validate checks rec against the spec's client-side rules; create adds
// the rules of creation (required fields). It returns an
// *adama.ValidationError listing every broken rule, or nil.
func Validate(rec Record, create bool) error {
	var v valid.Validator
	rec.validate(&v, create)
	return v.Err()
}

// decodeRecord decodes b into alias (a pointer to a method-less alias of
// the record type), keeps unknown properties in c.Extra and a copy of b as
// the update snapshot. It reads what the platform really sends: numbers
// as JSON numbers or numeric strings ("version":"0", an integer field as
// "50.00"), and a number sent as a one-currency money array. A value that
// still does not fit does not fail the record: its field stays zero and
// the value is kept in c.Extra under the field's name, reported by
// Misfits and sent back as it came.
func decodeRecord(b []byte, alias any, c *Common) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	known := wire.FieldTypes(reflect.TypeOf(alias).Elem())
	var (
		extra  map[string]json.RawMessage
		fixups map[string][]byte
		curs   map[string]string
		odd    []string // misfits: kept in extra, left out of the decode
	)
	err := jsonscan.Members(b, func(k, v []byte) bool {
		t, ok := known[string(k)]
		if !ok {
			if extra == nil {
				extra = make(map[string]json.RawMessage, 4)
			}
			extra[string(k)] = append(json.RawMessage(nil), v...)
			return true
		}
		if len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')) && isString(t) {
			// A text field sent as a number: keep its digits as text.
			if fixups == nil {
				fixups = map[string][]byte{}
			}
			fixups[string(k)] = append(append([]byte{'"'}, v...), '"')
			return true
		}
		if len(v) > 0 && ((v[0] == '"' || v[0] == '[') && records.IsNumber(t) || v[0] == '[' && isDecimal(t)) {
			fixed, cur, err := numberOf(v, t)
			if err != nil {
				extra, fixups = keepMisfit(extra, fixups, string(k), v)
				odd = append(odd, string(k))
				return true
			}
			if cur != "" {
				if curs == nil {
					curs = map[string]string{}
				}
				curs[string(k)] = cur
			}
			if fixups == nil {
				fixups = map[string][]byte{}
			}
			fixups[string(k)] = fixed
		}
		return true
	})
	if err != nil {
		return fmt.Errorf("entity: decoding record: %w", err)
	}
	src := b
	if fixups != nil {
		src = rewrite(b, fixups)
	}
	if err := json.Unmarshal(src, alias); err != nil {
		// Some value fits its field in no form: find each such member,
		// keep it as a misfit and decode the rest.
		var more []string
		extra, fixups, more = fitOrKeep(b, known, extra, fixups)
		odd = append(odd, more...)
		if len(more) == 0 {
			return fmt.Errorf("entity: decoding record: %w", err)
		}
		reflect.ValueOf(alias).Elem().SetZero()
		if err := json.Unmarshal(rewrite(b, fixups), alias); err != nil {
			return fmt.Errorf("entity: decoding record: %w", err)
		}
	}
	c.Extra = extra
	c.Currencies = curs
	c.raw = &snapshot{b: append([]byte(nil), b...)}
	slices.Sort(odd)
	for _, k := range slices.Compact(odd) {
		c.raw.misfits = append(c.raw.misfits, adama.Misfit{Field: k, Raw: extra[k]})
	}
	c.raw.misfits = append(c.raw.misfits, records.Held(alias)...)
	return nil
}

// keepMisfit keeps the member k (value v) in extra as a misfit and marks
// it to be left out of the decode.
func keepMisfit(extra map[string]json.RawMessage, fixups map[string][]byte, k string, v []byte) (map[string]json.RawMessage, map[string][]byte) {
	if extra == nil {
		extra = make(map[string]json.RawMessage, 4)
	}
	extra[k] = append(json.RawMessage(nil), v...)
	if fixups == nil {
		fixups = map[string][]byte{}
	}
	fixups[k] = nil
	return extra, fixups
}

// fitOrKeep decodes each member of the object b that names a field (in
// its fixed form, when numberOf fixed it) into a value of the field's
// type; one that does not decode is kept, as it came, as a misfit.
// Members without a field are left out of the decode too (they are in
// extra already, and encoding/json would match them to a field ignoring
// case). It returns the names kept.
func fitOrKeep(b []byte, known map[string]reflect.Type, extra map[string]json.RawMessage, fixups map[string][]byte) (map[string]json.RawMessage, map[string][]byte, []string) {
	if fixups == nil {
		fixups = map[string][]byte{}
	}
	var kept []string
	_ = jsonscan.Members(b, func(k, v []byte) bool {
		t, ok := known[string(k)]
		if !ok {
			fixups[string(k)] = nil
			return true
		}
		x := v
		if f, fixed := fixups[string(k)]; fixed {
			if f == nil {
				return true // kept already
			}
			x = f
		}
		if json.Unmarshal(x, reflect.New(t).Interface()) != nil {
			extra, fixups = keepMisfit(extra, fixups, string(k), v)
			kept = append(kept, string(k))
		}
		return true
	})
	return extra, fixups, kept
}

// isString reports a plain string field (through pointers).
func isString(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.String && t.PkgPath() == ""
}

var decimalType = reflect.TypeFor[adama.Decimal]()

// isDecimal reports an adama.Decimal field (through pointers).
func isDecimal(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t == decimalType
}

// numberOf returns the JSON number a numeric field sent as a string or as
// a one-currency money array stands for, and the amount's currency (empty
// for a string). Integer fields take integral values only ("50.00" is 50,
// "50.5" is refused).
func numberOf(v []byte, t reflect.Type) ([]byte, string, error) {
	var text, cur string
	if v[0] == '[' {
		var m adama.Money
		if err := json.Unmarshal(v, &m); err != nil || len(m) != 1 {
			return nil, "", fmt.Errorf("%s is not a number or a one-currency amount", truncate(string(v), 60))
		}
		text, cur = m[0].Value.String(), m[0].CurrencyCode
	} else if err := json.Unmarshal(v, &text); err != nil {
		return nil, "", err
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return fixNumber(text, cur, !(t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64 || t == decimalType))
}

// fixNumber returns the JSON number the text of a number sent as a
// string or as an amount stands for ("null" for empty text), for an
// integer field (integral) or another numeric one, with the amount's
// currency cur.
func fixNumber(text, cur string, integral bool) ([]byte, string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return []byte("null"), cur, nil
	}
	d, err := adama.ParseDecimal(text)
	if err != nil {
		return nil, "", fmt.Errorf("%q is not a number", truncate(text, 60))
	}
	if !integral {
		return []byte(d.String()), cur, nil
	}
	whole, frac, _ := strings.Cut(d.String(), ".")
	if strings.Trim(frac, "0") != "" {
		return nil, "", fmt.Errorf("%q is not an integer", truncate(text, 60))
	}
	if whole == "-0" {
		whole = "0"
	}
	return []byte(whole), cur, nil
}

// rewrite returns a copy of the object b with the values of the keys in
// fixups replaced (a nil fixup leaves the member out).
func rewrite(b []byte, fixups map[string][]byte) []byte {
	out := make([]byte, 0, len(b))
	out = append(out, '{')
	first := true
	_ = jsonscan.Members(b, func(key, v []byte) bool {
		if f, ok := fixups[string(key)]; ok {
			if f == nil {
				return true // a fixup of nil leaves the member out
			}
			v = f
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		kb, _ := json.Marshal(string(key))
		out = append(out, kb...)
		out = append(out, ':')
		out = append(out, v...)
		return true
	})
	return append(out, '}')
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// formOf returns the form values of rec: its url-tagged fields plus Extra.
func formOf(rec any, c *Common) (url.Values, error) {
	vals, err := form.Values(rec)
	if err != nil {
		return nil, fmt.Errorf("entity: encoding form: %w", err)
	}
	for k, raw := range c.Extra {
		if cur, ok := vals[k]; ok && !(zeroForm(cur) && c.misfit(k)) {
			continue
		}
		// An unknown property, or the raw value of a misfit whose field
		// the caller has not set since: sent as it came.
		vals.Set(k, extraString(raw))
	}
	return vals, nil
}

// misfit reports whether k is the name of one of the record's own
// misfits.
func (c *Common) misfit(k string) bool {
	if c.raw == nil {
		return false
	}
	for _, m := range c.raw.misfits {
		if m.Field == k {
			return true
		}
	}
	return false
}

// zeroForm reports the form of a zero value ("", "0", "false"), what a
// field left zero by a misfit writes.
func zeroForm(vs []string) bool {
	return len(vs) == 0 || len(vs) == 1 && (vs[0] == "" || vs[0] == "0" || vs[0] == "false")
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
