package targetingfake

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// postForm posts a multipart form (file content under "file" when not nil).
func postForm(t *testing.T, url string, fields map[string]string, file []byte) (int, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		require.NoError(t, mw.WriteField(k, v))
	}
	if file != nil {
		fw, err := mw.CreateFormFile("file", "sites.csv")
		require.NoError(t, err)
		_, _ = fw.Write(file)
	}
	require.NoError(t, mw.Close())
	resp, err := http.Post(url, mw.FormDataContentType(), &buf)
	require.NoError(t, err)
	defer resp.Body.Close()
	var body map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
	return resp.StatusCode, body
}

func TestSiteListRules(t *testing.T) {
	ts, _ := serve(t)
	up := ts.URL + Prefix + "/site_lists/upload"
	for _, tc := range []struct {
		name   string
		fields map[string]string
		file   []byte
		status int
		field  string
	}{
		{"file required", map[string]string{"organization_id": "1", "name": "x"}, nil, 400, "file"},
		{"organization required", map[string]string{"name": "x"}, []byte("a.example"), 400, "organization_id"},
		{"name length", map[string]string{"organization_id": "1", "name": string(make([]byte, 65))}, []byte("a"), 400, "name"},
		{"restriction", map[string]string{"organization_id": "1", "name": "x", "restriction": "MAYBE"}, []byte("a"), 400, "restriction"},
		{"status", map[string]string{"organization_id": "1", "name": "x", "status": "yes"}, []byte("a"), 400, "status"},
		{"unknown", map[string]string{"organization_id": "1", "name": "x", "sites": "a"}, []byte("a"), 400, "sites"},
		{"ok", map[string]string{"organization_id": "1", "name": "x", "status": "0"}, []byte("a.example,b.example"), 201, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := postForm(t, up, tc.fields, tc.file)
			assert.Equal(t, tc.status, status, body)
			if tc.field != "" {
				assert.Contains(t, errorFields(answer{body: body}), tc.field)
			}
		})
	}
	re := ts.URL + Prefix + "/site_lists/1/upload"
	status, body := postForm(t, re, map[string]string{"name": "y"}, []byte("c.example"))
	assert.Equal(t, 400, status, body)
	status, _ = postForm(t, re, map[string]string{"version": "5"}, []byte("c.example"))
	assert.Equal(t, 409, status)
	status, body = postForm(t, re, map[string]string{"version": "1", "name": "y"}, nil)
	assert.Equal(t, 200, status, body)
	data := body["data"].(map[string]any)
	assert.Equal(t, "y", data["name"])
	assert.EqualValues(t, 2, data["sites_count"], "a reupload without a file keeps the sites")
	a := do(t, ts, "GET", "/site_lists/1", ``)
	assert.Equal(t, false, a.body["data"].(map[string]any)["status"])
}
