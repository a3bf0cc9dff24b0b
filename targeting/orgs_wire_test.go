package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// exerciseOrgs runs every operation of the organizations family for
// TestWireFitsDescription; advertiserID is an advertiser already made.
func exerciseOrgs(ctx context.Context, t *testing.T, tc *targeting.Client, advertiserID int64) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		require.NoError(t, err)
	}
	o := newOrganization()
	o.Address2, o.HoldingOrgID = adama.Ptr("Suite 2"), adama.Ptr[int64](8)
	org, err := tc.Organizations.Create(ctx, o)
	must(err)
	_, err = tc.Organizations.List(ctx, &targeting.OrganizationListOptions{Full: true,
		ListOptions: targeting.ListOptions{SortBy: []string{"-id"}, Q: qlang.Where("status", qlang.Eq, true)}})
	must(err)
	_, err = tc.Organizations.List(ctx, nil)
	must(err)
	_, err = tc.Organizations.Modify(ctx, org.ID, func(o *targeting.Organization) error {
		o.Address2, o.HoldingOrgID, o.Terminated = nil, nil, adama.Ptr(true)
		return nil
	})
	must(err)
	_, err = tc.Organizations.History(ctx, org.ID, &targeting.HistoryOptions{PageLimit: 5})
	must(err)
	_, err = tc.Organizations.AuditLog(ctx, []int64{org.ID}, &targeting.HistoryOptions{PageLimit: 5})
	must(err)
	_, err = tc.Organizations.UpdateSettings(ctx, org.ID, []targeting.OrganizationSetting{{Key: "a", Value: adama.Ptr("1")}, {Key: "b"}})
	must(err)
	_, err = tc.Organizations.Settings(ctx, org.ID)
	must(err)

	ag, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Agency", OrganizationID: org.ID, AdsTxtVerified: targeting.AdsTxtVerifiedAny})
	must(err)
	_, err = tc.Agencies.List(ctx, &targeting.AgencyListOptions{WithOrganization: true})
	must(err)
	_, err = tc.Agencies.List(ctx, &targeting.AgencyListOptions{Full: true})
	must(err)
	_, err = tc.Agencies.Get(ctx, ag.ID)
	must(err)
	_, err = tc.Agencies.GetExtended(ctx, ag.ID)
	must(err)
	_, err = tc.Agencies.Modify(ctx, ag.ID, func(a *targeting.Agency) error {
		a.DMPEnabled = targeting.DMPEnabledDisabled
		return nil
	})
	must(err)
	_, err = tc.Agencies.History(ctx, ag.ID, nil)
	must(err)
	_, err = tc.Agencies.AuditLog(ctx, []int64{ag.ID}, nil)
	must(err)
	_, err = tc.Advertisers.AuditLog(ctx, []int64{advertiserID}, nil)
	must(err)

	u, err := tc.Users.Create(ctx, newUser())
	must(err)
	_, err = tc.Users.List(ctx, &targeting.ListOptions{SortBy: []string{"-id"}})
	must(err)
	_, err = tc.Users.Get(ctx, u.ID)
	must(err)
	_, err = tc.Users.GetExtended(ctx, u.ID)
	must(err)
	_, err = tc.Users.Modify(ctx, u.ID, func(x *targeting.User) error {
		x.Password, x.Active = "longer-secret", adama.Ptr(false)
		return nil
	})
	must(err)
	_, err = tc.Users.History(ctx, u.ID, nil)
	must(err)
	_, err = tc.Users.UpdateSettings(ctx, u.ID, []targeting.UserSetting{{Name: "a", Value: adama.Ptr("1")}, {Name: "b"}})
	must(err)
	_, err = tc.Users.Settings(ctx, u.ID)
	must(err)
}
