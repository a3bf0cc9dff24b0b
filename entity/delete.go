package entity

import (
	"context"
	"math"
	"net/http"
	"net/url"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// The platform deletes a record of some collections as its public clients
// do: POST /{collection}/{id}/delete with the record's version as a form
// field (version=N), or, for a record addressed under its campaign, POST
// /campaigns/{campaign_id}/{collection}/{id}/delete. It answers the deleted
// record, or a 409 conflict when the version is stale. Which collections
// delete is stated in the description (entity.deletes.yaml); the Client
// serves each of them with a DeletableService or a SubDeletableService,
// which hold every method of Service and Delete.

// DeleteOptions carry what a Delete sends besides the id. The zero value
// (or nil) reads the record's current version first.
type DeleteOptions struct {
	// Version is the version of the record the caller read: the delete
	// is refused with adama.ErrConflict when the record changed since.
	// nil reads the current version first (one GET), which deletes
	// whatever the record holds now.
	Version *int
}

// DeletableService is a collection the platform deletes records of: every
// method of Service, and Delete.
type DeletableService[T any] struct {
	*Service[T]
}

func newDeletable[T any, P interface {
	*T
	Record
}](g *call.Group, collection string, fast ...string) *DeletableService[T] {
	return &DeletableService[T]{Service: newService[T, P](g, collection, fast...)}
}

// Delete deletes the record with id: POST /{collection}/{id}/delete with
// version=N. With opts.Version nil the record's version is read first. A
// stale version is an error matching adama.ErrConflict; it is not retried
// (read the record again and decide). The platform's answer, the deleted
// record, is read for errors and dropped.
func (s *DeletableService[T]) Delete(ctx context.Context, id int64, opts *DeleteOptions, ropt ...adama.RequestOption) error {
	var v valid.Validator
	v.Check(id > 0, "id", "must be a positive id", id)
	checkDeleteOptions(&v, opts)
	if err := v.Err(); err != nil {
		return err
	}
	version, err := deleteVersion(ctx, s.Service, id, opts, ropt)
	if err != nil {
		return err
	}
	return sendDelete[T](ctx, s.g, s.path(strconv.FormatInt(id, 10), "delete"), version, ropt)
}

// SubDeletableService is a collection whose records the platform deletes
// under their parent's path (a campaign's budget flights): every method
// of Service, and Delete taking the parent's id first.
type SubDeletableService[T any] struct {
	*Service[T]
	parent string
}

func newSubDeletable[T any, P interface {
	*T
	Record
}](g *call.Group, parent, collection string, fast ...string) *SubDeletableService[T] {
	return &SubDeletableService[T]{Service: newService[T, P](g, collection, fast...), parent: parent}
}

// Delete deletes the record with id under its parent (for budget flights,
// the campaign): POST /{parent}/{parentID}/{collection}/{id}/delete with
// version=N. With opts.Version nil the record's version is read first
// (GET /{collection}/{id}). A stale version is an error matching
// adama.ErrConflict; it is not retried.
func (s *SubDeletableService[T]) Delete(ctx context.Context, parentID, id int64, opts *DeleteOptions, ropt ...adama.RequestOption) error {
	var v valid.Validator
	v.Check(parentID > 0, singular(s.parent)+"_id", "must be a positive id", parentID)
	v.Check(id > 0, "id", "must be a positive id", id)
	checkDeleteOptions(&v, opts)
	if err := v.Err(); err != nil {
		return err
	}
	version, err := deleteVersion(ctx, s.Service, id, opts, ropt)
	if err != nil {
		return err
	}
	p := "/" + s.parent + "/" + strconv.FormatInt(parentID, 10) + s.path(strconv.FormatInt(id, 10), "delete")
	return sendDelete[T](ctx, s.g, p, version, ropt)
}

// singular names a parent collection's id field ("campaigns" ->
// "campaign").
func singular(collection string) string {
	if n := len(collection); n > 1 && collection[n-1] == 's' {
		return collection[:n-1]
	}
	return collection
}

func checkDeleteOptions(v *valid.Validator, opts *DeleteOptions) {
	if opts != nil && opts.Version != nil {
		v.Range("version", int64(*opts.Version), 0, math.MaxInt32)
	}
}

// deleteVersion returns the version a delete sends: the caller's, or the
// record's current one.
func deleteVersion[T any](ctx context.Context, s *Service[T], id int64, opts *DeleteOptions, ropt []adama.RequestOption) (int, error) {
	if opts != nil && opts.Version != nil {
		return *opts.Version, nil
	}
	rec, err := s.Get(ctx, id, nil, ropt...)
	if err != nil {
		return 0, err
	}
	return record(rec).common().Version, nil
}

// sendDelete posts version=N to path and reads the answer, the deleted
// record, so that an error the platform writes into a 200 (an XML status
// element) is reported.
func sendDelete[T any](ctx context.Context, g *call.Group, path string, version int, ropt []adama.RequestOption) error {
	_, err := call.One[T](ctx, g, &call.Call{Method: http.MethodPost, Path: path, Form: url.Values{"version": {strconv.Itoa(version)}}}, ropt...)
	return err
}
