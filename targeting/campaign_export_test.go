package targeting

import "encoding/json"

// CampaignFamilyBodies returns the bodies Create and Update would send
// for rec (a *Campaign, *Concept or *Contract), or the validation error
// either would return before sending.
func CampaignFamilyBodies[T any](rec *T) (create, update []byte, err error) {
	var c, u any
	switch r := any(rec).(type) {
	case *Campaign:
		if c, err = r.createRequest(); err == nil {
			u, err = r.updateRequest()
		}
	case *Concept:
		if c, err = r.createRequest(); err == nil {
			u, err = r.updateRequest()
		}
	case *Contract:
		if c, err = r.createRequest(); err == nil {
			u, err = r.updateRequest()
		}
	default:
		panic("CampaignFamilyBodies: not a campaign, concept or contract")
	}
	if err != nil {
		return nil, nil, err
	}
	return c.(json.RawMessage), u.(json.RawMessage), nil
}

// CampaignFamilyUpdateBody returns the body Update would send for rec (a
// *Campaign, *Concept or *Contract), or its validation error.
func CampaignFamilyUpdateBody[T any](rec *T) ([]byte, error) {
	var u any
	var err error
	switch r := any(rec).(type) {
	case *Campaign:
		u, err = r.updateRequest()
	case *Concept:
		u, err = r.updateRequest()
	case *Contract:
		u, err = r.updateRequest()
	default:
		panic("CampaignFamilyUpdateBody: not a campaign, concept or contract")
	}
	if err != nil {
		return nil, err
	}
	return u.(json.RawMessage), nil
}
