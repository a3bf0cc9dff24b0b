package targeting

import "encoding/json"

// SavedBody is the body Update sends for a record of the atomic
// creatives, pixel bundles or marketplaces (any record with a generated
// updateRequest), as JSON.
func SavedBody(rec interface{ updateRequest() (any, error) }) ([]byte, error) {
	body, err := rec.updateRequest()
	if err != nil {
		return nil, err
	}
	return json.Marshal(body)
}

// CreatedBody is the body Create sends for such a record, as JSON.
func CreatedBody(rec interface{ createRequest() (any, error) }) ([]byte, error) {
	body, err := rec.createRequest()
	if err != nil {
		return nil, err
	}
	return json.Marshal(body)
}
