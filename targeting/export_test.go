package targeting

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
	switch r := any(rec).(type) {
	case *Attachment:
		return newAttachmentService(nil).r.updateBody(r)
	case *Target:
		return newTargetService(nil).r.updateBody(r)
	case *Advertiser:
		return newAdvertiserService(nil).r.updateBody(r)
	}
	panic("UpdateBody: not a record with Update")
}

// PermissionUpdateBody returns the validation error Update would return
// for u before sending, or nil.
func PermissionUpdateBody(u *UserPermissions) error {
	_, err := u.updateBody()
	return err
}
