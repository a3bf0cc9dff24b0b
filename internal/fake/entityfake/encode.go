package entityfake

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/adamasdk/adama-go/internal/wire"
)

// writeJSONPage writes what wire.WriteJSON(w, 200, meta, recs) writes,
// byte for byte, without encoding/json's reflection over every map: keys
// sorted, strings escaped as encoding/json escapes them (values of other
// types go through json.Marshal). It falls back to wire.WriteJSON for a
// value json.Marshal refuses.
func writeJSONPage(w http.ResponseWriter, meta wire.Meta, recs []Record) {
	body, ok := appendJSONPage(make([]byte, 0, 512*len(recs)+256), meta, recs)
	if !ok {
		wire.WriteJSON(w, http.StatusOK, meta, recs)
		return
	}
	w.Header().Set("Content-Type", "application/vnd.svc.v1+json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// appendJSONPage appends the encoding of wire.Envelope{Meta: meta, Data:
// recs} (status defaulting to ok, as wire.WriteJSON does) and a newline.
func appendJSONPage(b []byte, meta wire.Meta, recs []Record) ([]byte, bool) {
	if meta.Status == "" {
		meta.Status = "ok"
	}
	m, err := json.Marshal(meta)
	if err != nil {
		return nil, false
	}
	b = append(append(b, `{"meta":`...), m...)
	if recs == nil {
		return append(b, `,"data":null}`+"\n"...), true
	}
	b = append(b, `,"data":[`...)
	for i, rec := range recs {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendMap(b, rec); !ok {
			return nil, false
		}
	}
	return append(b, "]}\n"...), true
}

func appendMap(b []byte, m map[string]any) ([]byte, bool) {
	if m == nil {
		return append(b, "null"...), true
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		var ok bool
		if b, ok = appendValue(b, m[k]); !ok {
			return nil, false
		}
	}
	return append(b, '}'), true
}

func appendValue(b []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), true
	case string:
		return appendString(b, x), true
	case bool:
		return strconv.AppendBool(b, x), true
	case int:
		return strconv.AppendInt(b, int64(x), 10), true
	case int64:
		return strconv.AppendInt(b, x, 10), true
	case map[string]any:
		return appendMap(b, x)
	case []any:
		if x == nil {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendValue(b, e); !ok {
				return nil, false
			}
		}
		return append(b, ']'), true
	}
	j, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	return append(b, j...), true
}

// appendString appends s as encoding/json writes it (HTML characters
// escaped): plain printable ASCII as is, anything else through
// json.Marshal.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			j, _ := json.Marshal(s)
			return append(b, j...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// xmlEntity is rec in the XML form the platform writes: wire's rendering,
// with each money prop also carrying its first amount's currency_code and
// value as attributes (<prop name currency_code value><amount …/></prop>),
// in related entities too.
func xmlEntity(rec Record) wire.Entity {
	e := wire.EntityFromJSON(rec)
	moneyAttrs(&e)
	return e
}

func moneyAttrs(e *wire.Entity) {
	for i := range e.Props {
		if p := &e.Props[i]; len(p.Amounts) > 0 {
			p.CurrencyCode, p.Value = p.Amounts[0].CurrencyCode, p.Amounts[0].Value
		}
	}
	for i := range e.Related {
		moneyAttrs(&e.Related[i])
	}
}
