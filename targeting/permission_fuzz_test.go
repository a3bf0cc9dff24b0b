package targeting_test

import (
	"encoding/json"
	"testing"

	"github.com/adamasdk/adama-go/targeting"
)

// FuzzPermissionDecode feeds arbitrary JSON to every permission record
// decoder: decoding never panics, and a record that decodes writes JSON
// that decodes again to the same JSON.
func FuzzPermissionDecode(f *testing.F) {
	for _, name := range []string{"permission_list.json", "permission_list_platform.json", "permissions_organizations.json",
		"user_permissions_response.json", "permissions_v2.json", "permission_campaign_users.json", "permission_campaign_users_platform.json"} {
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(readTestdata(f, name), &env); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(env.Data))
	}
	f.Add([]byte(`{"organization_id":"1.0","create":"on","roles":["4",5],"permission":{"read":1},"permissions":{"agencies":[{"id":"2","propogate":"0"}]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(v any, fresh func() any) {
			if err := json.Unmarshal(b, v); err != nil {
				return
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%T decoded but does not encode: %v", v, err)
			}
			again := fresh()
			if err := json.Unmarshal(out, again); err != nil {
				t.Fatalf("%T: its own output %s does not decode: %v", v, out, err)
			}
			out2, err := json.Marshal(again)
			if err != nil || string(out2) != string(out) {
				t.Fatalf("%T: round trip changed %s into %s (%v)", v, out, out2, err)
			}
		}
		check(new(targeting.EntityPermission), func() any { return new(targeting.EntityPermission) })
		check(new(targeting.PermissionList), func() any { return new(targeting.PermissionList) })
		check(new(targeting.UserPermissions), func() any { return new(targeting.UserPermissions) })
		check(new(targeting.PermittedUser), func() any { return new(targeting.PermittedUser) })
		check(new(targeting.PermissionsV2), func() any { return new(targeting.PermissionsV2) })
		var list []targeting.PermittedUser
		_ = json.Unmarshal(b, &list)
	})
}
