package entity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/form"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/qlang"
)

// Service is one collection of group A ("advertisers", "strategies", ...)
// holding records of type T. It is safe for concurrent use.
type Service[T any] struct {
	g          *call.Group
	collection string
	fast       []string
}

func newService[T any, P interface {
	*T
	Record
}](g *call.Group, collection string, fast ...string) *Service[T] {
	return &Service[T]{g: g, collection: collection, fast: fast}
}

// record returns rec's Record view. Every T a Service is built with is a
// record type (newService's constraint guarantees it).
func record[T any](rec *T) Record { return any(rec).(Record) }

// Collection returns the collection's path name ("advertisers").
func (s *Service[T]) Collection() string { return s.collection }

// FastFields returns the fields whose updates reach the bidders within 5
// minutes (spec 4.A); other updates take about 1.5 hours on average.
func (s *Service[T]) FastFields() []string { return append([]string(nil), s.fast...) }

func (s *Service[T]) path(parts ...string) string {
	p := "/" + s.collection
	for _, x := range parts {
		p += "/" + x
	}
	return p
}

// GetOptions select what a Get embeds. The zero value (or nil) reads the
// record alone.
type GetOptions struct {
	// With embeds related records: each item is one with parameter, a comma
	// chain nesting ("campaign,advertiser" embeds the campaign and, in it,
	// its advertiser).
	With []string
	// Full asks for the full property sets of the named entity types ("*"
	// for all), for embedded records.
	Full []string
}

// Get returns the record with id.
func (s *Service[T]) Get(ctx context.Context, id int64, opts *GetOptions, ropt ...adama.RequestOption) (*T, error) {
	if id <= 0 {
		var v valid.Validator
		v.Add("id", "must be a positive id", id)
		return nil, v.Err()
	}
	q := url.Values{}
	if opts != nil {
		for _, w := range opts.With {
			q.Add("with", w)
		}
		if len(opts.Full) > 0 {
			q.Set("full", strings.Join(opts.Full, ","))
		}
	}
	return call.One[T](ctx, s.g, &call.Call{Path: s.path(strconv.FormatInt(id, 10)), Query: q}, ropt...)
}

// Limit restricts a list to the records related to one entity:
// /limit/{Relation}={ID}. Relation is a parent ("advertiser"), an ancestor
// chain ("advertiser.agency") or a plural linking collection followed by
// the linked entity ("vendor_contracts.vendor").
type Limit struct {
	Relation string
	ID       int64
}

// LimitTo returns a Limit.
func LimitTo(relation string, id int64) *Limit { return &Limit{Relation: relation, ID: id} }

// ListOptions select, order and page a list. The zero value lists the
// first page of full records in the server's order.
type ListOptions struct {
	// With embeds related records; each item is one with parameter, a comma
	// chain nesting ("campaign,advertiser").
	With []string
	// Full names the entity types whose full property sets come back ("*"
	// for all). Typed lists ask for "*" when Full is nil; set Minimal for
	// the server's default (name, id and type only).
	Full    []string
	Minimal bool
	// SortBy lists properties; a leading "-" sorts descending.
	SortBy []string
	// Q filters the list (see package qlang).
	Q *qlang.Query
	// Limit restricts the list to the records related to one entity.
	Limit *Limit
	// PageLimit is the page size, at most 100 (MaxPageLimit); 0 means the
	// server's default for List and 100 for All.
	PageLimit int
	// PageOffset is the index of the first record (not a page number).
	PageOffset int
	// Prefetch, for All, fetches up to this many pages ahead concurrently
	// once the first page has told the total; 0 pages sequentially. Each
	// request in flight holds a connection: with more than 2, give
	// adama.WithHTTPClient a Transport whose MaxIdleConnsPerHost is at
	// least Prefetch (http.DefaultTransport keeps 2 idle connections per
	// host, so the others would be set up again, TLS included, per page).
	Prefetch int
	// Speculate, with Prefetch, asks for the first page and the Prefetch
	// pages after it at once instead of waiting for the first page's
	// total: one round trip sooner, at the cost of up to Prefetch requests
	// past the end of a shorter list.
	Speculate bool
}

func (o *ListOptions) validate() error {
	var v valid.Validator
	if o.PageLimit != 0 {
		v.Range("page_limit", int64(o.PageLimit), 1, MaxPageLimit)
	}
	v.Check(o.PageOffset >= 0, "page_offset", "must be >= 0", o.PageOffset)
	v.Check(!(o.Minimal && len(o.Full) > 0), "full", "Full and Minimal exclude each other", o.Full)
	pager.Check(&v, o.Prefetch, o.Speculate)
	if o.Q != nil {
		v.Merge("", o.Q.Validate())
	}
	if o.Limit != nil {
		v.Check(o.Limit.Relation != "" && !strings.ContainsAny(o.Limit.Relation, "/=?&"), "limit", "relation must be an entity name or chain", o.Limit.Relation)
		v.Check(o.Limit.ID > 0, "limit", "id must be positive", o.Limit.ID)
	}
	for _, s := range o.SortBy {
		v.Check(strings.TrimPrefix(s, "-") != "" && !strings.ContainsAny(s, ",&"), "sort_by", "must be a property name, optionally with a leading -", s)
	}
	return v.Err()
}

func (o *ListOptions) query() url.Values {
	q := url.Values{}
	for _, w := range o.With {
		q.Add("with", w)
	}
	switch {
	case len(o.Full) > 0:
		q.Set("full", strings.Join(o.Full, ","))
	case !o.Minimal:
		q.Set("full", "*")
	}
	if len(o.SortBy) > 0 {
		q.Set("sort_by", strings.Join(o.SortBy, ","))
	}
	if o.Q != nil && len(o.Q.Terms) > 0 {
		q.Set("q", o.Q.String())
	}
	if o.PageLimit > 0 {
		q.Set("page_limit", strconv.Itoa(o.PageLimit))
	}
	if o.PageOffset > 0 {
		q.Set("page_offset", strconv.Itoa(o.PageOffset))
	}
	return q
}

// Page is one page of a group A list: adama's page of record pointers.
type Page[T any] = adama.Page[*T]

// List returns one page.
func (s *Service[T]) List(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*Page[T], error) {
	var o ListOptions
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return s.page(ctx, &o, pager.Cursor{Offset: o.PageOffset}, ropt)
}

func (s *Service[T]) listPath(o *ListOptions) string {
	if o.Limit != nil {
		return s.path("limit", o.Limit.Relation+"="+strconv.FormatInt(o.Limit.ID, 10))
	}
	return s.path()
}

// page reads the page at cur: o's query at cur's offset, with every
// parameter of the server's next-page link (when cur follows one) in place
// of o's own. Only the link's query is used: the request goes to the
// group's own host and path.
func (s *Service[T]) page(ctx context.Context, o *ListOptions, cur pager.Cursor, ropt []adama.RequestOption) (*Page[T], error) {
	q := o.query()
	if cur.Offset > 0 {
		q.Set("page_offset", strconv.Itoa(cur.Offset))
	} else {
		q.Del("page_offset")
	}
	for k, vs := range cur.Next {
		q[k] = slices.Clone(vs)
	}
	p, err := call.List[*T](ctx, s.g, &call.Call{Path: s.listPath(o), Query: q}, ropt...)
	if err != nil {
		return nil, err
	}
	p.Items = dropNil(p.Items)
	return p, nil
}

// dropNil drops records that decoded as null rather than yield nil.
func dropNil[T any](items []*T) []*T {
	out := items[:0]
	for _, it := range items {
		if it != nil {
			out = append(out, it)
		}
	}
	return out
}

// All iterates over every record of the list, paging lazily with
// page_limit (100 when opts.PageLimit is 0). A page carrying the server's
// next-page link is followed by that link; otherwise the next page is at
// the page's offset plus page_limit, whatever number of records the page
// held. No request is made before the caller ranges; an error is yielded
// once and ends the iteration. With opts.Prefetch > 0, the pages after the
// first are fetched that many at a time concurrently and yielded in
// order; a prefetched page the next-page link does not confirm is
// discarded.
func (s *Service[T]) All(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[*T, error] {
	var o ListOptions
	if opts != nil {
		o = *opts
		o.With = slices.Clone(opts.With)
		o.Full = slices.Clone(opts.Full)
		o.SortBy = slices.Clone(opts.SortBy)
	}
	if o.PageLimit == 0 {
		o.PageLimit = MaxPageLimit
	}
	ropt = slices.Clone(ropt)
	return func(yield func(*T, error) bool) {
		if err := o.validate(); err != nil {
			yield(nil, err)
			return
		}
		fetch := func(ctx context.Context, cur pager.Cursor) (*Page[T], error) {
			return s.page(ctx, &o, cur, ropt)
		}
		for rec, err := range pager.All(ctx, pager.Options{Start: o.PageOffset, Limit: o.PageLimit, Prefetch: o.Prefetch, Speculate: o.Speculate}, fetch) {
			if !yield(rec, err) || err != nil {
				return
			}
		}
	}
}

// Create validates rec (required fields included), sends it as a form and
// returns the created record with its id and version.
func (s *Service[T]) Create(ctx context.Context, rec *T, ropt ...adama.RequestOption) (*T, error) {
	if rec == nil {
		return nil, &adama.ValidationError{Violations: []adama.Violation{{Field: "record", Rule: "required"}}}
	}
	p := record(rec)
	if err := Validate(p, true); err != nil {
		return nil, err
	}
	vals, err := formOf(rec, p.common())
	if err != nil {
		return nil, err
	}
	vals.Del("id")
	vals.Del("version")
	return call.One[T](ctx, s.g, &call.Call{Method: http.MethodPost, Path: s.path(), Form: vals}, ropt...)
}

// updateForm returns the form an Update of rec would send: version and
// the fields changed since rec was read (every set field for a record
// built by hand), never id.
func (s *Service[T]) updateForm(rec *T) (url.Values, error) {
	c := record(rec).common()
	after, err := formOf(rec, c)
	if err != nil {
		return nil, err
	}
	out := after
	if c.raw != nil {
		var before T
		if err := json.Unmarshal(c.rawBytes(), &before); err != nil {
			return nil, fmt.Errorf("entity: update snapshot: %w", err)
		}
		bv, err := formOf(&before, record(&before).common())
		if err != nil {
			return nil, err
		}
		out = form.Diff(bv, after)
	}
	out.Del("id")
	out.Set("version", strconv.Itoa(c.Version))
	return out, nil
}

// Update validates rec and sends version and the fields changed since it
// was read (all set fields for a record built by hand); id is never sent.
// It returns the record with its incremented version. A stale version is
// an error matching adama.ErrConflict.
func (s *Service[T]) Update(ctx context.Context, rec *T, ropt ...adama.RequestOption) (*T, error) {
	if rec == nil {
		return nil, &adama.ValidationError{Violations: []adama.Violation{{Field: "record", Rule: "required"}}}
	}
	p := record(rec)
	c := p.common()
	vals, err := s.updateForm(rec)
	if err != nil {
		return nil, err
	}
	if err := checkChanged(rec, c); err != nil {
		return nil, err
	}
	out, err := call.One[T](ctx, s.g, &call.Call{Method: http.MethodPost, Path: s.path(strconv.FormatInt(c.ID, 10)), Form: vals}, ropt...)
	var ae *adama.Error
	if err != nil && errors.As(err, &ae) && ae.Attempts > 1 && errors.Is(err, adama.ErrConflict) {
		// The update was sent more than once (it was marked idempotent and
		// an answer was lost): the first send may have applied it, and the
		// replay then met the version it had just made.
		if got, ok := s.reconcile(ctx, c.ID, c.Version, vals, ropt); ok {
			return got, nil
		}
	}
	return out, err
}

// checkChanged applies the rules to what the caller set or changed. A
// rule the record already broke as it was read is the server's doing (the
// platform sends enum values the spec does not list) and is not refused;
// a rule broken by the caller's change is, whichever field it names.
func checkChanged[T any](rec *T, c *Common) error {
	var v valid.Validator
	v.Check(c.ID > 0, "id", "must be a positive id", c.ID)
	record(rec).validate(&v, false)
	err := v.Err()
	var ve *adama.ValidationError
	if err == nil || c.raw == nil || !errors.As(err, &ve) {
		return err
	}
	var before T
	if json.Unmarshal(c.rawBytes(), &before) != nil {
		return err
	}
	var bv valid.Validator
	record(&before).validate(&bv, false)
	was := map[string]bool{}
	if berr, ok := bv.Err().(*adama.ValidationError); ok {
		for _, x := range berr.Violations {
			was[x.String()] = true
		}
	}
	var keep []adama.Violation
	for _, x := range ve.Violations {
		if !was[x.String()] {
			keep = append(keep, x)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	return &adama.ValidationError{Violations: keep}
}

// reconcile reads the record back after a replayed update met a conflict
// and reports whether it holds exactly what the update sent, one version
// on: then the update was applied once and the record is the result.
func (s *Service[T]) reconcile(ctx context.Context, id int64, version int, sent url.Values, ropt []adama.RequestOption) (*T, bool) {
	got, err := s.Get(ctx, id, nil, ropt...)
	if err != nil {
		return nil, false
	}
	gc := record(got).common()
	if gc.Version != version+1 {
		return nil, false
	}
	now, err := formOf(got, gc)
	if err != nil {
		return nil, false
	}
	for k, vs := range sent {
		if k == "version" {
			continue
		}
		if strings.Join(now[k], ",") != strings.Join(vs, ",") {
			return nil, false
		}
	}
	return got, true
}

// Modify reads the record, applies change and updates it, starting over
// from a fresh read on a version conflict, adama.DefaultModifyAttempts
// rounds in all. change may be called several times; an error from it
// ends Modify.
func (s *Service[T]) Modify(ctx context.Context, id int64, change func(*T) error, ropt ...adama.RequestOption) (*T, error) {
	return modify.Run(ctx, "entity "+s.collection+" "+strconv.FormatInt(id, 10),
		func(ctx context.Context) (*T, error) { return s.Get(ctx, id, nil, ropt...) },
		change,
		func(ctx context.Context, rec *T) (*T, error) { return s.Update(ctx, rec, ropt...) })
}

// History returns the change log of the record (last 90 days), for
// collections that support it.
func (s *Service[T]) History(ctx context.Context, id int64, ropt ...adama.RequestOption) ([]*HistoryEntry, error) {
	p, err := call.List[*HistoryEntry](ctx, s.g, &call.Call{Path: s.path(strconv.FormatInt(id, 10), "history")}, ropt...)
	if err != nil {
		return nil, err
	}
	return dropNil(p.Items), nil
}
