package deals

import (
	"strings"

	"github.com/adamasdk/adama-go/internal/valid"
)

func (o *StrategyListOptions) validate() error {
	var v valid.Validator
	for _, e := range o.With {
		checkEnum(&v, "with", e)
	}
	v.Check(!strings.ContainsAny(o.SortBy, ",&="), "sort_by", "must be a property name", o.SortBy)
	checkPaging(&v, o.PageLimit, o.PageOffset, 0, false)
	return v.Err()
}
