package targeting

import "encoding/json"

// Unread returns a copy of rec (an *Attachment, *Target or *Advertiser)
// without the snapshot kept for Update, so tests can compare a record read
// with one built by hand.
func Unread[T any](rec *T) *T {
	if rec == nil {
		return nil
	}
	c := *rec
	switch r := any(&c).(type) {
	case *Attachment:
		r.raw = nil
	case *Target:
		r.raw = nil
	case *Advertiser:
		r.raw = nil
	}
	return &c
}

// UpdateBody returns the body Update would send for rec (an *Attachment,
// *Target or *Advertiser), or the validation error it would return
// before sending.
func UpdateBody[T any](rec *T) ([]byte, error) {
	var body any
	var err error
	switch r := any(rec).(type) {
	case *Attachment:
		body, err = r.updateRequest()
	case *Target:
		body, err = r.updateRequest()
	case *Advertiser:
		body, err = r.updateRequest()
	case *Strategy:
		body, err = r.updateRequest()
	default:
		panic("UpdateBody: not a record with Update")
	}
	if err != nil {
		return nil, err
	}
	return body.(json.RawMessage), nil
}

// PermissionUpdateBody returns the validation error Update would return
// for u before sending, or nil.
func PermissionUpdateBody(u *UserPermissions) error {
	_, err := u.updateBody()
	return err
}
