package targeting

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// snapshot is the body a record was decoded from: Update sends what
// differs from its writable form. It sits behind a pointer so that
// printing a record shows an address, never the server's body.
type snapshot struct{ b []byte }

// keep returns the snapshot of the body b.
func keep(b []byte) *snapshot {
	if record.IsNull(b) {
		return nil
	}
	return &snapshot{b: bytes.Clone(b)}
}

// records is the service shape the attachment, target and advertiser
// endpoints share: a record R read by id, created from a record, saved
// by sending what changed since it was read with its version (or through
// Modify), and deleted, at the current path and, for some, at an older
// one.
type records[R any] struct {
	g *call.Group
	// what names the record in Modify's messages ("attachment").
	what string
	// idField names the id in validation errors ("attachment_id").
	idField string
	// path is the current path ("/attachments").
	path string
	// id and version read the record's id and version.
	id, version func(*R) int64
	// read decodes the record's snapshot (nil for a record built by hand).
	read func(*R) *R
	// write returns the record's writable properties as a JSON object,
	// in the order of the reference's schema, unknown properties last.
	write func(*R) ([]byte, error)
	// check validates the record by the rules of a create or of an
	// update (the generated validate).
	check func(r *R, v *valid.Validator, create bool)
	// change refuses each read-only or create-only field cur changed
	// since orig (the generated validateChange): an update cannot send
	// it, so Modify refuses instead of dropping the change.
	change func(cur *R, v *valid.Validator, orig *R)
	// fixed are writable properties an update cannot clear (send null).
	fixed []string
	// createOnly are writable properties only a create sends.
	createOnly []string
}

func (r *records[R]) checkID(id int64) error {
	var v valid.Validator
	checkID(&v, r.idField, id)
	return v.Err()
}

// get reads the record id at base/{id} with the query q.
func (r *records[R]) get(ctx context.Context, base string, id int64, q url.Values, ropt []adama.RequestOption) (*R, error) {
	if err := r.checkID(id); err != nil {
		return nil, err
	}
	return call.One[R](ctx, r.g, &call.Call{Path: idPath(base, id), Query: q}, ropt...)
}

// create sends a POST of rec's writable properties to base.
func (r *records[R]) create(ctx context.Context, base string, rec *R, ropt []adama.RequestOption) (*R, error) {
	var v valid.Validator
	if rec == nil {
		v.Add("record", "required", nil)
		return nil, v.Err()
	}
	r.check(rec, &v, true)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body, err := r.write(rec)
	if err != nil {
		return nil, err
	}
	return call.One[R](ctx, r.g, &call.Call{Method: http.MethodPost, Path: base, JSON: json.RawMessage(body)}, ropt...)
}

// updateBody returns the body Update sends for rec: its version and what
// changed since it was read (every set property for a record built by
// hand), in the schema's order.
func (r *records[R]) updateBody(rec *R) ([]byte, error) {
	var v valid.Validator
	if rec == nil {
		v.Add("record", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, r.idField, r.id(rec))
	now, err := r.write(rec)
	if err != nil {
		return nil, err
	}
	body := record.ToMap(now)
	if orig := r.read(rec); orig != nil {
		r.change(rec, &v, orig)
		before, err := r.write(orig)
		if err != nil {
			return nil, err
		}
		body = record.Diff(record.ToMap(before), body)
	}
	for _, k := range r.createOnly {
		delete(body, k)
	}
	delete(body, "version")
	for _, k := range r.fixed {
		if raw, ok := body[k]; ok && record.IsNull(raw) {
			v.Add(k, "cannot be cleared", nil)
		}
	}
	var all valid.Validator
	r.check(rec, &all, false)
	v.Merge("", only(all.Err(), body))
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ordered(r.version(rec), body, keysOf(now)), nil
}

// update sends rec's changes to base/{id} with method.
func (r *records[R]) update(ctx context.Context, method, base string, rec *R, ropt []adama.RequestOption) (*R, error) {
	body, err := r.updateBody(rec)
	if err != nil {
		return nil, err
	}
	return call.One[R](ctx, r.g, &call.Call{Method: method, Path: idPath(base, r.id(rec)), JSON: json.RawMessage(body)}, ropt...)
}

// delete removes base/{id}.
func (r *records[R]) delete(ctx context.Context, base string, id int64, ropt []adama.RequestOption) error {
	if err := r.checkID(id); err != nil {
		return err
	}
	return del(ctx, r.g, idPath(base, id), ropt)
}

// modify reads the record at the current path, applies change and saves
// it with Update (POST), starting over on a version conflict
// (internal/modify.Run).
func (r *records[R]) modify(ctx context.Context, id int64, change func(*R) error, ropt []adama.RequestOption) (*R, error) {
	if change == nil {
		var v valid.Validator
		v.Add("change", "required", nil)
		return nil, v.Err()
	}
	return modify.Run(ctx, r.what+" "+strconv.FormatInt(id, 10),
		func(ctx context.Context) (*R, error) { return r.get(ctx, r.path, id, nil, ropt) },
		change,
		func(ctx context.Context, rec *R) (*R, error) {
			return r.update(ctx, http.MethodPost, r.path, rec, ropt)
		})
}

// only keeps the violations of err (an *adama.ValidationError) whose
// field is one of body's properties or the version: an update checks
// what it sends.
func only(err error, body map[string]json.RawMessage) error {
	ve, ok := err.(*adama.ValidationError)
	if !ok || ve == nil {
		return err
	}
	var v valid.Validator
	for _, x := range ve.Violations {
		root, _, _ := strings.Cut(x.Field, ".")
		root, _, _ = strings.Cut(root, "[")
		if _, sent := body[root]; sent || root == "version" {
			v.Add(x.Field, x.Rule, x.Value)
		}
	}
	return v.Err()
}

// keysOf returns the property names of the JSON object b in order.
func keysOf(b []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}

// ordered writes {"version":n, ...body} with body's properties in the
// order of order, then the rest (cleared unknown properties) by name.
func ordered(version int64, body map[string]json.RawMessage, order []string) []byte {
	var out bytes.Buffer
	out.WriteString(`{"version":`)
	out.WriteString(strconv.FormatInt(version, 10))
	put := func(k string) {
		kb, _ := json.Marshal(k)
		out.WriteByte(',')
		out.Write(kb)
		out.WriteByte(':')
		out.Write(body[k])
		delete(body, k)
	}
	for _, k := range order {
		if _, ok := body[k]; ok {
			put(k)
		}
	}
	rest := make([]string, 0, len(body))
	for k := range body {
		rest = append(rest, k)
	}
	slices.Sort(rest)
	for _, k := range rest {
		put(k)
	}
	out.WriteByte('}')
	return out.Bytes()
}
