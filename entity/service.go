package entity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/form"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/adamasdk/adama-go/qlang"
)

// Prefix is group A's path prefix.
const Prefix = "/api/v2.0"

// DefaultModifyAttempts is how many read-change-write rounds Modify makes
// before giving up on version conflicts.
const DefaultModifyAttempts = 5

// recordPtr constrains P to *T implementing Record.
type recordPtr[T any] interface {
	*T
	Record
}

// Service is one collection of group A ("advertisers", "strategies", ...).
// It is safe for concurrent use.
type Service[T any, P recordPtr[T]] struct {
	c          *adama.Client
	collection string
	fast       []string
	history    bool
}

func newService[T any, P recordPtr[T]](c *adama.Client, collection string, fast ...string) *Service[T, P] {
	return &Service[T, P]{c: c, collection: collection, fast: fast, history: true}
}

// Collection returns the collection's path name ("advertisers").
func (s *Service[T, P]) Collection() string { return s.collection }

// FastFields returns the fields whose updates reach the bidders within 5
// minutes (spec 4.A); other updates take about 1.5 hours on average.
func (s *Service[T, P]) FastFields() []string { return append([]string(nil), s.fast...) }

func (s *Service[T, P]) path(parts ...string) string {
	p := Prefix + "/" + s.collection
	for _, x := range parts {
		p += "/" + x
	}
	return p
}

// GetOption adjusts a Get.
type GetOption func(*getConfig)

type getConfig struct {
	with []string
	full []string
	ropt []adama.RequestOption
}

// With embeds related records: each argument is one with parameter, a
// comma chain nesting ("campaign,advertiser" embeds the campaign and, in
// it, its advertiser).
func With(chains ...string) GetOption {
	return func(c *getConfig) { c.with = append(c.with, chains...) }
}

// WithFull asks for the full property sets of the named entity types
// ("*" for all), for embedded records.
func WithFull(types ...string) GetOption {
	return func(c *getConfig) { c.full = append(c.full, types...) }
}

// WithRequestOptions passes per-call options to the request.
func WithRequestOptions(opts ...adama.RequestOption) GetOption {
	return func(c *getConfig) { c.ropt = append(c.ropt, opts...) }
}

// Get returns the record with id.
func (s *Service[T, P]) Get(ctx context.Context, id int64, opts ...GetOption) (*T, error) {
	var cfg getConfig
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if id <= 0 {
		var v adama.Validator
		v.Add("id", "must be a positive id", id)
		return nil, v.Err()
	}
	q := url.Values{}
	for _, w := range cfg.with {
		q.Add("with", w)
	}
	if len(cfg.full) > 0 {
		q.Set("full", strings.Join(cfg.full, ","))
	}
	return s.one(ctx, &adama.Request{Method: http.MethodGet, Path: s.path(strconv.FormatInt(id, 10)), Query: q}, cfg.ropt)
}

// one sends r and decodes one record.
func (s *Service[T, P]) one(ctx context.Context, r *adama.Request, ropt []adama.RequestOption) (*T, error) {
	r.Host, r.Auth = adama.HostBase, adama.AuthSession
	resp, err := s.c.Do(ctx, r, ropt...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var rec T
	if isXML(resp) {
		res, err := wire.DecodeXML(resp.Body)
		if err != nil {
			return nil, err
		}
		if res.Entity == nil {
			return nil, fmt.Errorf("entity: %s %s: %w", r.Method, r.Path, wire.ErrNoBody)
		}
		if err := json.Unmarshal(wire.EntityJSON(res.Entity, reflect.TypeFor[T]()), P(&rec)); err != nil {
			return nil, err
		}
		return &rec, nil
	}
	if _, err := wire.DecodeJSON(resp.Body, P(&rec)); err != nil {
		return nil, err
	}
	return &rec, nil
}

func isXML(resp *http.Response) bool {
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	return strings.Contains(ct, "xml")
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
	// once the first page has told the total; 0 pages sequentially.
	Prefetch int
}

func (o *ListOptions) validate() error {
	var v adama.Validator
	if o.PageLimit != 0 {
		v.Range("page_limit", int64(o.PageLimit), 1, MaxPageLimit)
	}
	v.Check(o.PageOffset >= 0, "page_offset", "must be >= 0", o.PageOffset)
	v.Check(o.Prefetch >= 0 && o.Prefetch <= 32, "prefetch", "must be between 0 and 32", o.Prefetch)
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

// Page is one page of a list with its metadata.
type Page[T any] struct {
	// Items holds the page's records.
	Items []*T
	// Count is the number of records on the page, Offset the index of the
	// first, TotalCount the number of records in the whole list.
	Count, Offset, TotalCount int
	// CalledOn is the server's time of the call.
	CalledOn string
}

// List returns one page.
func (s *Service[T, P]) List(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) (*Page[T], error) {
	var o ListOptions
	if opts != nil {
		o = *opts
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	return s.page(ctx, &o, o.PageOffset, ropt)
}

func (s *Service[T, P]) listPath(o *ListOptions) string {
	if o.Limit != nil {
		return s.path("limit", o.Limit.Relation+"="+strconv.FormatInt(o.Limit.ID, 10))
	}
	return s.path()
}

func (s *Service[T, P]) page(ctx context.Context, o *ListOptions, offset int, ropt []adama.RequestOption) (*Page[T], error) {
	q := o.query()
	if offset > 0 {
		q.Set("page_offset", strconv.Itoa(offset))
	} else {
		q.Del("page_offset")
	}
	r := &adama.Request{Method: http.MethodGet, Host: adama.HostBase, Auth: adama.AuthSession, Path: s.listPath(o), Query: q}
	resp, err := s.c.Do(ctx, r, ropt...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if isXML(resp) {
		return decodeXMLPage[T, P](resp.Body)
	}
	return decodeJSONPage[T, P](resp.Body)
}

func decodeJSONPage[T any, P recordPtr[T]](r io.Reader) (*Page[T], error) {
	var items []*T
	meta, err := wire.DecodeJSON(r, &items)
	if err != nil {
		return nil, err
	}
	// A record that decoded as null is dropped rather than yielded as nil.
	out := items[:0]
	for _, it := range items {
		if it != nil {
			out = append(out, it)
		}
	}
	return &Page[T]{Items: out, Count: meta.Count, Offset: meta.Offset, TotalCount: meta.TotalCount, CalledOn: meta.CalledOn}, nil
}

func decodeXMLPage[T any, P recordPtr[T]](r io.Reader) (*Page[T], error) {
	res, err := wire.DecodeXML(r)
	if err != nil {
		return nil, err
	}
	meta := res.MetaOf()
	p := &Page[T]{Count: meta.Count, Offset: meta.Offset, TotalCount: meta.TotalCount, CalledOn: meta.CalledOn}
	if res.Entities == nil {
		return p, nil
	}
	t := reflect.TypeFor[T]()
	p.Items = make([]*T, 0, len(res.Entities.Entities))
	for i := range res.Entities.Entities {
		rec := new(T)
		if err := json.Unmarshal(wire.EntityJSON(&res.Entities.Entities[i], t), P(rec)); err != nil {
			return nil, err
		}
		p.Items = append(p.Items, rec)
	}
	return p, nil
}

// All iterates over every record of the list, paging lazily with
// page_limit (100 when opts.PageLimit is 0). No request is made before the
// caller ranges; an error is yielded once and ends the iteration. With
// opts.Prefetch > 0, the pages after the first are fetched that many at a
// time concurrently and yielded in order.
func (s *Service[T, P]) All(ctx context.Context, opts *ListOptions, ropt ...adama.RequestOption) iter.Seq2[*T, error] {
	var o ListOptions
	if opts != nil {
		o = *opts
		o.With = append([]string(nil), opts.With...)
		o.Full = append([]string(nil), opts.Full...)
		o.SortBy = append([]string(nil), opts.SortBy...)
	}
	if o.PageLimit == 0 {
		o.PageLimit = MaxPageLimit
	}
	ropt = append([]adama.RequestOption(nil), ropt...)
	return func(yield func(*T, error) bool) {
		if err := o.validate(); err != nil {
			yield(nil, err)
			return
		}
		first, err := s.page(ctx, &o, o.PageOffset, ropt)
		if err != nil {
			yield(nil, err)
			return
		}
		for _, it := range first.Items {
			if !yield(it, nil) {
				return
			}
		}
		next := o.PageOffset + len(first.Items)
		if len(first.Items) == 0 || next >= first.TotalCount {
			return
		}
		if o.Prefetch > 0 {
			s.prefetch(ctx, &o, next, first.TotalCount, ropt, yield)
			return
		}
		for {
			if err := ctx.Err(); err != nil {
				yield(nil, err)
				return
			}
			p, err := s.page(ctx, &o, next, ropt)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, it := range p.Items {
				if !yield(it, nil) {
					return
				}
			}
			next += len(p.Items)
			if len(p.Items) == 0 || next >= p.TotalCount {
				return
			}
		}
	}
}

type pageResult[T any] struct {
	p   *Page[T]
	err error
}

// prefetch fetches the pages at offsets start, start+limit, ... below
// total with up to o.Prefetch requests in flight, and yields in order.
func (s *Service[T, P]) prefetch(ctx context.Context, o *ListOptions, start, total int, ropt []adama.RequestOption, yield func(*T, error) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var offsets []int
	for off := start; off < total; off += o.PageLimit {
		offsets = append(offsets, off)
	}
	results := make([]chan pageResult[T], len(offsets))
	launch := func(i int) {
		ch := make(chan pageResult[T], 1)
		results[i] = ch
		go func() {
			p, err := s.page(ctx, o, offsets[i], ropt)
			ch <- pageResult[T]{p, err}
		}()
	}
	launched := 0
	for ; launched < len(offsets) && launched < o.Prefetch; launched++ {
		launch(launched)
	}
	for i := range offsets {
		var r pageResult[T]
		select {
		case r = <-results[i]:
		case <-ctx.Done():
			yield(nil, ctx.Err())
			return
		}
		if launched < len(offsets) {
			launch(launched)
			launched++
		}
		if r.err != nil {
			yield(nil, r.err)
			return
		}
		for _, it := range r.p.Items {
			if !yield(it, nil) {
				return
			}
		}
		if len(r.p.Items) == 0 {
			return
		}
	}
}

// Create validates rec (required fields included), sends it as a form and
// returns the created record with its id and version.
func (s *Service[T, P]) Create(ctx context.Context, rec *T, ropt ...adama.RequestOption) (*T, error) {
	if rec == nil {
		return nil, errors.New("entity: Create: nil record")
	}
	p := P(rec)
	if err := Validate(p, true); err != nil {
		return nil, err
	}
	vals, err := formOf(rec, p.common())
	if err != nil {
		return nil, err
	}
	vals.Del("id")
	vals.Del("version")
	return s.one(ctx, &adama.Request{
		Method: http.MethodPost, Path: s.path(), Body: []byte(vals.Encode()),
		ContentType: "application/x-www-form-urlencoded",
	}, ropt)
}

// UpdateForm returns the form an Update of rec would send: version and
// the fields changed since rec was read (every set field for a record
// built by hand), never id.
func (s *Service[T, P]) UpdateForm(rec *T) (url.Values, error) {
	p := P(rec)
	c := p.common()
	after, err := formOf(rec, c)
	if err != nil {
		return nil, err
	}
	out := after
	if c.raw != nil {
		var before T
		if err := json.Unmarshal(c.raw, P(&before)); err != nil {
			return nil, fmt.Errorf("entity: update snapshot: %w", err)
		}
		bv, err := formOf(&before, P(&before).common())
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
func (s *Service[T, P]) Update(ctx context.Context, rec *T, ropt ...adama.RequestOption) (*T, error) {
	if rec == nil {
		return nil, errors.New("entity: Update: nil record")
	}
	p := P(rec)
	c := p.common()
	var v adama.Validator
	v.Check(c.ID > 0, "id", "must be a positive id", c.ID)
	p.check(&v, false)
	if err := v.Err(); err != nil {
		return nil, err
	}
	vals, err := s.UpdateForm(rec)
	if err != nil {
		return nil, err
	}
	return s.one(ctx, &adama.Request{
		Method: http.MethodPost, Path: s.path(strconv.FormatInt(c.ID, 10)), Body: []byte(vals.Encode()),
		ContentType: "application/x-www-form-urlencoded",
	}, ropt)
}

// Modify reads the record, applies change and updates it, starting over
// on a version conflict up to DefaultModifyAttempts times. change may be
// called several times; an error from it ends Modify.
func (s *Service[T, P]) Modify(ctx context.Context, id int64, change func(*T) error, ropt ...adama.RequestOption) (*T, error) {
	var last error
	for range DefaultModifyAttempts {
		rec, err := s.Get(ctx, id, WithRequestOptions(ropt...))
		if err != nil {
			return nil, err
		}
		if err := change(rec); err != nil {
			return nil, err
		}
		out, err := s.Update(ctx, rec, ropt...)
		if err == nil {
			return out, nil
		}
		if !errors.Is(err, adama.ErrConflict) {
			return nil, err
		}
		last = err
	}
	return nil, fmt.Errorf("entity: Modify %s %d: %d attempts: %w", s.collection, id, DefaultModifyAttempts, last)
}

// History returns the change log of the record (last 90 days), for
// collections that support it.
func (s *Service[T, P]) History(ctx context.Context, id int64, ropt ...adama.RequestOption) ([]*HistoryEntry, error) {
	r := &adama.Request{Method: http.MethodGet, Host: adama.HostBase, Auth: adama.AuthSession, Path: s.path(strconv.FormatInt(id, 10), "history")}
	resp, err := s.c.Do(ctx, r, ropt...)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if isXML(resp) {
		p, err := decodeXMLPage[HistoryEntry, *HistoryEntry](resp.Body)
		if err != nil {
			return nil, err
		}
		return p.Items, nil
	}
	p, err := decodeJSONPage[HistoryEntry, *HistoryEntry](resp.Body)
	if err != nil {
		return nil, err
	}
	return p.Items, nil
}
