package entity_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/adamasdk/adama-go/adama/adamatest"
	"github.com/adamasdk/adama-go/entity"
)

// A strategy's targets: replace them by target value, then change one
// dimension and read it back with its operator.
func ExampleClient_SetStrategyTargetValues() {
	ec, srv := setup(
		adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "Retarget", "campaign_id": 1}),
		adamatest.WithEntity("target_dimensions", map[string]any{"id": 7, "name": "Metro", "code": "DMAX"}),
		adamatest.WithEntity("target_values", map[string]any{"id": 70, "name": "Metro A", "target_dimension_id": 7}),
		adamatest.WithEntity("target_values", map[string]any{"id": 71, "name": "Metro B", "target_dimension_id": 7}),
	)
	defer srv.Close()
	ctx := context.Background()
	_, err := ec.SetStrategyTargetValues(ctx, 50, []entity.TargetValueDimension{
		{Code: "REGN", Restriction: entity.RestrictionInclude, ValueIDs: []int64{1, 2}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = ec.SetStrategyTargetDimension(ctx, 50, "DMAX", &entity.DimensionTargeting{TargetOp: entity.SetOpAnd, Include: []int64{70}, Exclude: []int64{71}})
	if err != nil {
		fmt.Println(err)
		return
	}
	all, err := ec.StrategyTargetValues(ctx, 50)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range all.Targets {
		fmt.Println(t.Name, "exclude:", *t.Exclude, "op:", t.TargetOp)
	}
	// Output:
	// REGN exclude: false op: OR
	// DMAX exclude: false op: AND
	// DMAX exclude: true op: AND
}

// The audience segments of a strategy that the platform retired.
func ExampleClient_StrategyRetiredAudienceSegments() {
	ec, srv := setup(
		adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "Retarget", "campaign_id": 1}),
		adamatest.WithEntity("strategy_audience_segments", map[string]any{"id": 901, "strategy_id": 50, "audience_segment_id": 2, "restriction": "INCLUDE", "retired": true}),
	)
	defer srv.Close()
	p, err := ec.StrategyRetiredAudienceSegments(context.Background(), 50, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range p.Items {
		fmt.Println("retired:", s.AudienceSegmentID, s.Restriction)
	}
	// Output:
	// retired: 2 INCLUDE
}

// A strategy's postal codes from a file, streamed with its progress.
func ExampleClient_UploadStrategyPostcodes() {
	ec, srv := setup(adamatest.WithEntity("strategies", map[string]any{"id": 50, "name": "Retarget", "campaign_id": 1}))
	defer srv.Close()
	file := strings.NewReader("10001\n10002\n10003\n") // an *os.File in practice
	ack, err := ec.UploadStrategyPostcodes(context.Background(), 50, &entity.PostcodeUpload{
		Content: file, Size: file.Size(),
		Progress: func(sent, total int64) {
			if sent == total {
				fmt.Println("sent", sent, "bytes")
			}
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ack.Status, srv.Entities().StrategyPostcodes(50))
	// Output:
	// sent 18 bytes
	// success [10001 10002 10003]
}

// A user's permissions: allow an agency, then read the document back.
func ExampleClient_AddUserPermissions() {
	ec, srv := setup(adamatest.WithEntity("users", map[string]any{"id": 5, "name": "ana", "username": "ana", "type": "AGENCY", "role": "MANAGER", "scope": "SELECT"}))
	defer srv.Close()
	ctx := context.Background()
	p, err := ec.UserPermissions(ctx, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("empty:", p.Empty())
	if _, err := ec.AddUserPermissions(ctx, 5, &entity.PermissionGrant{AgencyIDs: []int64{1}}); err != nil {
		fmt.Println(err)
		return
	}
	p, err = ec.UserPermissions(ctx, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range p.Entities.Agencies {
		fmt.Println(p.Flags.Role, "of agency", a.ID, "in organization", a.OrganizationID)
	}
	// Output:
	// empty: true
	// MANAGER of agency 1 in organization 1
}
