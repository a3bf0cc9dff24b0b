package entity

import (
	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/valid"
)

// HistoryEntry is one change of a record's history
// (/{collection}/{id}/history, last 90 days). The entry shape is not shown
// in the spec; this is the fake's and reference's shape, and other
// properties are kept in Extra.
type HistoryEntry struct {
	Common
	// Action is "create" or "update".
	Action string `json:"action,omitempty" url:"-"`
	// FieldName, OldValue and NewValue describe one changed field.
	FieldName string `json:"field_name,omitempty" url:"-"`
	OldValue  string `json:"old_value,omitempty" url:"-"`
	NewValue  string `json:"new_value,omitempty" url:"-"`
	// EntityVersion is the record's version after the change.
	EntityVersion int `json:"entity_version,omitempty" url:"-"`
	// UserID is who made the change.
	UserID int64 `json:"user_id,omitempty" url:"-"`
	// Date is when the change was made.
	Date *adama.Time `json:"date,omitempty" url:"-"`
}

func (h *HistoryEntry) check(v *valid.Validator, create bool) {}
