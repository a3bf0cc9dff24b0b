package wire

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/wirefmt"
)

// This file keeps the XML decoding the package had before the raw-token
// parser and the append-based writer, as the reference the differential
// tests hold the new code to, and exports both to the external tests.

// RefDecodeTree decodes b the way DecodeXML used to: encoding/xml's
// reflection-driven Decode into a Result.
func RefDecodeTree(b []byte) (*Result, error) {
	var res Result
	if err := xml.NewDecoder(bytes.NewReader(b)).Decode(&res); err != nil {
		return nil, err
	}
	if res.Entities != nil {
		res.Entities.CountSet = refCountSet(b)
	}
	return &res, nil
}

// refCountSet reports, by encoding/xml's tokens, whether the last count
// attribute of the root's entities children is non-empty (Decode fills
// one Entities from every such child, the last attribute winning).
func refCountSet(b []byte) bool {
	d := xml.NewDecoder(bytes.NewReader(b))
	depth, set := 0, false
	for {
		tok, err := d.Token()
		if err != nil {
			return set
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "entities" {
				for _, a := range t.Attr {
					if a.Name.Local == "count" {
						set = strings.TrimSpace(a.Value) != ""
					}
				}
			}
		case xml.EndElement:
			depth--
		}
	}
}

// ParseTree decodes b with the raw-token parser.
func ParseTree(b []byte) (*Result, error) {
	var res Result
	if err := parseResult(bytes.NewReader(b), &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// RefEntityJSON is EntityJSON as it was: a bytes.Buffer, a map of seen
// keys and reflection on every property.
func RefEntityJSON(e *Entity, t reflect.Type) []byte {
	var b bytes.Buffer
	refWriteEntity(&b, e, t)
	return b.Bytes()
}

// refFieldsOf is fieldsOf without the cache.
func refFieldsOf(t reflect.Type) map[string]reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	m := map[string]reflect.Type{}
	collectFields(t, m)
	return m
}

func refWriteEntity(b *bytes.Buffer, e *Entity, t reflect.Type) {
	fields := refFieldsOf(t)
	b.WriteByte('{')
	first := true
	key := func(k string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		refWriteString(b, k)
		b.WriteByte(':')
	}
	seen := map[string]bool{}
	if e.ID != "" {
		key("id")
		refWriteScalar(b, e.ID, fields["id"], true)
		seen["id"] = true
	}
	if e.Name != "" {
		key("name")
		refWriteString(b, e.Name)
		seen["name"] = true
	}
	if e.Type != "" {
		key("entity_type")
		refWriteString(b, e.Type)
		seen["entity_type"] = true
	}
	if e.Version != "" {
		key("version")
		refWriteScalar(b, e.Version, fields["version"], true)
		seen["version"] = true
	}
	for i := range e.Props {
		p := &e.Props[i]
		if seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		key(p.Name)
		ft := fields[p.Name]
		if len(p.Amounts) == 0 && p.CurrencyCode != "" {
			b.WriteString(`[{"currency_code":`)
			refWriteString(b, p.CurrencyCode)
			b.WriteString(`,"value":`)
			refWriteString(b, p.Value)
			b.WriteString(`}]`)
			continue
		}
		if len(p.Amounts) > 0 {
			b.WriteByte('[')
			for j, a := range p.Amounts {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(`{"currency_code":`)
				refWriteString(b, a.CurrencyCode)
				b.WriteString(`,"value":`)
				refWriteString(b, a.Value)
				b.WriteByte('}')
			}
			b.WriteByte(']')
			continue
		}
		refWriteScalar(b, p.Value, ft, ft != nil)
	}
	if e.Session != nil && !seen["session"] {
		seen["session"] = true
		key("session")
		b.WriteString(`{"sessionid":`)
		refWriteString(b, e.Session.SessionID)
		if e.Session.Expires != "" {
			b.WriteString(`,"expires":`)
			refWriteString(b, e.Session.Expires)
		}
		b.WriteByte('}')
	}
	// Related entities, grouped by rel in document order.
	var rels []string
	groups := map[string][]*Entity{}
	for i := range e.Related {
		r := &e.Related[i]
		k := r.Rel
		if k == "" {
			k = r.Type
		}
		if _, ok := groups[k]; !ok {
			rels = append(rels, k)
		}
		groups[k] = append(groups[k], r)
	}
	for _, k := range rels {
		if seen[k] {
			continue
		}
		key(k)
		ft := fields[k]
		for ft != nil && ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		list := groups[k]
		if (ft != nil && ft.Kind() == reflect.Slice) || (ft == nil && len(list) > 1) {
			var et reflect.Type
			if ft != nil {
				et = ft.Elem()
			}
			b.WriteByte('[')
			for j, r := range list {
				if j > 0 {
					b.WriteByte(',')
				}
				refWriteEntity(b, r, et)
			}
			b.WriteByte(']')
		} else {
			refWriteEntity(b, list[0], ft)
		}
	}
	b.WriteByte('}')
}

// writeScalar writes v typed for ft. known says whether ft is meaningful.
func refWriteScalar(b *bytes.Buffer, v string, ft reflect.Type, known bool) {
	if !known || ft == nil {
		refWriteString(b, v)
		return
	}
	for ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if reflect.PointerTo(ft).Implements(unmarshalerType) || reflect.PointerTo(ft).Implements(textType) {
		refWriteString(b, v)
		return
	}
	switch ft.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			b.WriteString(strconv.FormatInt(n, 10)) // "00" and "+5" are not JSON numbers
			return
		}
		if v == "" {
			b.WriteString("null")
			return
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			b.WriteString(strconv.FormatUint(n, 10))
			return
		}
		if v == "" {
			b.WriteString("null")
			return
		}
	case reflect.Float32, reflect.Float64:
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
			return
		}
		if v == "" {
			b.WriteString("null")
			return
		}
	case reflect.Bool:
		if x, err := wirefmt.ParseBool(v); err == nil {
			b.WriteString(strconv.FormatBool(x))
			return
		}
	case reflect.Interface:
		// json.RawMessage-like targets keep the string.
	}
	refWriteString(b, v)
}

func refWriteString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}
