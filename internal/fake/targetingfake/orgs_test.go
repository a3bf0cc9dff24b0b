package targetingfake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const orgBody = `{"name":"Org","status":true,"mm_contact_name":"Ann","adx_seat_account_id":1,"connected_id_type":"DETERMINISTIC_FIRST",
"contact_name":"Bob","address_1":"1 Main St","city":"Town","state":"NY","zip":"10001","country":"US","phone":"+1 555",
"currency_code":"USD","billing_country_code":"US","dmp_enabled":"enabled"}`

func TestOrganizationRules(t *testing.T) {
	ts, _ := serve(t)
	a := do(t, ts, "POST", "/organizations", `{"name":"Org"}`)
	assert.Equal(t, 400, a.status)
	assert.Contains(t, errorFields(a), "mm_contact_name", "every required field is named")
	assert.Contains(t, errorFields(a), "dmp_enabled")

	a = do(t, ts, "POST", "/organizations", `{"name":"Org","status":true,"mm_contact_name":"Ann","adx_seat_account_id":1,"connected_id_type":"OTHER",
"contact_name":"Bob","address_1":"1","city":"T","state":"NYC","zip":"1","country":"US","phone":"1","currency_code":"USD",
"billing_country_code":"US","dmp_enabled":"inherits","org_type":["buyer","buyer"],"seats":[{"seat_identifier":""}],"id":3}`)
	assert.Equal(t, 400, a.status)
	assert.ElementsMatch(t, []string{"connected_id_type", "state", "dmp_enabled", "org_type[1]", "seats[0].supply_source_id",
		"seats[0].seat_identifier", "id"}, errorFields(a), "enums, lengths, arrays and the read-only id")

	a = do(t, ts, "POST", "/organizations", orgBody[:len(orgBody)-1]+`,"seats":[{"supply_source_id":5,"seat_identifier":"s-1"}]}`)
	require.Equal(t, 201, a.status, a.body)
	data := a.body["data"].(map[string]any)
	seat := data["seats"].([]any)[0].(map[string]any)["data"].(map[string]any)
	assert.Equal(t, "PCT_MEDIA", seat["rmx_exchange_cost_unit"], "each seat answered inside data with its defaults")
	assert.Equal(t, "s-1", seat["seat_identifier"])

	a = do(t, ts, "POST", "/organizations/1", `{"version":0,"name":"Org 2"}`)
	assert.Equal(t, 409, a.status, "a stale version")
	a = do(t, ts, "POST", "/organizations/1", `{"name":"Org 2"}`)
	assert.Equal(t, []string{"version"}, errorFields(a))
	a = do(t, ts, "POST", "/organizations/1", `{"version":1,"terminated":true}`)
	assert.Equal(t, 200, a.status)

	a = do(t, ts, "GET", "/organizations", "")
	assert.Equal(t, []any{map[string]any{"id": float64(1), "name": "Org", "entity_type": "organization"}}, a.body["data"])

	a = do(t, ts, "POST", "/audit_log/organizations", `{"id":[]}`)
	assert.Equal(t, []string{"id"}, errorFields(a))
	a = do(t, ts, "POST", "/audit_log/organizations", `{"id":[1, "2"]}`)
	assert.Equal(t, []string{"id[1]"}, errorFields(a))
	a = do(t, ts, "POST", "/audit_log/organizations?page_limit=1", `{"id":[1]}`)
	assert.Equal(t, 200, a.status)
	assert.Len(t, a.body["data"], 1)
	assert.Equal(t, float64(2), a.body["meta"].(map[string]any)["total_count"])

	a = do(t, ts, "POST", "/organizations/1/settings", `{"settings":[{"value":"x"}]}`)
	assert.Equal(t, []string{"settings[0].key"}, errorFields(a))
	a = do(t, ts, "POST", "/organizations/9/settings", `{"settings":[]}`)
	assert.Equal(t, 404, a.status)
}

func TestAgencyRules(t *testing.T) {
	ts, _ := serve(t)
	a := do(t, ts, "POST", "/agencies", `{"name":""}`)
	assert.ElementsMatch(t, []string{"organization_id", "name"}, errorFields(a))
	a = do(t, ts, "POST", "/agencies", `{"name":"A","organization_id":1,"dmp_enabled":"enabled"}`)
	assert.Equal(t, []string{"dmp_enabled"}, errorFields(a), "an agency's set is not an organization's")
	require.Equal(t, 201, do(t, ts, "POST", "/organizations", orgBody).status)
	a = do(t, ts, "POST", "/agencies", `{"name":"A","organization_id":7}`)
	assert.Equal(t, []string{"organization_id"}, errorFields(a), "an organization the store does not hold")
	a = do(t, ts, "POST", "/agencies", `{"name":"A","organization_id":1}`)
	require.Equal(t, 201, a.status)
	assert.Equal(t, "INHERIT", a.body["data"].(map[string]any)["mfa_avoidance"])
	a = do(t, ts, "GET", "/agencies/1?extended=true", "")
	assert.Equal(t, "ALLOW_ALL", a.body["data"].(map[string]any)["inherited_mfa_avoidance"])
	a = do(t, ts, "GET", "/agencies?with=org", "")
	assert.Equal(t, []string{"with"}, errorFields(a))
	a = do(t, ts, "POST", "/agencies/1", `{"version":1,"organization_id":2}`)
	assert.Equal(t, []string{"organization_id"}, errorFields(a), "only a create sets the organization")
}

func TestUserRules(t *testing.T) {
	ts, st := serve(t)
	a := do(t, ts, "POST", "/users", `{"username":"a@example","first_name":"","roles":[0,"2"],"password":"x"}`)
	assert.ElementsMatch(t, []string{"last_name", "first_name", "roles[0]", "roles[1]", "password"}, errorFields(a))
	a = do(t, ts, "POST", "/users", `{"username":"a@example","first_name":"A","last_name":"B","roles":[3]}`)
	require.Equal(t, 201, a.status, a.body)
	data := a.body["data"].(map[string]any)
	assert.Equal(t, map[string]any{"organizations": []any{}, "agencies": []any{}, "advertisers": []any{}}, data["permissions"])
	assert.NotContains(t, data, "organizations", "the grant lists the store keeps are not a user record's")
	assert.Equal(t, 1, st.Len(Permissions), "the user is the permission listings' user")

	a = do(t, ts, "POST", "/users/1", `{"version":1,"title":"T"}`)
	assert.ElementsMatch(t, []string{"first_name", "last_name", "roles"}, errorFields(a), "the update body requires them")
	a = do(t, ts, "POST", "/users/1", `{"version":1,"first_name":"A","last_name":"B","roles":[3],"username":"b@example"}`)
	assert.Equal(t, []string{"username"}, errorFields(a), "only a create sets the username")
	a = do(t, ts, "POST", "/users/1", `{"version":1,"first_name":"A","last_name":"B","roles":[3],"password":"long-enough"}`)
	require.Equal(t, 200, a.status)
	assert.NotContains(t, a.body["data"], "password")
	a = do(t, ts, "GET", "/users/1/settings", "")
	assert.Equal(t, map[string]any{"code": "ok"}, a.body["status"], "the reference's own envelope")
	a = do(t, ts, "POST", "/users/1/settings", `{"settings":[{"name":"","value":"x"}]}`)
	assert.Equal(t, []string{"settings[0].name"}, errorFields(a))
	a = do(t, ts, "GET", "/users/1?extended=yes", "")
	assert.Equal(t, []string{"extended"}, errorFields(a))
}

func TestGeneralRules(t *testing.T) {
	ts, _ := serve(t)
	a := do(t, ts, "GET", "/search?limit=0", "")
	assert.ElementsMatch(t, []string{"name", "limit"}, errorFields(a))
	a = do(t, ts, "GET", "/search?name=x&terminated=maybe", "")
	assert.Equal(t, []string{"terminated"}, errorFields(a))
	a = do(t, ts, "GET", "/healthcheck", "")
	assert.Equal(t, true, a.body["database_connection"], "the bare health object")
	a = do(t, ts, "GET", "/advertisers/5/pixel_targeting_advertisers", "")
	assert.Equal(t, 404, a.status)
	a = do(t, ts, "GET", "/vendors?detect_domains=yes", "")
	assert.Equal(t, []string{"detect_domains"}, errorFields(a))
	a = do(t, ts, "GET", "/vendors?detect_domains=1", "")
	assert.Equal(t, 200, a.status)
	a = do(t, ts, "GET", "/timezones?full=all", "")
	assert.Equal(t, []string{"full"}, errorFields(a))
}
