package targeting_test

import (
	"context"
	"fmt"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/targeting"
)

func ExampleOrganizationService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	org, err := tc.Organizations.Create(ctx, &targeting.Organization{
		Name: "Org One", Status: adama.Ptr(true), MMContactName: "Ann", ADXSeatAccountID: 1,
		ConnectedIDType: targeting.ConnectedIDTypeDeterministicFirst, ContactName: "Bob", Address1: "1 Main St",
		City: "Springfield", State: "IL", Zip: "62701", Country: "US", Phone: "+1 555 0100",
		CurrencyCode: "USD", BillingCountryCode: "US", DMPEnabled: targeting.OrganizationDMPEnabledEnabled,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	org, err = tc.Organizations.Modify(ctx, org.ID, func(o *targeting.Organization) error {
		o.SuspiciousTrafficFilterLevel = adama.Ptr[int64](25)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(org.ID, org.Name, *org.SuspiciousTrafficFilterLevel, org.Version)

	set, err := tc.Organizations.UpdateSettings(ctx, org.ID, []targeting.OrganizationSetting{{Key: "region", Value: adama.Ptr("emea")}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(set.Settings[0].Key, *set.Settings[0].Value)

	log, err := tc.Organizations.AuditLog(ctx, []int64{org.ID}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range log.Items {
		fmt.Println(e.Action, e.Collection, e.EntityID)
	}
	// Output:
	// 1 Org One 25 2
	// region emea
	// create organizations 1
	// update organizations 1
}

func ExampleAgencyService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	ag, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Agency One", OrganizationID: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	ext, err := tc.Agencies.GetExtended(ctx, ag.ID)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ext.Name, ext.MFAAvoidance, ext.InheritedMFAAvoidance, ext.InheritedMFAFrom)
	// Output: Agency One INHERIT ALLOW_ALL Organization
}

func ExampleUserService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	u, err := tc.Users.Create(ctx, &targeting.User{Username: "ann@example.com", FirstName: "Ann", LastName: "Lee", Roles: []int64{3}})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Update sends first_name, last_name and roles with every change, as
	// the platform requires them.
	u, err = tc.Users.Modify(ctx, u.ID, func(x *targeting.User) error {
		x.Title = "Lead trader"
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.ID, u.Username, u.Title, u.Roles, u.Version)

	set, err := tc.Users.UpdateSettings(ctx, u.ID, []targeting.UserSetting{{Name: "theme", Value: adama.Ptr("dark")}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(set.User.Name, set.Settings[0].Name, *set.Settings[0].Value)
	// Output:
	// 1 ann@example.com Lead trader [3] 2
	// Ann Lee theme dark
}

func ExampleVendorService() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	// The read-only lists page like every list; full asks for every
	// property.
	for v, err := range tc.Vendors.All(ctx, &targeting.VendorListOptions{Full: true}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(v.ID, v.Name, v.VendorType, v.RateCardType, v.RateCardPrice)
	}
	// Output:
	// 1 cloud1 data DATA CPM 0.5
	// 2 cloud2 verification AD_VERIFICATION FIXED 100
}

func ExampleSearchService_Entities() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	if _, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Acme Media", OrganizationID: 1}); err != nil {
		fmt.Println(err)
		return
	}
	res, err := tc.Search.Entities(ctx, &targeting.SearchOptions{Name: "acme"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range res.Agencies {
		fmt.Println(a.EntityType, a.ID, a.Name)
	}
	// Output: agency 1 Acme Media
}
