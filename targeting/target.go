package targeting

import (
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the target against every rule the description states
// for a create (create set: the TargetCreate body's, name required) or an
// update (the TargetUpdate body's): int32 ranges, minimum lengths and
// the dimension code. It returns an *adama.ValidationError or nil. The
// rules are generated (records_gen.go, validate).
func (t *Target) Validate(create bool) error {
	var v valid.Validator
	if t == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	t.validate(&v, create)
	return v.Err()
}

// TargetService calls the target endpoints. The current paths are /targets
// and /targets/{id}; the methods with the suffix V3 call the v3.0
// interface's older /target family (marked legacy by the Campaigns API
// reference). Its methods are generated (services_gen.go).
type TargetService struct {
	g *call.Group
}
