package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/entity"
)

// rawClient talks to the standalone fake the way a client in another
// language does: plain HTTP, a JSON token request, the session cookie
// taken from the session answer, hand-built requests.
type rawClient struct {
	t      *testing.T
	base   string
	token  string
	cookie string
	cfg    *adama.Client // an SDK client on the same server
}

const (
	rawID     = "raw-id"
	rawSecret = "raw-secret"
	rawAud    = "raw-aud"
)

// startRaw serves the fake on a fresh port for the test's lifetime and
// signs in as a third-party client would.
func startRaw(t *testing.T) *rawClient {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, l, rawID, rawSecret, rawAud) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	rc := &rawClient{t: t, base: "http://" + l.Addr().String()}

	body, _ := json.Marshal(map[string]string{"grant_type": "client_credentials", "client_id": rawID, "client_secret": rawSecret, "audience": rawAud})
	resp, err := http.Post(rc.base+"/oauth/token", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&tok))
	_ = resp.Body.Close()
	require.NotEmpty(t, tok.AccessToken)
	rc.token = tok.AccessToken

	req, _ := http.NewRequest(http.MethodGet, rc.base+"/api/v2.0/session", nil)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+rc.token)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	for _, c := range resp.Cookies() {
		if c.Name == adama.SessionCookieName {
			rc.cookie = c.Value
		}
	}
	require.NotEmpty(t, rc.cookie)

	rc.cfg, err = adama.NewClient(adama.WithBaseURL(rc.base), adama.WithAuthURL(rc.base), adama.WithBYOAURL(rc.base),
		adama.WithClientCredentials(rawID, rawSecret, rawAud))
	require.NoError(t, err)
	t.Cleanup(func() { _ = rc.cfg.Close() })
	return rc
}

// do sends one request with the bearer and the session cookie; accept ""
// sends no Accept header (the platform then answers in XML). A form body
// is sent form-encoded.
func (rc *rawClient) do(method, path, accept string, form url.Values) (*http.Response, []byte) {
	rc.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, rc.base+path, body)
	require.NoError(rc.t, err)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	req.Header.Set("Authorization", "Bearer "+rc.token)
	req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: rc.cookie})
	resp, err := http.DefaultClient.Do(req)
	require.NoError(rc.t, err)
	b, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	require.NoError(rc.t, err)
	return resp, b
}

// xmlEntities is a collection answer as a third-party XML client reads it.
type xmlEntities struct {
	XMLName  xml.Name `xml:"result"`
	Entities struct {
		Count      *int      `xml:"count,attr"`
		Start      *int      `xml:"start,attr"`
		TotalCount *string   `xml:"total_count,attr"`
		Entity     []xmlProp `xml:"entity"`
	} `xml:"entities"`
	Status struct {
		Code string `xml:"code,attr"`
	} `xml:"status"`
}

type xmlProp struct {
	ID string `xml:"id,attr"`
}

// Item 7: an XML collection's count is the number of matches in the whole
// list and there is no total_count attribute.
func TestRawXMLCountIsTheTotal(t *testing.T) {
	rc := startRaw(t)
	resp, body := rc.do(http.MethodGet, "/api/v2.0/organizations", "application/json", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var js struct {
		Meta struct {
			TotalCount json.Number `json:"total_count"`
		} `json:"meta"`
	}
	require.NoError(t, json.Unmarshal(body, &js))
	total, err := js.Meta.TotalCount.Int64()
	require.NoError(t, err)
	require.Greater(t, total, int64(1), "the seed holds more than one organization")

	for _, path := range []string{"/api/v2.0/organizations?page_limit=1", "/api/v2.0/organizations?page_limit=1&page_offset=1&sort_by=-id"} {
		resp, body = rc.do(http.MethodGet, path, "", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var x xmlEntities
		require.NoError(t, xml.Unmarshal(body, &x), string(body))
		assert.Equal(t, "ok", x.Status.Code)
		require.NotNil(t, x.Entities.Count, string(body))
		assert.Equal(t, int(total), *x.Entities.Count, "count is the whole list's")
		assert.Nil(t, x.Entities.TotalCount, "no total_count attribute: %s", body)
		assert.Len(t, x.Entities.Entity, 1, "one entity on the page")
		assert.NotContains(t, string(body), "total_count")
	}

	// The SDK reads the same total from the XML form.
	page, err := entity.New(rc.cfg, entity.WithXML()).Organizations.List(context.Background(), &entity.ListOptions{PageLimit: 1})
	require.NoError(t, err)
	assert.Len(t, page.Items, 1)
	assert.Equal(t, int(total), page.TotalCount)
}

// jsonOne is a single-record JSON answer.
type jsonOne struct {
	Data   map[string]any `json:"data"`
	Errors []struct {
		Code, Message, Field string
	} `json:"errors"`
}

func decodeOne(t *testing.T, body []byte) jsonOne {
	t.Helper()
	var one jsonOne
	require.NoError(t, json.Unmarshal(body, &one), string(body))
	return one
}

// Item 9: a client that saves a record it read sends its read-only
// properties back (and version on create); the fake takes the request and
// ignores them, and still refuses, naming it, a field the record does not
// have.
func TestRawReadOnlyPropertiesSentBack(t *testing.T) {
	rc := startRaw(t)
	const stale = "2001-02-03T04:05:06+0000"
	create := url.Values{
		"name": {"Raw Advertiser"}, "agency_id": {"1"}, "ad_server_id": {"1"}, "domain": {"raw.example"}, "vertical_id": {"3"},
		"created_on": {stale}, "updated_on": {stale}, "entity_type": {"advertiser"}, "version": {"0"}, "meta": {""},
	}
	resp, body := rc.do(http.MethodPost, "/api/v2.0/advertisers", "application/json", create)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	adv := decodeOne(t, body).Data
	assert.Equal(t, "Raw Advertiser", adv["name"])
	assert.Equal(t, "advertiser", adv["entity_type"])
	assert.NotEqual(t, stale, adv["created_on"], "created_on sent is ignored")
	assert.NotEqual(t, stale, adv["updated_on"], "updated_on sent is ignored")
	id := jsonString(adv["id"])
	require.NotEmpty(t, id)

	// Read it, change the name, send every property back but id.
	resp, body = rc.do(http.MethodGet, "/api/v2.0/advertisers/"+id, "application/json", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	read := decodeOne(t, body).Data
	update := url.Values{}
	for k, v := range read {
		if k != "id" {
			update.Set(k, jsonString(v))
		}
	}
	update.Set("name", "Raw Advertiser renamed")
	update.Set("entity_type", "not_an_advertiser")
	update.Set("created_on", stale)
	resp, body = rc.do(http.MethodPost, "/api/v2.0/advertisers/"+id, "application/json", update)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	got := decodeOne(t, body).Data
	assert.Equal(t, "Raw Advertiser renamed", got["name"])
	assert.Equal(t, "advertiser", got["entity_type"], "entity_type sent is ignored")
	assert.Equal(t, read["created_on"], got["created_on"], "created_on sent is ignored")
	assert.NotEqual(t, jsonString(read["version"]), jsonString(got["version"]), "the update went through")

	// A user's read-only properties (reference schema user) are ignored too.
	resp, body = rc.do(http.MethodPost, "/api/v2.0/users/1", "application/json", url.Values{
		"version": {"0"}, "title": {"Boss"}, "last_login_on": {stale}, "creator_id": {"99"}, "sso_auth_token": {"x"}})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	user := decodeOne(t, body).Data
	assert.Equal(t, "Boss", user["title"])
	assert.NotContains(t, user, "creator_id")
	assert.NotContains(t, user, "sso_auth_token")
	assert.NotEqual(t, stale, user["last_login_on"])

	// A field the record does not have is still refused and named, in
	// JSON and in XML.
	bad := url.Values{"name": {"x"}, "agency_id": {"1"}, "ad_server_id": {"1"}, "domain": {"x.example"}, "vertical_id": {"3"},
		"created_on": {stale}, "no_such_field": {"1"}}
	resp, body = rc.do(http.MethodPost, "/api/v2.0/advertisers", "application/json", bad)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	var fields []string
	for _, e := range decodeOne(t, body).Errors {
		fields = append(fields, e.Field)
	}
	assert.Contains(t, fields, "no_such_field")
	assert.NotContains(t, fields, "created_on")
	resp, body = rc.do(http.MethodPost, "/api/v2.0/advertisers/"+id, "", url.Values{"version": {"1"}, "updated_on": {stale}, "no_such_field": {"1"}})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	assert.Contains(t, string(body), `<field-error name="no_such_field"`)
	assert.NotContains(t, string(body), `name="updated_on"`)
}

// jsonString is v as a form value: strings as they are, numbers and
// booleans in their JSON text, money arrays as their first value.
func jsonString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		if len(x) > 0 {
			if m, ok := x[0].(map[string]any); ok {
				return jsonString(m["value"])
			}
		}
		return ""
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// xmlResult is a single-entity answer as a third-party XML client reads
// it: every prop's value attribute, money props' amount children.
type xmlResult struct {
	XMLName xml.Name `xml:"result"`
	Entity  struct {
		ID    string `xml:"id,attr"`
		Type  string `xml:"type,attr"`
		Props []struct {
			Name         string  `xml:"name,attr"`
			Value        *string `xml:"value,attr"`
			CurrencyCode string  `xml:"currency_code,attr"`
			Amounts      []struct {
				CurrencyCode string `xml:"currency_code,attr"`
				Value        string `xml:"value,attr"`
			} `xml:"amount"`
		} `xml:"prop"`
	} `xml:"entity"`
}

// Item 10: an XML money prop carries currency_code and value attributes
// (its first amount's) beside its amount children.
func TestRawXMLMoneyPropAttributes(t *testing.T) {
	rc := startRaw(t)
	resp, body := rc.do(http.MethodPost, "/api/v2.0/advertisers", "application/json", url.Values{
		"name": {"Money Advertiser"}, "agency_id": {"1"}, "ad_server_id": {"1"}, "domain": {"money.example"}, "vertical_id": {"3"}})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	advID := jsonString(decodeOne(t, body).Data["id"])
	resp, body = rc.do(http.MethodPost, "/api/v2.0/campaigns", "", url.Values{
		"name": {"Money Campaign"}, "advertiser_id": {advID}, "ad_server_id": {"1"}, "currency_code": {"AUD"},
		"start_date": {"2026-01-01T00:00:00+0000"}, "end_date": {"2026-12-31T00:00:00+0000"},
		"goal_type": {"cpa"}, "goal_value": {"10"}, "service_type": {"SELF"}, "total_budget": {"1000.5"}, "use_svc_freq": {"0"}})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var created xmlResult
	require.NoError(t, xml.Unmarshal(body, &created), string(body))
	require.NotEmpty(t, created.Entity.ID)

	resp, body = rc.do(http.MethodGet, "/api/v2.0/campaigns/"+created.Entity.ID, "", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var x xmlResult
	require.NoError(t, xml.Unmarshal(body, &x), string(body))
	money := map[string]bool{}
	for _, p := range x.Entity.Props {
		require.NotNil(t, p.Value, "prop %s has a value attribute", p.Name)
		if len(p.Amounts) == 0 {
			continue
		}
		money[p.Name] = true
		assert.Equal(t, p.Amounts[0].CurrencyCode, p.CurrencyCode, p.Name)
		assert.Equal(t, p.Amounts[0].Value, *p.Value, p.Name)
		assert.Equal(t, "AUD", p.CurrencyCode, p.Name)
	}
	assert.True(t, money["goal_value"], string(body))
	assert.True(t, money["total_budget"], string(body))
	assert.Regexp(t, `<prop name="goal_value" value="10(\.0*)?" currency_code="AUD"><amount currency_code="AUD" value="10(\.0*)?"></amount></prop>`, string(body))

	// The SDK reads the same money from the XML form.
	c, err := entity.New(rc.cfg, entity.WithXML()).Campaigns.Get(context.Background(), mustInt(t, created.Entity.ID), nil)
	require.NoError(t, err)
	require.Len(t, c.GoalValue, 1)
	assert.Equal(t, "AUD", c.GoalValue[0].CurrencyCode)
	assert.Equal(t, "10", c.GoalValue[0].Value.String())
	require.Len(t, c.TotalBudget, 1)
	assert.Equal(t, "1000.5", c.TotalBudget[0].Value.String())
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return n
}

// Item 11: where only a reference document speaks, the fake answers as it
// says.
func TestRawReferenceForms(t *testing.T) {
	rc := startRaw(t)

	t.Run("component creatives v3.0 total_count is an integer", func(t *testing.T) {
		resp, body := rc.do(http.MethodGet, "/component_creatives/v3.0/creatives?page_limit=5", "application/json", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var env struct {
			Meta map[string]json.RawMessage `json:"meta"`
		}
		require.NoError(t, json.Unmarshal(body, &env))
		var total int
		require.NoError(t, json.Unmarshal(env.Meta["total_count"], &total), "total_count %s is a JSON integer", env.Meta["total_count"])
	})

	t.Run("components v3.0 char_limit is an integer or absent", func(t *testing.T) {
		resp, body := rc.do(http.MethodGet, "/component_creatives/v3.0/components", "application/json", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var env struct {
			Data []map[string]json.RawMessage `json:"data"`
		}
		require.NoError(t, json.Unmarshal(body, &env))
		require.NotEmpty(t, env.Data)
		for _, c := range env.Data {
			if raw, ok := c["char_limit"]; ok {
				var n int
				assert.NoError(t, json.Unmarshal(raw, &n), "char_limit %s is an integer", raw)
			}
		}
		resp, body = rc.do(http.MethodGet, "/component_creatives/v3.0/components/1", "application/json", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.NotContains(t, string(body), `"char_limit":null`)
		// The deprecated v1.0 paths answer as the v1.0 examples show.
		resp, body = rc.do(http.MethodGet, "/component_creatives/v1.0/components/1", "application/json", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Contains(t, string(body), `"char_limit":null`)
	})

	t.Run("opportunity stream filter POST answers application/json", func(t *testing.T) {
		req, err := http.NewRequest(http.MethodPost, rc.base+"/opportunity-firehose/v2.0/consumers/example-consumer/filters/x-svc-geo", strings.NewReader(`["60231"]`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+rc.token)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
		var obj map[string]any
		assert.NoError(t, json.Unmarshal(body, &obj), "the body is a JSON object: %q", body)
	})

	t.Run("custom algorithm GET /data/{namespace} answers one model object", func(t *testing.T) {
		req, err := http.NewRequest(http.MethodPut, rc.base+"/data/100667/models/aggregate_2", strings.NewReader(`{"brain_type_id":1000,"data":"opaque"}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+rc.token)
		req.AddCookie(&http.Cookie{Name: adama.SessionCookieName, Value: rc.cookie})
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, string(b))

		resp, body := rc.do(http.MethodGet, "/data/100667?model_id=aggregate_2", "application/json", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var env struct {
			Data map[string]json.RawMessage `json:"data"`
		}
		require.NoError(t, json.Unmarshal(body, &env), "data is one object: %s", body)
		for _, k := range []string{"brain_type_id", "Data", "model_id", "Namespace", "created_on", "updated_on"} {
			assert.Contains(t, env.Data, k)
		}
		assert.JSONEq(t, `"aggregate_2"`, string(env.Data["model_id"]))

		resp, body = rc.do(http.MethodGet, "/data/100667", "application/json", nil)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, string(body), "Invalid_model_id")
	})
}

// Item 8: the XML session answer in the platform's form, a <session>
// (current_time, expires, sessionid) beside the user entity; a client
// that signs in with it reads the session id there and uses it.
func TestRawXMLSession(t *testing.T) {
	rc := startRaw(t)
	for _, accept := range []string{"application/xml", ""} {
		req, err := http.NewRequest(http.MethodGet, rc.base+"/api/v2.0/session", nil)
		require.NoError(t, err)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		req.Header.Set("Authorization", "Bearer "+rc.token)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Contains(t, resp.Header.Get("Content-Type"), "xml")

		var x struct {
			XMLName xml.Name `xml:"result"`
			Entity  struct {
				Name     string     `xml:"name,attr"`
				ID       string     `xml:"id,attr"`
				Type     string     `xml:"type,attr"`
				Children []xml.Name `xml:",any"`
			} `xml:"entity"`
			Session *struct {
				CurrentTime string `xml:"current_time,attr"`
				Expires     string `xml:"expires,attr"`
				SessionID   string `xml:"sessionid,attr"`
			} `xml:"session"`
			Status struct {
				Code string `xml:"code,attr"`
			} `xml:"status"`
		}
		require.NoError(t, xml.Unmarshal(body, &x), string(body))
		assert.Equal(t, "user", x.Entity.Type)
		assert.Equal(t, "1", x.Entity.ID)
		assert.Empty(t, x.Entity.Children, "the user entity holds no session: %s", body)
		require.NotNil(t, x.Session, "a sibling <session>: %s", body)
		assert.Equal(t, "ok", x.Status.Code)
		cur, err := time.Parse("2006-01-02T15:04:05", x.Session.CurrentTime)
		require.NoError(t, err)
		exp, err := time.Parse("2006-01-02T15:04:05", x.Session.Expires)
		require.NoError(t, err)
		assert.True(t, exp.After(cur), "expires after current_time")
		var cookie string
		for _, c := range resp.Cookies() {
			if c.Name == adama.SessionCookieName {
				cookie = c.Value
			}
		}
		assert.Equal(t, cookie, x.Session.SessionID, "sessionid is the cookie")

		// Signed in with the session id the answer gave.
		rc.cookie = x.Session.SessionID
		resp, b := rc.do(http.MethodGet, "/api/v2.0/verticals/1", "application/json", nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode, string(b))
	}
}

// TestRawVideoUploadThroughUploader: the standalone fake serves the v2
// upload through the upload host (itself under its other loopback name):
// the location, the temporary file record and the platform taking it.
func TestRawVideoUploadThroughUploader(t *testing.T) {
	rc := startRaw(t)
	ctx := context.Background()
	cc := creatives.New(rc.cfg)
	v, err := cc.Videos.CreateV2(ctx, &creatives.VideoCreative{Details: creatives.CreativeDetails{
		Active: true, Advertiser: 7, Name: "Raw spot", Concept: 11, ClickthroughURL: "https://example.com/raw"}})
	require.NoError(t, err)

	resp, body := rc.do(http.MethodGet, "/video/v2.0/creatives/"+strconv.FormatInt(v.ID, 10)+"/upload", "application/json", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var loc struct {
		Key      string `json:"key"`
		Uploader struct {
			Host string `json:"host"`
			Port string `json:"port"`
		} `json:"uploader"`
	}
	require.NoError(t, json.Unmarshal(body, &loc))
	assert.NotEmpty(t, loc.Key)
	assert.Equal(t, "localhost", loc.Uploader.Host, "the upload host is the fake under its other loopback name")
	assert.Equal(t, strings.TrimPrefix(rc.base, "http://127.0.0.1:"), loc.Uploader.Port, "the port as text")

	tmp, err := cc.Videos.UploadViaUploaderV2(ctx, v.ID, "raw.mp4", strings.NewReader("raw video"), 9, creatives.UploadOptions{})
	require.NoError(t, err)
	assert.Equal(t, int64(9), tmp.Size)
	st, err := cc.Videos.StatusV2(ctx, v.ID)
	require.NoError(t, err)
	assert.Equal(t, "done", st.UploadInfo.Status)
}
