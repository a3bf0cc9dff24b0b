package deals

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/pager"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxPageLimit is the largest page a list returns (page_limit's maximum
// in the description).
const MaxPageLimit = pageLimitMaximum

// Equal reports whether o and p name the same owner.
func (o Owner) Equal(p Owner) bool { return o.Type == p.Type && o.ID == p.ID }

// String renders "ORGANIZATION 7".
func (o Owner) String() string { return string(o.Type) + " " + strconv.FormatInt(o.ID, 10) }

// checkOwner checks the rule no schema states (x-go-validate-also, called
// by the generated validateAt): INTERNAL, the platform's own owner type,
// is read but cannot be set.
func (o *Owner) checkOwner(v *valid.Validator, at string, _ bool) {
	if o.Type != "" && o.Type.Valid() && !o.Type.settable() {
		v.Add(valid.Path(at, "type"), "one of: ADVERTISER, AGENCY, ORGANIZATION", string(o.Type))
	}
}

// query helpers

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func setID(q url.Values, key string, id int64) {
	if id != 0 {
		q.Set(key, strconv.FormatInt(id, 10))
	}
}

func setIDs(q url.Values, key string, ids []int64) {
	if len(ids) > 0 {
		q.Set(key, joinIDs(ids))
	}
}

// checkPaging checks page_limit (0 leaves it to the server) and
// page_offset by the limits of the description (records_gen.go), and the
// SDK's prefetch.
func checkPaging(v *valid.Validator, limit, offset, prefetch int, speculate bool) {
	if limit != 0 {
		checkPageLimit(v, int64(limit))
	}
	checkPageOffset(v, int64(offset))
	pager.Check(v, prefetch, speculate)
}

func checkIDs(v *valid.Validator, field string, ids []int64) {
	for i, id := range ids {
		v.Check(id >= 1 && id <= 2147483647, field+"["+strconv.Itoa(i)+"]", "must be between 1 and 2147483647", id)
	}
}

func checkID(id int64) error {
	if id <= 0 {
		var v valid.Validator
		v.Add("id", "must be a positive id", id)
		return v.Err()
	}
	return nil
}
