package targeting

import "encoding/json"

// AudienceUpdateBody returns the body Update would send for rec (a
// *SegmentGroup or *AudienceVendor), or the validation error it would
// return before sending.
func AudienceUpdateBody(rec any) ([]byte, error) {
	var body any
	var err error
	switch r := rec.(type) {
	case *SegmentGroup:
		body, err = r.updateRequest()
	case *AudienceVendor:
		body, err = r.updateRequest()
	default:
		panic("AudienceUpdateBody: not a segment group or an audience vendor")
	}
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}
