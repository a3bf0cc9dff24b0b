package targeting_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/qlang"
	"github.com/adamasdk/adama-go/targeting"
)

// TestOrgsExactRequests pins the bytes of every write of organizations
// and agencies and of the audit logs.
func TestOrgsExactRequests(t *testing.T) {
	defer gock.Off()
	tc := gockClient(t)
	ctx := context.Background()
	ok := func(data any) map[string]any {
		return map[string]any{"data": data, "meta": map[string]any{"status": "success"}}
	}
	page := map[string]any{"data": []any{}, "meta": map[string]any{"status": "success", "count": 0}}
	tests := []struct {
		name string
		mock func()
		run  func() error
	}{
		{"create organization", func() {
			expect("POST", "/api/v3.0/organizations").MatchType("json").
				BodyString(`{"name":"Org One","org_type":["buyer"],"status":true,"website":"https://org.example","mm_contact_name":"Ann","adx_seat_account_id":1,"connected_id_type":"DETERMINISTIC_FIRST","contact_name":"Bob","address_1":"1 Main St","city":"Springfield","state":"IL","zip":"62701","country":"US","phone":"+1 555 0100","currency_code":"USD","billing_country_code":"US","dmp_enabled":"enabled"}`).
				Reply(201).JSON(ok(map[string]any{"id": 7, "name": "Org One"}))
		}, func() error {
			_, err := tc.Organizations.Create(ctx, newOrganization())
			return err
		}},
		{"update organization", func() {
			expect("POST", "/api/v3.0/organizations/7").MatchType("json").
				BodyString(`{"version":3,"terminated":true,"address_2":null}`).
				Reply(200).JSON(ok(map[string]any{"id": 7, "name": "Org One", "version": 4}))
		}, func() error {
			o := read[targeting.Organization](t, `{"id":7,"name":"Org One","terminated":false,"address_2":"Suite 1","version":3,"seats":[{"data":{"id":1,"supply_source_id":5,"seat_identifier":"s"}}]}`)
			o.Terminated, o.Address2 = adama.Ptr(true), nil
			_, err := tc.Organizations.Update(ctx, o)
			return err
		}},
		{"organization list full", func() {
			expect("GET", "/api/v3.0/organizations").MatchParams(exact(map[string]string{"full": "*", "sort_by": "-name"})).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Organizations.List(ctx, &targeting.OrganizationListOptions{Full: true, ListOptions: targeting.ListOptions{SortBy: []string{"-name"}}})
			return err
		}},
		{"organization settings", func() {
			expect("POST", "/api/v3.0/organizations/7/settings").MatchType("json").
				BodyString(`{"settings":[{"key":"attribute3","value":"value3"},{"key":"old","value":null}]}`).
				Reply(200).JSON(ok(map[string]any{"settings": []any{map[string]any{"key": "attribute3", "value": "value3"}},
				"entity": map[string]any{"id": 7, "name": "Org One", "settings_total": 1, "type": "organization"}}))
		}, func() error {
			s, err := tc.Organizations.UpdateSettings(ctx, 7, []targeting.OrganizationSetting{{Key: "attribute3", Value: adama.Ptr("value3")}, {Key: "old"}})
			if err == nil {
				assert.Equal(t, "Org One", s.Entity.Name)
			}
			return err
		}},
		{"organization audit log", func() {
			expect("POST", "/api/v3.0/audit_log/organizations").MatchParams(exact(map[string]string{"page_limit": "5"})).MatchType("json").
				BodyString(`{"id":[7,8]}`).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Organizations.AuditLog(ctx, []int64{7, 8}, &targeting.HistoryOptions{PageLimit: 5})
			return err
		}},
		{"create agency", func() {
			expect("POST", "/api/v3.0/agencies").MatchType("json").
				BodyString(`{"name":"Agency","organization_id":7,"allow_x_adv_pixels":false,"mfa_avoidance":"INHERIT"}`).
				Reply(201).JSON(ok(map[string]any{"id": 9, "name": "Agency"}))
		}, func() error {
			_, err := tc.Agencies.Create(ctx, &targeting.Agency{Name: "Agency", OrganizationID: 7, AllowXAdvPixels: adama.Ptr(false),
				MFAAvoidance: targeting.MFAAvoidanceInherit})
			return err
		}},
		{"update agency", func() {
			expect("POST", "/api/v3.0/agencies/9").MatchType("json").BodyString(`{"version":2,"logo":"https://l2.example"}`).
				Reply(200).JSON(ok(map[string]any{"id": 9, "name": "Agency"}))
		}, func() error {
			a := read[targeting.Agency](t, `{"id":9,"name":"Agency","organization_id":7,"logo":"https://l.example","version":2}`)
			a.Logo = "https://l2.example"
			_, err := tc.Agencies.Update(ctx, a)
			return err
		}},
		{"agency list with organization", func() {
			expect("GET", "/api/v3.0/agencies").MatchParams(exact(map[string]string{"with": "organization", "full": "*"})).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Agencies.List(ctx, &targeting.AgencyListOptions{WithOrganization: true, Full: true})
			return err
		}},
		{"agency extended", func() {
			expect("GET", "/api/v3.0/agencies/9").MatchParam("extended", "^true$").Reply(200).JSON(ok(map[string]any{"id": 9}))
		}, func() error {
			_, err := tc.Agencies.GetExtended(ctx, 9)
			return err
		}},
		{"agency audit log", func() {
			expect("POST", "/api/v3.0/audit_log/agencies").MatchType("json").BodyString(`{"id":[9]}`).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Agencies.AuditLog(ctx, []int64{9}, nil)
			return err
		}},
		{"advertiser audit log", func() {
			expect("POST", "/api/v3.0/audit_log/advertisers").MatchParams(exact(map[string]string{"page_offset": "10"})).MatchType("json").
				BodyString(`{"id":[5]}`).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Advertisers.AuditLog(ctx, []int64{5}, &targeting.HistoryOptions{PageOffset: 10})
			return err
		}},
		{"create user", func() {
			expect("POST", "/api/v3.0/users").MatchType("json").
				BodyString(`{"username":"ann@example.com","title":"Trader","first_name":"Ann","last_name":"Lee","phone":"+1 555 0101","roles":[3]}`).
				Reply(201).JSON(ok(map[string]any{"id": 4, "username": "ann@example.com"}))
		}, func() error {
			_, err := tc.Users.Create(ctx, newUser())
			return err
		}},
		{"update user sends the required names and roles", func() {
			expect("POST", "/api/v3.0/users/4").MatchType("json").
				BodyString(`{"version":2,"first_name":"Ann","last_name":"Lee","roles":[3],"active":false}`).
				Reply(200).JSON(ok(map[string]any{"id": 4}))
		}, func() error {
			u := read[targeting.User](t, `{"id":4,"username":"ann@example.com","first_name":"Ann","last_name":"Lee","roles":[3],"active":true,"version":2}`)
			u.Active = adama.Ptr(false)
			_, err := tc.Users.Update(ctx, u)
			return err
		}},
		{"user settings", func() {
			expect("POST", "/api/v3.0/users/4/settings").MatchType("json").
				BodyString(`{"settings":[{"name":"theme","value":"dark"}]}`).
				Reply(200).JSON(map[string]any{"data": map[string]any{"settings": []any{map[string]any{"name": "theme", "value": "dark"}}},
				"status": map[string]any{"code": "ok"}, "user": map[string]any{"id": 4, "type": "user", "name": "Ann Lee"}})
		}, func() error {
			s, err := tc.Users.UpdateSettings(ctx, 4, []targeting.UserSetting{{Name: "theme", Value: adama.Ptr("dark")}})
			if err == nil {
				assert.Equal(t, int64(4), s.User.ID)
				assert.Equal(t, "dark", *s.Settings[0].Value)
			}
			return err
		}},
		{"vendors with detect_domains", func() {
			expect("GET", "/api/v3.0/vendors").MatchParams(exact(map[string]string{"detect_domains": "true", "q": "name==x"})).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Vendors.List(ctx, &targeting.VendorListOptions{DetectDomains: true, ListOptions: targeting.ListOptions{Q: qlang.Where("name", qlang.Eq, "x")}})
			return err
		}},
		{"timezones", func() {
			expect("GET", "/api/v3.0/timezones").MatchParams(exact(map[string]string{"sort_by": "-name", "page_limit": "3"})).Reply(200).JSON(page)
		}, func() error {
			_, err := tc.Timezones.List(ctx, &targeting.TimezoneListOptions{SortBy: "-name", PageLimit: 3})
			return err
		}},
		{"search", func() {
			expect("GET", "/api/v3.0/search").MatchParams(exact(map[string]string{"name": "acme co", "limit": "20", "active_only": "true"})).
				Reply(200).JSON(ok(map[string]any{"organizations": []any{}, "agencies": []any{}, "advertisers": []any{map[string]any{"id": 3, "name": "Acme Co"}}}))
		}, func() error {
			r, err := tc.Search.Entities(ctx, &targeting.SearchOptions{Name: "acme co", Limit: 20, ActiveOnly: adama.Ptr(true)})
			if err == nil {
				assert.Equal(t, []targeting.SearchHit{{ID: 3, Name: "Acme Co"}}, r.Advertisers)
			}
			return err
		}},
		{"healthcheck without envelope", func() {
			expect("GET", "/api/v3.0/healthcheck").Reply(200).JSON(map[string]any{"build_version": "1.2", "database_connection": false})
		}, func() error {
			h, err := tc.Health.Check(ctx)
			if err == nil {
				assert.Equal(t, "1.2", h.BuildVersion)
				assert.Equal(t, adama.Ptr(false), h.DatabaseConnection)
			}
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer gock.Off()
			tt.mock()
			require.NoError(t, tt.run())
			assert.True(t, gock.IsDone(), "the request did not match")
		})
	}
}
