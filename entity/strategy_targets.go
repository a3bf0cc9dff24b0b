package entity

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/media"
	"github.com/adamasdk/adama-go/internal/valid"
	"github.com/adamasdk/adama-go/internal/wire"
)

// A strategy's targets by target value and by dimension, and its retired
// audience segments, as real clients of the platform call them (the
// public references do not list these paths; entity.uploads.yaml marks
// them observed-only): GET and POST strategies/{id}/target_values, GET
// and POST strategies/{id}/target_dimensions/{dimension}, answered as
// strategy_target records, and GET
// strategies/{id}/retired_audience_segments.

// StrategyTargets is a strategy's targets as the platform answers them:
// the strategy_target records and the operator across them.
type StrategyTargets struct {
	// TargetOp is the operator the answer states for the list: the XML
	// form's <entities target_op>, else the records' common target_op
	// (empty when they differ or none carries one).
	TargetOp SetOp
	// Targets are the strategy_target records, one per dimension and
	// restriction. A record without its own target_op has the list's.
	Targets []*StrategyTarget
}

// TargetValueDimension is one dimension of a SetStrategyTargetValues
// form: its code, whether its values are included or excluded, how they
// combine, and the target value ids.
type TargetValueDimension struct {
	// Code is the dimension's code (REGN, DMAX, ...).
	Code        string
	Restriction Restriction
	// Operation combines the values (AND, OR); empty leaves the
	// platform's default.
	Operation SetOp
	ValueIDs  []int64
}

// DimensionTargeting is one dimension's targets of a
// SetStrategyTargetDimension form: the values included and excluded and
// the operator across them.
type DimensionTargeting struct {
	TargetOp SetOp
	Include  []int64
	Exclude  []int64
}

// dimensionCode is the form of a dimension code the path takes.
var dimensionCode = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

func checkDimension(v *valid.Validator, field, code string) {
	v.Require(field, code != "")
	v.Check(code == "" || dimensionCode.MatchString(code), field, "letters, digits and _ only", code)
}

func checkValueIDs(v *valid.Validator, field string, ids []int64, seen map[int64]bool) {
	for i, id := range ids {
		f := field + "." + strconv.Itoa(i+1)
		v.Check(id > 0, f, "must be a positive id", id)
		v.Check(id <= 0 || !seen[id], f, "listed twice", id)
		seen[id] = true
	}
}

// validate checks a dimension: a code, a restriction, a known
// operation, at least one positive value id, none twice.
func (d TargetValueDimension) validate(v *valid.Validator, p string) {
	checkDimension(v, p+"code", d.Code)
	v.Require(p+"restriction", d.Restriction != "")
	checkEnum(v, p+"restriction", d.Restriction)
	checkEnum(v, p+"operation", d.Operation)
	v.Check(len(d.ValueIDs) > 0, p+"value_ids", "at least one value id", nil)
	checkValueIDs(v, p+"value_ids", d.ValueIDs, map[int64]bool{})
}

func targetValuesForm(v *valid.Validator, dims []TargetValueDimension) url.Values {
	f := url.Values{}
	seen := map[string]bool{}
	for i, d := range dims {
		p := "dimensions." + strconv.Itoa(i+1) + "."
		d.validate(v, p)
		key := d.Code + "/" + string(d.Restriction)
		v.Check(d.Code == "" || !seen[key], p+"code", "dimension and restriction listed twice", d.Code)
		seen[key] = true
		f.Set(p+"code", d.Code)
		f.Set(p+"restriction", string(d.Restriction))
		if d.Operation != "" {
			f.Set(p+"operation", string(d.Operation))
		}
		ids := make([]string, len(d.ValueIDs))
		for j, id := range d.ValueIDs {
			ids[j] = strconv.FormatInt(id, 10)
		}
		f.Set(p+"value_ids", strings.Join(ids, ","))
	}
	return f
}

// Validate checks the operator and the value ids: positive, none listed
// twice, none both included and excluded.
func (d *DimensionTargeting) Validate() error {
	var v valid.Validator
	d.check(&v)
	return v.Err()
}

func (d *DimensionTargeting) check(v *valid.Validator) {
	checkEnum(v, "target_op", d.TargetOp)
	seen := map[int64]bool{}
	checkValueIDs(v, "include", d.Include, seen)
	checkValueIDs(v, "exclude", d.Exclude, seen)
}

func (d *DimensionTargeting) formValues() url.Values {
	f := url.Values{}
	if d.TargetOp != "" {
		f.Set("target_op", string(d.TargetOp))
	}
	for i, id := range d.Include {
		f.Set("include."+strconv.Itoa(i+1)+".value_id", strconv.FormatInt(id, 10))
	}
	for i, id := range d.Exclude {
		f.Set("exclude."+strconv.Itoa(i+1)+".value_id", strconv.FormatInt(id, 10))
	}
	return f
}

// StrategyTargetValues returns the targets of strategy strategyID (GET
// strategies/{id}/target_values).
func (ec *Client) StrategyTargetValues(ctx context.Context, strategyID int64, ropt ...adama.RequestOption) (*StrategyTargets, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ec.strategyTargets(ctx, &call.Call{Path: strategyPath(strategyID, "target_values")}, ropt)
}

// SetStrategyTargetValues replaces the target values of strategy
// strategyID (POST strategies/{id}/target_values with
// dimensions.<n>.code, .restriction, .operation and .value_ids, a comma
// list) and returns its targets. An empty dims clears them.
func (ec *Client) SetStrategyTargetValues(ctx context.Context, strategyID int64, dims []TargetValueDimension, ropt ...adama.RequestOption) (*StrategyTargets, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	f := targetValuesForm(&v, dims)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ec.strategyTargets(ctx, &call.Call{Method: http.MethodPost, Path: strategyPath(strategyID, "target_values"), Form: f}, ropt)
}

// StrategyTargetDimension returns the targets of strategy strategyID in
// one dimension, named by its code (GET
// strategies/{id}/target_dimensions/{dimension}).
func (ec *Client) StrategyTargetDimension(ctx context.Context, strategyID int64, dimension string, ropt ...adama.RequestOption) (*StrategyTargets, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	checkDimension(&v, "dimension", dimension)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ec.strategyTargets(ctx, &call.Call{Path: strategyPath(strategyID, "target_dimensions/"+dimension)}, ropt)
}

// SetStrategyTargetDimension replaces the targets of strategy strategyID
// in one dimension (POST strategies/{id}/target_dimensions/{dimension}
// with target_op, include.<n>.value_id and exclude.<n>.value_id) and
// returns them. An empty d clears the dimension.
func (ec *Client) SetStrategyTargetDimension(ctx context.Context, strategyID int64, dimension string, d *DimensionTargeting, ropt ...adama.RequestOption) (*StrategyTargets, error) {
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	checkDimension(&v, "dimension", dimension)
	if d == nil {
		d = &DimensionTargeting{}
	}
	d.check(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return ec.strategyTargets(ctx, &call.Call{Method: http.MethodPost, Path: strategyPath(strategyID, "target_dimensions/"+dimension), Form: d.formValues()}, ropt)
}

// strategyTargets sends c and reads its strategy_target records with the
// list's operator.
func (ec *Client) strategyTargets(ctx context.Context, c *call.Call, ropt []adama.RequestOption) (*StrategyTargets, error) {
	var op string
	g := *ec.g
	g.Envelope = targetOpEnvelope{inner: ec.g.Envelope, op: &op}
	p, err := call.List[*StrategyTarget](ctx, &g, c, ropt...)
	if err != nil {
		return nil, err
	}
	return targetsOf(dropNil(p.Items), SetOp(op)), nil
}

// targetsOf completes the records with the list's operator, or the list's
// with the records' common one.
func targetsOf(recs []*StrategyTarget, op SetOp) *StrategyTargets {
	if recs == nil {
		recs = []*StrategyTarget{}
	}
	if op != "" {
		for _, r := range recs {
			if r.TargetOp == "" {
				r.TargetOp = op
			}
		}
	} else {
		for i, r := range recs {
			if i > 0 && r.TargetOp != op {
				op = ""
				break
			}
			op = r.TargetOp
		}
	}
	return &StrategyTargets{TargetOp: op, Targets: recs}
}

// targetOpEnvelope is the group's envelope that also reads the XML form's
// <entities target_op> into op.
type targetOpEnvelope struct {
	inner call.Envelope
	op    *string
}

func (e targetOpEnvelope) Decode(r io.Reader, mt string, dst any) (call.Meta, error) {
	if !media.IsXML(mt) {
		return e.inner.Decode(r, mt, dst)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return call.Meta{}, err
	}
	if res, err := wire.DecodeXML(bytes.NewReader(b)); err == nil && res.Entities != nil {
		*e.op = res.Entities.TargetOp
	}
	return e.inner.Decode(bytes.NewReader(b), mt, dst)
}

// StrategyRetiredAudienceSegments lists the audience segments of strategy
// strategyID that the platform retired (GET
// strategies/{id}/retired_audience_segments); opts pages as for any
// list.
func (ec *Client) StrategyRetiredAudienceSegments(ctx context.Context, strategyID int64, opts *ListOptions, ropt ...adama.RequestOption) (*Page[StrategyAudienceSegment], error) {
	var o ListOptions
	if opts != nil {
		o = *opts
	}
	var v valid.Validator
	checkStrategyID(&v, strategyID)
	v.Check(o.Limit == nil, "limit", "not taken by retired audience segments", nil)
	v.Merge("", o.validate())
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := call.List[*StrategyAudienceSegment](ctx, ec.g, &call.Call{Path: strategyPath(strategyID, "retired_audience_segments"), Query: o.query()}, ropt...)
	if err != nil {
		return nil, err
	}
	p.Items = dropNil(p.Items)
	return p, nil
}
