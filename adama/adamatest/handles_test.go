package adamatest

import (
	"context"
	"encoding/xml"
	paths "github.com/adamasdk/adama-go/internal/route"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/fake"
)

func TestAuthValuesMatchTheFakes(t *testing.T) {
	assert.Equal(t, int(fake.Session), int(RequireSession))
	assert.Equal(t, int(fake.Bearer), int(RequireBearer))
	assert.Equal(t, int(fake.Public), int(Public))
}

func TestWithRouteAndEntitiesHandle(t *testing.T) {
	srv := NewServer(WithT(t), WithEntities("advertisers", 3),
		WithRoute("GET /api/v2.0/extra", RequireSession, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			_, _ = io.WriteString(w, "extra")
		})))
	c, err := srv.NewClient()
	require.NoError(t, err)
	resp, err := c.Do(context.Background(), &adama.Request{Path: "/api/v2.0/extra", Auth: adama.AuthSession})
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	assert.Equal(t, "extra", string(b))

	ents := srv.Entities()
	n := ents.Advertisers().Count()
	assert.GreaterOrEqual(t, n, 3)
	ents.Generate("advertisers", 2)
	assert.Equal(t, n+2, ents.Advertisers().Count())
	rec := ents.Advertisers().Raw(1)
	require.NotNil(t, rec)
	assert.True(t, ents.Advertisers().SetRaw(1, "name", "changed"))
	assert.Equal(t, "changed", ents.Advertisers().Raw(1)["name"])
	assert.False(t, ents.Advertisers().SetRaw(1<<40, "name", "x"))
}

func TestUnauthenticatedExtraRoute(t *testing.T) {
	srv := NewServer(WithRoute("GET /bearer-only", RequireBearer, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {})))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/bearer-only")
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

// The platform's session answer, and a session cookie alone (the
// deprecated way) accepted by /session.
func TestSessionAnswerAndCookieOnly(t *testing.T) {
	srv := NewServer()
	defer srv.Close()
	tok := srv.IssueToken()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+paths.Session, nil)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `"entity_type":"user"`)
	assert.Regexp(t, `"expires":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d"`, string(body), "expires carries no zone")
	var cookie string
	for _, c := range resp.Cookies() {
		if c.Name == adama.SessionCookieName {
			cookie = c.Value
		}
	}
	require.NotEmpty(t, cookie)
	assert.Contains(t, string(body), `"sessionid":"`+cookie+`"`)

	req, _ = http.NewRequest(http.MethodGet, srv.URL+paths.Session, nil)
	req.Header.Set("Accept", "application/xml")
	req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: cookie})
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "a session cookie alone is accepted")
	// The platform's XML form: a <session> beside the user entity, not in it.
	var x struct {
		Entity struct {
			Type    string    `xml:"type,attr"`
			Session *struct{} `xml:"session"`
		} `xml:"entity"`
		Session struct {
			SessionID   string `xml:"sessionid,attr"`
			Expires     string `xml:"expires,attr"`
			CurrentTime string `xml:"current_time,attr"`
		} `xml:"session"`
		Status struct {
			Code string `xml:"code,attr"`
		} `xml:"status"`
	}
	require.NoError(t, xml.Unmarshal(body, &x), string(body))
	assert.Equal(t, "user", x.Entity.Type)
	assert.Nil(t, x.Entity.Session, "no session inside the entity")
	assert.Equal(t, cookie, x.Session.SessionID)
	assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`, x.Session.Expires)
	assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`, x.Session.CurrentTime)
	assert.Equal(t, "ok", x.Status.Code)
	assert.Regexp(t, `</entity><session [^>]*></session><status code="ok">`, string(body), "entity, session, status, in the platform's order")

	resp, err = http.Get(srv.URL + paths.Session)
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

// AuthSessionHeaders sends the session as headers too, with the expiry
// the session answer gave, and only to the platform.
func TestSessionHeaders(t *testing.T) {
	var got http.Header
	srv := NewServer(WithT(t), WithRoute("GET /byoa-ping", RequireSession, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
	})))
	c, err := srv.NewClient()
	require.NoError(t, err)
	resp, err := c.Do(context.Background(), &adama.Request{Host: adama.HostBYOA, Path: "/byoa-ping", Auth: adama.AuthSessionHeaders})
	require.NoError(t, err)
	_ = resp.Body.Close()
	require.NotNil(t, got)
	ck, err := (&http.Request{Header: got}).Cookie(adama.SessionCookieName)
	require.NoError(t, err)
	assert.Equal(t, ck.Value, got.Get("adama_session"))
	assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`, got.Get("adama_session_exp"), "the expiry the session answer gave")
	assert.NotEmpty(t, got.Get("Authorization"))
}
