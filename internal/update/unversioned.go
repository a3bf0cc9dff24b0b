package update

import (
	"bytes"
	"encoding/json"

	"github.com/adamasdk/adama-go/internal/valid"
)

// Unversioned is Body for a record whose update body carries no version
// (the reference's segment groups and audience vendors): what changed
// since the read, in now's order, with the same rules.
func Unversioned(v *valid.Validator, now, before []byte, createOnly, fixed []string, check func(*valid.Validator)) (any, error) {
	body, err := Body(v, now, before, 0, createOnly, fixed, check)
	if err != nil {
		return nil, err
	}
	b := []byte(body.(json.RawMessage))
	const head = `{"version":0`
	if !bytes.HasPrefix(b, []byte(head)) {
		return body, nil
	}
	rest := b[len(head):]
	if len(rest) > 0 && rest[0] == ',' {
		rest = rest[1:]
	}
	return json.RawMessage(append([]byte("{"), rest...)), nil
}
