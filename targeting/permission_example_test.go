package targeting_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/targeting"
)

func ExamplePermissionService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	// The fake keeps its users in the Users collection of its targeting handle.
	srv.Targeting().Users().AddRaw(map[string]any{"id": 5, "username": "ann@example",
		"campaigns": []any{map[string]any{"campaign_id": 71, "read": true, "update": true}}})

	// Grant agencies 12 and 14 (the agency level is replaced, the others
	// are left as they are); the answer lists the user's grants.
	u, err := tc.Permissions.Update(ctx, &targeting.UserPermissions{ID: 5,
		Permissions: &targeting.Grants{Agencies: []targeting.Grant{{ID: 12}, {ID: 14}}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range u.Permissions.Agencies {
		fmt.Println("agency", g.ID, "read", g.Read, "update", g.Update)
	}

	// Every permission of the user, per level.
	l, err := tc.Permissions.Get(ctx, 5, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(l.Agencies), "agencies,", len(l.Campaigns), "campaign")

	// Who may touch campaign 71.
	for user, err := range tc.Permissions.AllCampaignUsers(ctx, 71, nil) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(user.Username, "update", user.Permission.Update)
	}

	// Rules are checked before sending.
	u.Permissions.Advertisers = []targeting.Grant{{ID: 0}}
	_, err = tc.Permissions.Update(ctx, u)
	fmt.Println(err)
	// Output:
	// agency 12 read true update true
	// agency 14 read true update true
	// 2 agencies, 1 campaign
	// ann@example update true
	// adama: invalid request: permissions.advertiser_ids[0]: must be between 1 and 2147483647 (got 0)
}
