package call

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/jsonscan"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/wire"
)

// Meta is the list metadata an envelope carries, in one form for every
// group.
type Meta struct {
	Status             string
	Count              int
	HasCount           bool
	Offset             int
	TotalCount         int
	HasTotal           bool
	NextPage, PrevPage string
	CalledOn           string
	ETag               string
}

// Envelope is one group's wire form for 2xx answers. Decode reads a body
// of media type mt into dst (a non-nil pointer) and returns the list
// metadata. A missing or null payload, or one of the wrong shape, is an
// error; an error document sent with a 2xx status is an *adama.Error.
type Envelope interface {
	Decode(r io.Reader, mt string, dst any) (Meta, error)
}

// ErrNoData is a 2xx answer without a payload (wrapped in the
// *adama.Error the layer returns): groups whose deletes answer with meta
// only test for it.
var ErrNoData = errors.New("the response carries no data")

// DataMeta is the {"data": ..., "meta": {...}} envelope of groups A, B, D,
// E, F and H (meta.status "ok" or "success"; counts as numbers or numeric
// strings), and, for XML bodies, group A's <result> form: entities are
// converted to the JSON form of the record type they decode into.
var DataMeta Envelope = dataMeta{}

// StdDataMeta decodes what DataMeta decodes with encoding/json alone,
// never taking DataMeta's list fast path: the reference that path is
// tested against (both give the same result for every body).
var StdDataMeta Envelope = dataMeta{std: true}

// Bare is the envelope of answers whose whole body is the payload (group
// G's PascalCase settings objects).
var Bare Envelope = bare{}

type dataMeta struct{ std bool }

// Decode decodes the envelope in one pass, data going straight into dst.
// A missing, null or empty payload is ErrNoData: a null sets the
// interface holding dst to nil, and an absent one leaves dst zero (a
// present list, even empty, is a non-nil slice).
func (d dataMeta) Decode(r io.Reader, mt string, dst any) (Meta, error) {
	if media.IsXML(mt) {
		return decodeXML(r, dst)
	}
	env := envelope{Data: dst}
	fast := false
	if elem, ok := unmarshalerList(dst); ok && !d.std {
		// Read the body once: the list's elements go to their own decoder
		// without encoding/json scanning each one first (see decodeList).
		// Whatever the fast path does not handle is decoded the usual way
		// from the same bytes, so both give the same result.
		var body []byte
		var err error
		if b, ok := r.(*bodyBytes); ok {
			body = b.Bytes() // read already, by Group.Into
		} else {
			body, err = readBody(r, -1)
		}
		switch {
		case err != nil:
			r = io.MultiReader(bytes.NewReader(body), errReader{err})
		case decodeList(body, elem, &env):
			fast = true
		default:
			env = envelope{Data: dst}
			r = bytes.NewReader(body)
		}
	}
	if !fast && !d.std && !media.IsXML(mt) {
		if one, ok := dst.(json.Unmarshaler); ok && isStructPointer(dst) {
			// One record: the same single walk, the record's bytes going
			// to its own decoder.
			var body []byte
			var err error
			if b, ok := r.(*bodyBytes); ok {
				body = b.Bytes()
			} else {
				body, err = readBody(r, -1)
			}
			target := reflect.ValueOf(dst).Elem()
			wasZero := target.IsZero()
			switch {
			case err != nil:
				r = io.MultiReader(bytes.NewReader(body), errReader{err})
			case decodeOne(body, one, &env):
				fast = true
			default:
				if wasZero {
					target.SetZero() // as if the walk had not been made
				}
				env = envelope{Data: dst}
				r = bytes.NewReader(body)
			}
		}
	}
	if !fast {
		if err := json.NewDecoder(r).Decode(&env); err != nil {
			return Meta{}, err
		}
	}
	meta := env.Meta.meta()
	if !statusOK(meta.Status) || hasErrors(env.Errors) {
		raw, _ := json.Marshal(struct {
			Meta   map[string]string `json:"meta"`
			Errors json.RawMessage   `json:"errors,omitempty"`
		}{map[string]string{"status": meta.Status}, env.Errors})
		return meta, wire.ErrorFromBody(http.StatusOK, http.Header{"Content-Type": {"application/json"}}, "", "", raw)
	}
	target := reflect.ValueOf(dst).Elem()
	if env.Data == nil { // "data": null
		if target.Kind() == reflect.Slice {
			// A null collection (the references allow it) is an empty list.
			target.Set(reflect.MakeSlice(target.Type(), 0, 0))
			return meta, nil
		}
		return meta, ErrNoData
	}
	if target.IsZero() { // no data member, or an empty object
		return meta, ErrNoData
	}
	return meta, nil
}

type envelope struct {
	Meta   wireMeta        `json:"meta"`
	Data   any             `json:"data"`
	Errors json.RawMessage `json:"errors"`
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// unmarshalerList returns the element type of dst when dst points to a
// slice of pointers to structs that decode themselves from JSON (every
// group's list of records).
func unmarshalerList(dst any) (reflect.Type, bool) {
	t := reflect.TypeOf(dst)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Slice {
		return nil, false
	}
	elem := t.Elem().Elem()
	if elem.Kind() != reflect.Pointer || elem.Elem().Kind() != reflect.Struct || !elem.Implements(unmarshalerType) {
		return nil, false
	}
	return elem, true
}

// decodeList decodes body, a {"meta","data","errors"} envelope whose data
// is a list of elem (a pointer type implementing json.Unmarshaler), into
// env (env.Data holding a pointer to a []elem) the way encoding/json does,
// in fewer passes: the body is checked with jsonscan (as strictly as
// encoding/json checks it), each element is handed to its UnmarshalJSON
// directly, and only meta goes through encoding/json. It reports false,
// leaving the caller to decode body with encoding/json, for anything it
// does not handle exactly as encoding/json would: a body that is not a
// valid object, a member name that differs from meta, data or errors only
// in case, a repeated member, data that is neither an array nor null, or
// any decoding error (so errors read as they always did).
func decodeList(body []byte, elem reflect.Type, env *envelope) bool {
	var (
		seenData, null bool
		ok             = true
	)
	target := reflect.ValueOf(env.Data).Elem()
	rec := elem.Elem()
	var items []reflect.Value // reflect.Append would allocate per element
	// One walk of the body: meta through encoding/json, every other value
	// checked by jsonscan, data's elements decoded as the walk reaches them.
	if !walkEnvelope(body, env, func(rest []byte) int {
		seenData = true
		if len(rest) >= 4 && string(rest[:4]) == "null" {
			null = true
			return 4
		}
		items = make([]reflect.Value, 0, 16)
		n, err := jsonscan.ArrayElements(rest, func(e []byte) bool {
			if string(e) == "null" {
				items = append(items, reflect.Zero(elem))
				return true
			}
			p := reflect.New(rec)
			if p.Interface().(json.Unmarshaler).UnmarshalJSON(e) != nil {
				ok = false
				return false
			}
			items = append(items, p)
			return true
		})
		if err != nil || !ok {
			return 0
		}
		return n
	}) || !ok {
		return false
	}
	switch {
	case null:
		env.Data = nil
	case seenData:
		out := reflect.MakeSlice(target.Type(), len(items), len(items))
		for i, v := range items {
			out.Index(i).Set(v)
		}
		target.Set(out)
	}
	return true
}

// isStructPointer reports a non-nil pointer to a struct.
func isStructPointer(dst any) bool {
	v := reflect.ValueOf(dst)
	return v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct
}

// decodeOne is decodeList for an envelope whose data is one record: dst
// (env.Data, a pointer to a struct) gets the bytes of any data other than
// null through its UnmarshalJSON, as encoding/json hands them over, and a
// null sets env.Data to nil. It reports false on the same conditions as
// decodeList (data of any JSON type is handed over, as encoding/json
// does).
func decodeOne(body []byte, dst json.Unmarshaler, env *envelope) bool {
	null := false
	if !walkEnvelope(body, env, func(rest []byte) int {
		n := jsonscan.Len(rest)
		if n == 0 {
			return 0
		}
		if string(rest[:n]) == "null" {
			null = true
			return n
		}
		if dst.UnmarshalJSON(rest[:n]) != nil {
			return 0
		}
		return n
	}) {
		return false
	}
	if null {
		env.Data = nil
	}
	return true
}

// walkEnvelope walks body, a {"meta","data","errors"} envelope, once:
// meta into env.Meta through encoding/json, errors kept as they are, data
// handed to data (which returns the length it read, 0 to give up), every
// other member checked by jsonscan. It reports false, for the caller to
// decode body with encoding/json, on anything encoding/json would read
// otherwise: a body that is not a valid object, a repeated member, a
// member name that differs from meta, data or errors only in case, or a
// member that does not decode.
func walkEnvelope(body []byte, env *envelope, data func(rest []byte) int) bool {
	var seenMeta, seenErrors, seenData bool
	err := jsonscan.Object(body, func(k, rest []byte) int {
		switch string(k) {
		case "meta":
			n := jsonscan.Len(rest)
			if seenMeta || n == 0 || json.Unmarshal(rest[:n], &env.Meta) != nil {
				return 0
			}
			seenMeta = true
			return n
		case "errors":
			n := jsonscan.Len(rest)
			if seenErrors || n == 0 {
				return 0
			}
			seenErrors = true
			env.Errors = append(json.RawMessage(nil), rest[:n]...)
			return n
		case "data":
			if seenData {
				return 0
			}
			seenData = true
			return data(rest)
		}
		key := string(k)
		if strings.EqualFold(key, "meta") || strings.EqualFold(key, "data") || strings.EqualFold(key, "errors") {
			return 0
		}
		return jsonscan.Len(rest)
	})
	return err == nil
}

// bodyBytes is a body Group.Into has read whole: decoders take its bytes
// instead of reading them again.
type bodyBytes struct {
	bytes.Reader
	b []byte
}

func newBodyBytes(b []byte) *bodyBytes {
	bb := &bodyBytes{b: b}
	bb.Reset(b)
	return bb
}

// Bytes returns the whole body (the reader is not advanced).
func (b *bodyBytes) Bytes() []byte { return b.b }

// Chunk sizes of readBody: the first chunk, and the largest.
const (
	firstChunk = 4 << 10
	maxChunk   = 1 << 20
	// maxPresize bounds the buffer made at once from a Content-Length, so
	// that a header alone never costs more than this.
	maxPresize = 8 << 20
)

// readBody reads r to its end. A body announcing its size (size >= 0,
// up to maxPresize) is read into one buffer of that size. Any other is
// read into chunks (4 KiB doubling up to 1 MiB) that are never copied
// while reading: a body that the client's limit cuts off costs no more
// than the limit and one chunk, where a doubling buffer would hold up to
// three times the limit. The chunks are joined once, at the end.
func readBody(r io.Reader, size int64) ([]byte, error) {
	if size >= 0 && size <= maxPresize {
		b := make([]byte, 0, size+1) // +1: the end is seen without growing
		for {
			n, err := r.Read(b[len(b):cap(b)])
			b = b[:len(b)+n]
			if err == io.EOF {
				return b, nil
			}
			if err != nil {
				return b, err
			}
			if len(b) == cap(b) {
				break // longer than announced: chunks from here on
			}
		}
		rest, err := readBody(r, -1)
		if errors.Is(err, adama.ErrTooLarge) {
			return nil, err
		}
		if len(rest) == 0 {
			return b, err
		}
		return append(b, rest...), err
	}
	var chunks [][]byte
	total := 0
	chunk := make([]byte, 0, firstChunk)
	for {
		n, err := r.Read(chunk[len(chunk):cap(chunk)])
		chunk = chunk[:len(chunk)+n]
		total += n
		if err != nil || len(chunk) == cap(chunk) {
			if err != nil && len(chunks) == 0 {
				if err == io.EOF {
					err = nil
				}
				return chunk, err
			}
			chunks = append(chunks, chunk)
			if err != nil {
				if errors.Is(err, adama.ErrTooLarge) {
					return nil, err // nothing to decode: no join
				}
				if err == io.EOF {
					err = nil
				}
				out := make([]byte, 0, total)
				for _, c := range chunks {
					out = append(out, c...)
				}
				return out, err
			}
			chunk = make([]byte, 0, min(2*cap(chunk), maxChunk))
		}
	}
}

// errReader returns err once the body read before it is used up.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func hasErrors(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && !bytes.Equal(raw, []byte("null")) && !bytes.Equal(raw, []byte("[]"))
}

// statusOK reports a meta.status meaning success (or none).
func statusOK(s string) bool {
	switch s {
	case "", "ok", "success", "OK", "SUCCESS", "Success":
		return true
	}
	return false
}

type bare struct{}

func (bare) Decode(r io.Reader, mt string, dst any) (Meta, error) {
	if media.IsXML(mt) || mt == "text/html" {
		// An error document (or a gateway's page) sent with a 2xx status.
		b, _ := io.ReadAll(io.LimitReader(r, 64<<10))
		return Meta{}, wire.ErrorFromBody(http.StatusOK, http.Header{"Content-Type": {mt}}, "", "", b)
	}
	dec := json.NewDecoder(r)
	slot := any(dst)
	if err := dec.Decode(&slot); err != nil {
		if errors.Is(err, io.EOF) {
			return Meta{}, ErrNoData
		}
		return Meta{}, err
	}
	if slot == nil {
		return Meta{}, ErrNoData
	}
	if _, err := dec.Token(); err != io.EOF {
		return Meta{}, errors.New("data after the JSON document")
	}
	return Meta{}, nil
}

// wireMeta reads every form of list metadata the platform sends: numbers
// as JSON numbers or numeric strings.
type wireMeta struct {
	Status     string  `json:"status"`
	Count      flexInt `json:"count"`
	Offset     flexInt `json:"offset"`
	TotalCount flexInt `json:"total_count"`
	Total      flexInt `json:"total"`
	NextPage   string  `json:"next_page"`
	PrevPage   string  `json:"prev_page"`
	CalledOn   string  `json:"called_on"`
	ETag       string  `json:"etag"`
}

func (w wireMeta) meta() Meta {
	m := Meta{Status: w.Status, Count: int(w.Count.v), HasCount: w.Count.set, Offset: int(w.Offset.v),
		NextPage: w.NextPage, PrevPage: w.PrevPage, CalledOn: w.CalledOn, ETag: w.ETag}
	switch {
	case w.TotalCount.set:
		m.TotalCount, m.HasTotal = int(w.TotalCount.v), true
	case w.Total.set:
		m.TotalCount, m.HasTotal = int(w.Total.v), true
	}
	return m
}

// flexInt is a non-negative count sent as a JSON number or a numeric
// string. A value that is not a count fails the decode.
type flexInt struct {
	v   int64
	set bool
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if len(b) > 1 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		b = []byte(s)
	}
	v, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("count %q is not an integer", truncate(string(b), 40))
	}
	if v < 0 || v > maxCount {
		return fmt.Errorf("count %d is out of range", v)
	}
	f.v, f.set = v, true
	return nil
}

// maxCount bounds counts and offsets read from the server (2^53, well
// above any real list and safe in int on every platform Go supports for
// 64-bit ints; on 32-bit platforms int conversion saturates below).
const maxCount = 1 << 53

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// decodeXML reads group A's XML result into dst: a pointer to a record (one
// <entity>) or to a slice of records or record pointers (<entities>).
func decodeXML(r io.Reader, dst any) (Meta, error) {
	res, err := wire.DecodeXML(r)
	if err != nil {
		var ae *adama.Error
		if errors.As(err, &ae) {
			return Meta{}, ae
		}
		return Meta{}, err
	}
	wm := res.MetaOf()
	meta := Meta{Status: wm.Status, Count: wm.Count, Offset: wm.Offset, TotalCount: wm.TotalCount, CalledOn: wm.CalledOn}
	if res.Entities != nil {
		meta.HasCount, meta.HasTotal = true, wm.HasTotal
	}
	dv := reflect.ValueOf(dst)
	if dv.Kind() != reflect.Pointer || dv.IsNil() {
		return meta, errors.New("decode target is not a pointer")
	}
	// unmarshal decodes an entity's JSON form into the value p points to.
	// The JSON comes from wire.AppendEntityJSON and is valid, so a record
	// that decodes itself is handed it directly, as json.Unmarshal would
	// after checking it once more.
	unmarshal := func(b []byte, p reflect.Value) error {
		if u, ok := p.Interface().(json.Unmarshaler); ok {
			return u.UnmarshalJSON(b)
		}
		return json.Unmarshal(b, p.Interface())
	}
	target := dv.Elem()
	if target.Kind() == reflect.Slice {
		if res.Entities == nil {
			if res.Entity != nil {
				return meta, errors.New("a single entity where a list was expected")
			}
			return meta, ErrNoData
		}
		elem := target.Type().Elem()
		rec := elem
		if rec.Kind() == reflect.Pointer {
			rec = rec.Elem()
		}
		ents := res.Entities.Entities
		out := reflect.MakeSlice(target.Type(), len(ents), len(ents))
		// One buffer for the page, only ever appended to: each record reads
		// its own stretch of it, and no stretch is written twice, so a
		// record that kept its bytes would still see them unchanged.
		var buf []byte
		for i := range ents {
			start := len(buf)
			buf = wire.AppendEntityJSON(buf, &ents[i], rec)
			p := reflect.New(rec)
			if err := unmarshal(buf[start:len(buf):len(buf)], p); err != nil {
				return meta, err
			}
			if elem.Kind() == reflect.Pointer {
				out.Index(i).Set(p)
			} else {
				out.Index(i).Set(p.Elem())
			}
		}
		target.Set(out)
		return meta, nil
	}
	if res.Entity == nil {
		if res.Entities != nil {
			return meta, errors.New("a list where a single entity was expected")
		}
		return meta, ErrNoData
	}
	if res.Entity.Session == nil {
		// The session answer puts <session> beside the user's <entity>.
		res.Entity.Session = res.Session
	}
	return meta, unmarshal(wire.EntityJSON(res.Entity, target.Type()), dv)
}
