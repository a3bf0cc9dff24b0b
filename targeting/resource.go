package targeting

import (
	"context"
	"net/http"
	"net/url"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// validated is a request body that checks itself before it is sent.
type validated interface{ Validate() error }

// records is the service shape the attachment, target and advertiser
// endpoints share: a record R read by id, created with a body C, changed
// with a version-checked body U (or by Modify), and deleted, at the
// current path and, for some, at a legacy one.
type records[R any, C, U validated] struct {
	g *call.Group
	// what names the record in Modify's messages ("attachment").
	what string
	// idField names the id in validation errors ("attachment_id").
	idField string
	// path is the current path ("/attachments").
	path string
	// clone copies a record read, for Modify.
	clone func(*R) *R
	// changes returns the update that turns orig into cur.
	changes func(orig, cur *R) (U, error)
}

func (r *records[R, C, U]) checkID(id int64) error {
	var v valid.Validator
	checkID(&v, r.idField, id)
	return v.Err()
}

// get reads the record id at base/{id} with the query q.
func (r *records[R, C, U]) get(ctx context.Context, base string, id int64, q url.Values, ropt []adama.RequestOption) (*R, error) {
	if err := r.checkID(id); err != nil {
		return nil, err
	}
	return call.One[R](ctx, r.g, &call.Call{Path: idPath(base, id), Query: q}, ropt...)
}

// create sends a POST of body to base.
func (r *records[R, C, U]) create(ctx context.Context, base string, body C, ropt []adama.RequestOption) (*R, error) {
	if err := body.Validate(); err != nil {
		return nil, err
	}
	return call.One[R](ctx, r.g, &call.Call{Method: http.MethodPost, Path: base, JSON: body}, ropt...)
}

// update sends body to base/{id} with method.
func (r *records[R, C, U]) update(ctx context.Context, method, base string, id int64, body U, ropt []adama.RequestOption) (*R, error) {
	var v valid.Validator
	checkID(&v, r.idField, id)
	v.Merge("", body.Validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	return call.One[R](ctx, r.g, &call.Call{Method: method, Path: idPath(base, id), JSON: body}, ropt...)
}

// delete removes base/{id} and returns the server's confirmation.
func (r *records[R, C, U]) delete(ctx context.Context, base string, id int64, ropt []adama.RequestOption) (*Deleted, error) {
	if err := r.checkID(id); err != nil {
		return nil, err
	}
	return del(ctx, r.g, idPath(base, id), id, ropt)
}

// modify reads the record at the current path, applies change and sends
// the fields it changed with the version read (POST), starting over on a
// version conflict up to DefaultModifyAttempts times.
func (r *records[R, C, U]) modify(ctx context.Context, id int64, change func(*R) error, ropt []adama.RequestOption) (*R, error) {
	return modify(ctx, r.what, id,
		func(ctx context.Context, id int64) (*R, error) { return r.get(ctx, r.path, id, nil, ropt) },
		r.clone, change,
		func(ctx context.Context, orig, cur *R) (*R, error) {
			u, err := r.changes(orig, cur)
			if err != nil {
				return nil, err
			}
			return r.update(ctx, http.MethodPost, r.path, id, u, ropt)
		})
}
