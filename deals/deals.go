package deals

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxPageLimit is the largest page a list returns.
const MaxPageLimit = 100

// Equal reports whether o and p name the same owner.
func (o Owner) Equal(p Owner) bool { return o.Type == p.Type && o.ID == p.ID }

// String renders "ORGANIZATION 7".
func (o Owner) String() string { return string(o.Type) + " " + strconv.FormatInt(o.ID, 10) }

func (o *Owner) check(v *valid.Validator, field string) {
	v.Require(field+".type", o.Type != "")
	if o.Type != "" {
		v.Check(o.Type.settable(), field+".type", "one of: ADVERTISER, AGENCY, ORGANIZATION", o.Type)
	}
	v.Check(o.ID > 0, field+".id", "required, a positive id", o.ID)
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

// checkPaging checks page_limit and page_offset.
func checkPaging(v *valid.Validator, limit, offset, prefetch int) {
	if limit != 0 {
		v.Range("page_limit", int64(limit), 1, MaxPageLimit)
	}
	v.Check(offset >= 0, "page_offset", "must be >= 0", offset)
	v.Check(prefetch >= 0 && prefetch <= 32, "prefetch", "must be between 0 and 32", prefetch)
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
