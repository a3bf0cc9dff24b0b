package creatives

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxBulkIDs is how many ids one bulk classification read sends; longer
// lists are split into several calls. (The platform's own limit is not
// published; 100 matches group A's page limit.)
const MaxBulkIDs = 100

func (c *Classification) check(v *valid.Validator, p string) {
	for i, id := range c.Attributes {
		v.Check(id >= 1, p+"attributes["+strconv.Itoa(i)+"]", "a positive id", id)
	}
	for i, id := range c.Verticals {
		v.Check(id >= 1, p+"verticals["+strconv.Itoa(i)+"]", "a positive id", id)
	}
	v.Check(c.Language >= 0, p+"language", "a language id", c.Language)
}

type records[T any] struct {
	Records []T `json:"records"`
}

// Misfits are the records' ("records[i].<field>"), so a strict client's
// bulk read fails on one.
func (r *records[T]) Misfits() []adama.Misfit { return record.Nested(r.Records, "records") }

// ClassificationService is classification v3 (prefix /v3.0, bearer
// token) and its deprecated v1.0 paths, one implementation for both.
type ClassificationService struct {
	g, v1 *call.Group
}

// cls is one classification family: v3, or v1.0 (whose answers may carry
// the platform's status object as an error).
type cls struct {
	g      *call.Group
	prefix string
	v1     bool
}

func (s *ClassificationService) v3() cls { return cls{g: s.g, prefix: "/classification"} }
func (s *ClassificationService) old() cls {
	return cls{g: s.v1, v1: true}
}

func decode[T any](ctx context.Context, f cls, c *call.Call, opts []adama.RequestOption) (*T, error) {
	if f.v1 {
		return v1One[T](ctx, f.g, c, opts)
	}
	return one[T](ctx, f.g, c, opts...)
}

func checkCID(cid int64) error {
	var v valid.Validator
	checkID(&v, "cid", cid)
	return v.Err()
}

func (f cls) get(ctx context.Context, cid int64, suffix string, opts []adama.RequestOption) (*call.Call, error) {
	if err := checkCID(cid); err != nil {
		return nil, err
	}
	return &call.Call{Path: f.prefix + pathID(cid) + suffix}, nil
}

func getClass(ctx context.Context, f cls, cid int64, opts []adama.RequestOption) (*Classification, error) {
	c, err := f.get(ctx, cid, "", opts)
	if err != nil {
		return nil, err
	}
	return decode[Classification](ctx, f, c, opts)
}

func inflateClass(ctx context.Context, f cls, cid int64, opts []adama.RequestOption) (*InflatedClassification, error) {
	c, err := f.get(ctx, cid, "/inflate", opts)
	if err != nil {
		return nil, err
	}
	return decode[InflatedClassification](ctx, f, c, opts)
}

func (f cls) saveCall(cid int64, c *Classification) (*call.Call, error) {
	var v valid.Validator
	checkID(&v, "cid", cid)
	if c == nil {
		v.Add("classification", "required", nil)
	} else {
		c.check(&v, "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return &call.Call{Method: http.MethodPost, Path: f.prefix + pathID(cid), JSON: c}, nil
}

// Save saves a creative's classification (POST /classification/{cid}) and
// returns it inflated. Saving the same classification again does no harm,
// so the call is retried like a read.
func (s *ClassificationService) Save(ctx context.Context, cid int64, c *Classification, opts ...adama.RequestOption) (*InflatedClassification, error) {
	f := s.v3()
	cl, err := f.saveCall(cid, c)
	if err != nil {
		return nil, err
	}
	cl.ReadOnly = true
	return decode[InflatedClassification](ctx, f, cl, opts)
}

// ForcePublish publishes a creative's classification now
// (POST /classification/{cid}/force-publish).
func (s *ClassificationService) ForcePublish(ctx context.Context, cid int64, opts ...adama.RequestOption) (*Classification, error) {
	if err := checkCID(cid); err != nil {
		return nil, err
	}
	return one[Classification](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/classification" + pathID(cid) + "/force-publish"}, opts...)
}

func bulkSaveCall(f cls, recs []ClassificationRecord) (*call.Call, error) {
	var v valid.Validator
	v.Check(len(recs) > 0, "records", "at least one record", nil)
	for i := range recs {
		p := "records[" + strconv.Itoa(i) + "]."
		checkID(&v, p+"atomic_creative_id", recs[i].CreativeID)
		recs[i].Details.check(&v, p+"details.")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return &call.Call{Method: http.MethodPost, Path: f.prefix + "/bulk", JSON: records[ClassificationRecord]{recs}, ReadOnly: true}, nil
}

// BulkSave saves several classifications (POST /classification/bulk) and
// returns them inflated.
func (s *ClassificationService) BulkSave(ctx context.Context, recs []ClassificationRecord, opts ...adama.RequestOption) ([]InflatedRecord, error) {
	return bulkSave(ctx, s.v3(), recs, opts)
}

func bulkSave(ctx context.Context, f cls, recs []ClassificationRecord, opts []adama.RequestOption) ([]InflatedRecord, error) {
	c, err := bulkSaveCall(f, recs)
	if err != nil {
		return nil, err
	}
	r, err := decode[records[InflatedRecord]](ctx, f, c, opts)
	if err != nil {
		return nil, err
	}
	return r.Records, nil
}

// checkIDs validates a bulk id list.
func checkIDs(ids []int64) error {
	var v valid.Validator
	v.Check(len(ids) > 0, "cids", "at least one id", nil)
	for i, id := range ids {
		checkID(&v, "cids["+strconv.Itoa(i)+"]", id)
	}
	return v.Err()
}

// joinIDs renders ids comma-separated.
func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

// bulkGet reads ids in calls of at most MaxBulkIDs and joins the records.
func bulkGet[T any](ctx context.Context, f cls, ids []int64, suffix string, opts []adama.RequestOption) ([]T, error) {
	if err := checkIDs(ids); err != nil {
		return nil, err
	}
	var out []T
	for start := 0; start < len(ids); start += MaxBulkIDs {
		chunk := ids[start:min(start+MaxBulkIDs, len(ids))]
		r, err := decode[records[T]](ctx, f, &call.Call{Path: f.prefix + "/bulk/" + joinIDs(chunk) + suffix}, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, r.Records...)
	}
	return out, nil
}

// BulkGet returns the classifications of ids (GET
// /classification/bulk/{cids}); a list longer than MaxBulkIDs is split
// into several calls. Creatives without a classification are left out.
func (s *ClassificationService) BulkGet(ctx context.Context, ids []int64, opts ...adama.RequestOption) ([]ClassificationRecord, error) {
	return bulkGet[ClassificationRecord](ctx, s.v3(), ids, "", opts)
}

// BulkInflate returns the inflated classifications of ids (GET
// /classification/bulk/{cids}/inflate), split like BulkGet.
func (s *ClassificationService) BulkInflate(ctx context.Context, ids []int64, opts ...adama.RequestOption) ([]InflatedRecord, error) {
	return bulkGet[InflatedRecord](ctx, s.v3(), ids, "/inflate", opts)
}

// GetV1 is Get on the v1.0 path (GET /classification/v1.0/{creative_id}).
//
// Deprecated: use Get (GET /v3.0/classification/{cid}).
func (s *ClassificationService) GetV1(ctx context.Context, cid int64, opts ...adama.RequestOption) (*Classification, error) {
	return getClass(ctx, s.old(), cid, opts)
}

// InflateV1 is Inflate on the v1.0 path
// (GET /classification/v1.0/{creative_id}/inflate).
//
// Deprecated: use Inflate (GET /v3.0/classification/{cid}/inflate).
func (s *ClassificationService) InflateV1(ctx context.Context, cid int64, opts ...adama.RequestOption) (*InflatedClassification, error) {
	return inflateClass(ctx, s.old(), cid, opts)
}

// SaveV1 saves on the v1.0 path (POST /classification/v1.0/{creative_id});
// the v1.0 answer is the classification by id, not inflated.
//
// Deprecated: use Save (POST /v3.0/classification/{cid}).
func (s *ClassificationService) SaveV1(ctx context.Context, cid int64, c *Classification, opts ...adama.RequestOption) (*Classification, error) {
	f := s.old()
	cl, err := f.saveCall(cid, c)
	if err != nil {
		return nil, err
	}
	cl.ReadOnly = true
	return decode[Classification](ctx, f, cl, opts)
}

// BulkSaveV1 is BulkSave on the v1.0 path (POST /classification/v1.0/bulk).
//
// Deprecated: use BulkSave (POST /v3.0/classification/bulk).
func (s *ClassificationService) BulkSaveV1(ctx context.Context, recs []ClassificationRecord, opts ...adama.RequestOption) ([]InflatedRecord, error) {
	return bulkSave(ctx, s.old(), recs, opts)
}

// BulkGetV1 is BulkGet on the v1.0 path
// (GET /classification/v1.0/bulk/{creative_ids}).
//
// Deprecated: use BulkGet (GET /v3.0/classification/bulk/{cids}).
func (s *ClassificationService) BulkGetV1(ctx context.Context, ids []int64, opts ...adama.RequestOption) ([]ClassificationRecord, error) {
	return bulkGet[ClassificationRecord](ctx, s.old(), ids, "", opts)
}

// BulkInflateV1 is BulkInflate on the v1.0 path
// (GET /classification/v1.0/bulk/{creative_ids}/inflate).
//
// Deprecated: use BulkInflate (GET /v3.0/classification/bulk/{cids}/inflate).
func (s *ClassificationService) BulkInflateV1(ctx context.Context, ids []int64, opts ...adama.RequestOption) ([]InflatedRecord, error) {
	return bulkGet[InflatedRecord](ctx, s.old(), ids, "/inflate", opts)
}
