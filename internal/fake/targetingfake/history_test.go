package targetingfake

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStoreHistory(t *testing.T) {
	st := NewStore()
	st.logChange(Strategies, 1, "create", nil, map[string]any{"name": "a"})
	st.logChange(Strategies, 1, "update", map[string]any{"name": "a"}, map[string]any{"name": "b"})
	st.logChange(Campaigns, 1, "create", nil, map[string]any{"name": "c"})
	st.logChange(Campaigns, 1, "update", map[string]any{"name": "c"}, map[string]any{"name": "d"})
	st.logChange(Permissions, 2, "create", nil, map[string]any{"name": "u"})
	st.logChange(NewStrategyGroups, 3, "update", map[string]any{"id": 3, "name": "g"}, map[string]any{"id": 4, "name": "h"}, "id")

	actions := func(es []map[string]any) []any {
		var out []any
		for _, e := range es {
			out = append(out, e["action"])
		}
		return out
	}
	tests := []struct {
		name       string
		coll       string
		ids        []int64
		actions    []any
		collection string
	}{
		{"in order of change", Strategies, []int64{1}, []any{"create", "update"}, "strategies"},
		{"campaigns newest first", Campaigns, []int64{1}, []any{"update", "create"}, "campaigns"},
		{"one collection's log is not another's", Concepts, []int64{1}, nil, ""},
		{"user records name users", Permissions, []int64{2}, []any{"create"}, "users"},
		{"strategy groups name strategy_groups", NewStrategyGroups, []int64{3}, []any{"update"}, "strategy_groups"},
		{"by id, ids without changes add none", Strategies, []int64{9, 1}, []any{"create", "update"}, "strategies"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es := st.changes(tt.coll, tt.ids...)
			assert.Equal(t, tt.actions, actions(es))
			for _, e := range es {
				assert.Equal(t, tt.collection, e["collection"])
			}
		})
	}
	es := st.changes(NewStrategyGroups, 3)
	assert.Equal(t, []map[string]any{{"field_name": "name", "old_value": "g", "new_value": "h"}}, es[0]["fields"], "skip leaves id out")
}
