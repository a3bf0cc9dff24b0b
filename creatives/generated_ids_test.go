package creatives_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
)

// TestGeneratedMethodsCheckIDs holds the generated methods (services_gen.go)
// to the rule the hand-written ones follow: a path id outside 1 to
// 2147483647 is refused before sending, naming the path parameter.
func TestGeneratedMethodsCheckIDs(t *testing.T) {
	cc, srv := newTestClient(t)
	ctx := context.Background()
	tests := []struct {
		name, field string
		call        func(id int64) error
	}{
		{"Videos.DeleteHistory", "creativeId", func(id int64) error { return cc.Videos.DeleteHistory(ctx, id) }},
		{"Companions.Get creative", "creativeId", func(id int64) error { _, err := cc.Companions.Get(ctx, id, 1); return err }},
		{"Companions.Get companion", "companionId", func(id int64) error { _, err := cc.Companions.Get(ctx, 1, id); return err }},
		{"Companions.Delete creative", "creativeId", func(id int64) error { return cc.Companions.Delete(ctx, id, 1) }},
		{"Companions.Delete companion", "companionId", func(id int64) error { return cc.Companions.Delete(ctx, 1, id) }},
		{"Classifications.Get", "cid", func(id int64) error { _, err := cc.Classifications.Get(ctx, id); return err }},
		{"Classifications.Inflate", "cid", func(id int64) error { _, err := cc.Classifications.Inflate(ctx, id); return err }},
		{"Assets.Get", "asset_id", func(id int64) error { _, err := cc.Assets.Get(ctx, id); return err }},
		{"Components.Get", "component_id", func(id int64) error { _, err := cc.Components.Get(ctx, id); return err }},
	}
	for _, tt := range tests {
		for _, id := range []int64{0, -1, 2147483648} {
			t.Run(tt.name, func(t *testing.T) {
				err := tt.call(id)
				var ve *adama.ValidationError
				require.ErrorAs(t, err, &ve)
				assert.True(t, ve.Has(tt.field, "between 1 and 2147483647"), ve.Error())
			})
		}
	}
	assert.Empty(t, srv.Requests(), "nothing invalid was sent")
}
