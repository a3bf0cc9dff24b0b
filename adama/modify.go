package adama

// DefaultModifyAttempts is how many read-change-save rounds every group's
// Modify makes before it gives up on version conflicts and returns the
// last one (errors.Is ErrConflict).
const DefaultModifyAttempts = 5
