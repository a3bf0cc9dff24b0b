package creatives

import (
	"context"
	"strconv"

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

// saveRequest checks a classification and makes it the body of a save
// (Save and SaveV1). Saving the same classification again does no harm,
// so the call is retried like a read.
func saveRequest(c *call.Call, _ int64, cl *Classification) error {
	var v valid.Validator
	if cl == nil {
		v.Add("classification", "required", nil)
	} else {
		cl.check(&v, "")
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON, c.ReadOnly = cl, true
	return nil
}

// bulkSaveRequest checks the records of a bulk save (BulkSave and
// BulkSaveV1) and makes them its body, retried like Save.
func bulkSaveRequest(c *call.Call, recs []ClassificationRecord) error {
	var v valid.Validator
	v.Check(len(recs) > 0, "records", "at least one record", nil)
	for i := range recs {
		p := "records[" + strconv.Itoa(i) + "]."
		checkID(&v, p+"atomic_creative_id", recs[i].CreativeID)
		recs[i].Details.check(&v, p+"details.")
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON, c.ReadOnly = records[ClassificationRecord]{recs}, true
	return nil
}

// recordsOf reads a {"records": [...]} answer and returns its records.
func recordsOf[L ~[]E, E any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (L, error) {
	r, err := one[records[E]](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	return r.Records, nil
}

// v1RecordsOf is recordsOf for a v1.0 answer (see v1One).
func v1RecordsOf[L ~[]E, E any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (L, error) {
	r, err := v1One[records[E]](ctx, g, c, opts...)
	if err != nil {
		return nil, err
	}
	return r.Records, nil
}
