package targeting

import "encoding/json"

// Updater is a record whose Update body the package builds.
type Updater interface{ updateRequest() (any, error) }

// UpdateBodyOf returns the body Update would send for rec, or the
// validation error it would return before sending.
func UpdateBodyOf(rec Updater) ([]byte, error) {
	body, err := rec.updateRequest()
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}
