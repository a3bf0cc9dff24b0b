package creatives

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/h2non/gock.v1"

	"github.com/adamasdk/adama-go/adama"
)

// These tests pin the exact bytes the package sends. gock intercepts the
// client's own transport; they never run in parallel.

type captured struct {
	header http.Header
	body   []byte
	query  string
}

// capture records the request gock matched.
func capture(c *captured) gock.MatchFunc {
	return func(req *http.Request, _ *gock.Request) (bool, error) {
		c.header = req.Header.Clone()
		c.query = req.URL.RawQuery
		if req.Body != nil {
			b, err := io.ReadAll(req.Body)
			if err != nil {
				return false, err
			}
			c.body = b
			req.Body = io.NopCloser(bytes.NewReader(b))
		}
		return true, nil
	}
}

func gockClient(t *testing.T) *Client {
	t.Helper()
	hc := &http.Client{}
	gock.InterceptClient(hc)
	t.Cleanup(func() { gock.RestoreClient(hc); gock.Off() })
	c, err := adama.NewClient(adama.WithBaseURL("https://api.example"), adama.WithHTTPClient(hc),
		adama.WithToken("tok-1"), adama.WithSessionCookie("ck-1"), adama.WithRetry(adama.RetryPolicy{MaxRetries: 0}))
	require.NoError(t, err)
	return New(c)
}

func TestGockVideoJSONBodies(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var create, patch, list, bulk captured
	gock.New("https://api.example").Post("/v3.0/creatives").MatchHeader("Authorization", "^Bearer tok-1$").
		MatchType("json").AddMatcher(capture(&create)).Reply(201).JSON(map[string]any{"creativeId": 9})
	gock.New("https://api.example").Get("/v3.0/creatives/9").
		Reply(200).JSON(map[string]any{"data": map[string]any{"id": 9, "details": map[string]any{"active": true, "advertiser": 7, "name": "Launch",
		"concept": 11, "clickthroughUrl": "https://example.com/c", "landingUrl": "https://example.com/l", "vendors": []int{3}, "landingUrlIsCalculated": true}}})
	gock.New("https://api.example").Patch("/v3.0/creatives/9").AddMatcher(capture(&patch)).
		Reply(201).JSON(map[string]any{"data": map[string]any{"id": 9, "details": map[string]any{"name": "N"}}})
	gock.New("https://api.example").Post("/v3.0/creatives/list").AddMatcher(capture(&list)).
		Reply(200).JSON(map[string]any{"data": []any{}})
	gock.New("https://api.example").Patch("/v3.0/creatives/bulk").AddMatcher(capture(&bulk)).
		Reply(201).JSON(map[string]any{"data": []any{}})

	c, err := cc.Videos.Create(ctx, &VideoCreative{ID: 5, Details: CreativeDetails{Advertiser: 7, Name: "Launch", Concept: 11,
		ClickthroughURL: "https://example.com/c", LandingURLIsCalculated: true}})
	require.NoError(t, err)
	assert.Equal(t, `{"active":false,"advertiser":7,"clickthroughUrl":"https://example.com/c","concept":11,"name":"Launch"}`, string(create.body),
		"the settings, active always; no id, no read-only field")
	assert.Empty(t, create.header.Get("Cookie"), "video v3 sends the bearer only")
	assert.Equal(t, int64(9), c.ID, "the created record as read after the create")
	assert.True(t, c.Details.Active)

	c.Details.Name, c.Details.LandingURL, c.Details.Active, c.Details.Vendors = "N", "", false, nil
	assert.Equal(t, []string{"active", "landingUrl", "name", "vendors"}, c.Details.Changes())
	_, err = cc.Videos.Update(ctx, c)
	require.NoError(t, err)
	assert.Equal(t, `{"active":false,"landingUrl":null,"name":"N","vendors":null}`, string(patch.body),
		"only what changed since the read: false is sent, a cleared field is null; the id is in the path")

	_, err = cc.Videos.ListByIDs(ctx, []int64{1, 2})
	require.NoError(t, err)
	assert.Equal(t, `{"creativeIds":[1,2]}`, string(list.body))

	_, err = cc.Videos.BulkUpdate(ctx, []VideoCreativePatch{{ID: 1, EndTime: adama.Null[int64]()}, {ID: 2, VASTVersion: adama.Some(VASTVersionVAST4)}})
	require.NoError(t, err)
	assert.Equal(t, `{"creatives":[{"id":1,"endTime":null},{"id":2,"vastVersion":"VAST4"}]}`, string(bulk.body))
	assert.True(t, gock.IsDone())
}

func TestGockValidateVASTAndClassification(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var vast, save captured
	gock.New("https://api.example").Post("/v3.0/creatives/validateVAST").MatchHeader("Content-Type", "^text/plain$").
		AddMatcher(capture(&vast)).Reply(200).JSON(map[string]any{})
	gock.New("https://api.example").Post("/classification/v1.0/42").MatchType("json").
		AddMatcher(capture(&save)).Reply(200).JSON(map[string]any{"attributes": []int{1}, "language": 1, "verticals": []int{}})
	gock.New("https://api.example").Get("/v3.0/classification/bulk/1,2,3/inflate").Reply(200).JSON(map[string]any{"records": []any{}})

	r, err := cc.Videos.ValidateVAST(ctx, []byte(`<VAST version="4.0"/>`))
	require.NoError(t, err)
	assert.True(t, r.Valid())
	assert.Equal(t, `<VAST version="4.0"/>`, string(vast.body))

	_, err = cc.Classifications.SaveV1(ctx, 42, &Classification{Attributes: []int64{1}, Language: 1})
	require.NoError(t, err)
	assert.Equal(t, `{"attributes":[1],"language":1,"verticals":[]}`, string(save.body))
	_, err = cc.Classifications.BulkInflate(ctx, []int64{1, 2, 3})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
}

func TestGockUploadHeaders(t *testing.T) {
	cc := gockClient(t)
	var put captured
	gock.New("https://bucket.storage.example").Put("/creatives/9/spot.mp4").
		MatchParam("X-Amz-Signature", "^sig$").AddMatcher(capture(&put)).Reply(200)
	res := &CreateResult{CreativeID: 9, UploadURL: "https://bucket.storage.example/creatives/9/spot.mp4?X-Amz-Expires=900&X-Amz-Signature=sig"}
	require.NoError(t, cc.Videos.Upload(context.Background(), res, strings.NewReader("0123456789"), 10, UploadOptions{}))
	assert.Equal(t, "0123456789", string(put.body))
	assert.Equal(t, "public-read", put.header.Get("X-Amz-Acl"))
	assert.Equal(t, "9", put.header.Get("X-Amz-Meta-Creative"))
	assert.Equal(t, "video/mp4", put.header.Get("Content-Type"), "taken from the file name")
	assert.Empty(t, put.header.Get("Authorization"))
	assert.Empty(t, put.header.Get("Cookie"))
	assert.Equal(t, "X-Amz-Expires=900&X-Amz-Signature=sig", put.query, "the signed query is sent as given")
	assert.True(t, gock.IsDone())
}

// parts reads a multipart body into name -> (filename, content type,
// content).
func parts(t *testing.T, c captured) map[string][3]string {
	t.Helper()
	mt, params, err := mime.ParseMediaType(c.header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/form-data", mt)
	mr := multipart.NewReader(bytes.NewReader(c.body), params["boundary"])
	out := map[string][3]string{}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		out[p.FormName()] = [3]string{p.FileName(), p.Header.Get("Content-Type"), string(b)}
	}
	return out
}

func TestGockMultipartBodies(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var v2, asset, img captured
	gock.New("https://api.example").Post("/video/v2.0/creatives/9/upload").MatchParam("fileName", `^a "b".mp4$`).
		AddMatcher(capture(&v2)).Reply(200).JSON(map[string]any{})
	gock.New("https://api.example").Post("/component_creatives/v1.0/assets").MatchHeader("Cookie", "^adama_session=ck-1$").
		AddMatcher(capture(&asset)).Reply(201).JSON(map[string]any{"data": map[string]any{"asset_id": 3}, "meta": map[string]any{"status": "created"}})
	gock.New("https://api.example").Post("/component_creatives/v1.0/assets/3").
		AddMatcher(capture(&img)).Reply(201).JSON(map[string]any{"data": map[string]any{"asset_id": 3}})

	require.NoError(t, cc.Videos.UploadV2(ctx, 9, `a "b".mp4`, strings.NewReader("VIDEO"), 5, UploadOptions{ContentType: "video/mp4"}))
	ps := parts(t, v2)
	assert.Equal(t, [3]string{`a "b".mp4`, "video/mp4", "VIDEO"}, ps["file"])
	boundary := strings.TrimPrefix(v2.header.Get("Content-Type"), "multipart/form-data; boundary=")
	want := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a \\\"b\\\".mp4\"\r\nContent-Type: video/mp4\r\n\r\nVIDEO\r\n--" + boundary + "--\r\n"
	assert.Equal(t, want, string(v2.body), "exact multipart bytes")
	assert.Equal(t, "tok-1", strings.TrimPrefix(v2.header.Get("Authorization"), "Bearer "))

	_, err := cc.Assets.Upload(ctx, &NewAsset{ComponentID: 2, Image: &AssetFile{Filename: "logo.png", ContentType: "image/png", Data: []byte("PNG")}, AdvertiserID: 100})
	require.NoError(t, err)
	ps = parts(t, asset)
	assert.Equal(t, "2", ps["component_id"][2])
	assert.Equal(t, "100", ps["advertiser_id"][2])
	assert.Equal(t, [3]string{"logo.png", "image/png", "PNG"}, ps["asset_value"])
	assert.NotContains(t, ps, "creative_ids")

	_, err = cc.Assets.UpdateImage(ctx, 3, &AssetFile{Filename: "new.png", Data: []byte("N")})
	require.NoError(t, err)
	assert.Equal(t, [3]string{"new.png", "application/octet-stream", "N"}, parts(t, img)["asset_value"])
	assert.True(t, gock.IsDone())
}

func TestGockComponentJSONBodies(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var upd, text, comp captured
	gock.New("https://api.example").Post("/component_creatives/v1.0/creatives/7").MatchHeader("Cookie", "^adama_session=ck-1$").
		MatchHeader("Authorization", "^Bearer tok-1$").AddMatcher(capture(&upd)).
		Reply(200).JSON(map[string]any{"data": map[string]any{"atomic_creative_id": 7}, "meta": map[string]any{"status": "updated"}})
	gock.New("https://api.example").Post("/component_creatives/v1.0/assets").AddMatcher(capture(&text)).
		Reply(201).JSON(map[string]any{"data": map[string]any{"asset_id": 4}})
	gock.New("https://api.example").Post("/component_creatives/v1.0/components").AddMatcher(capture(&comp)).
		Reply(201).JSON(map[string]any{"data": map[string]any{"component_id": 20}})

	_, err := cc.ComponentCreatives.Update(ctx, &ComponentCreative{AtomicCreativeID: 7, Title: "T", Status: false,
		NewAssets: KeepAssets(5).Add(TextAsset(6, "x"))})
	require.NoError(t, err)
	assert.Equal(t, `{"title":"T","status":false,"assets":"[{\"asset_id\":5},{\"component_id\":6,\"asset_value\":\"x\"}]"}`, string(upd.body))

	_, err = cc.Assets.Upload(ctx, &NewAsset{ComponentID: 6, AssetValue: "body", AdvertiserID: 9})
	require.NoError(t, err)
	assert.Equal(t, `{"component_id":6,"asset_value":"body","advertiser_id":9}`, string(text.body))

	_, err = cc.Components.Create(ctx, &Component{ComponentHumanName: "Right Image", ComponentName: "right_image", ValueTypeName: ComponentValueTypeImage})
	require.NoError(t, err)
	assert.Equal(t, `{"component_human_name":"Right Image","component_name":"right_image","value_type_name":"IMAGE"}`, string(comp.body))
	assert.True(t, gock.IsDone())
}

func TestGockCompanionAndComponentSaves(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var create, save, comp captured
	read := map[string]any{"id": 31, "details": map[string]any{"adServer": "adama", "typ": "static", "width": 300, "height": 250,
		"landingUrl": "https://example.com", "clickthroughUrl": "https://example.com/c", "futureDetail": 1},
		"mimeType": "image/png", "resourceBlob": "data:image/png;base64,iVBORw0KGgo=", "futureTop": true}
	gock.New("https://api.example").Post("/v3.0/creatives/9/companions").AddMatcher(capture(&create)).
		Reply(201).JSON(map[string]any{"companionId": 31})
	gock.New("https://api.example").Get("/v3.0/creatives/9/companions/31").Reply(200).JSON(read)
	gock.New("https://api.example").Post("/v3.0/creatives/9/companions/31").AddMatcher(capture(&save)).Reply(204)
	gock.New("https://api.example").Get("/v3.0/creatives/9/companions/31").Reply(200).JSON(read)
	gock.New("https://api.example").Get("/component_creatives/v1.0/components/4").
		Reply(200).JSON(map[string]any{"data": map[string]any{"component_id": 4, "component_human_name": "Title", "char_limit": 25,
		"is_enabled": true, "value_type_name": "TEXT", "created_at": "2017-01-01", "future": "x"}})
	gock.New("https://api.example").Post("/component_creatives/v1.0/components/4").AddMatcher(capture(&comp)).
		Reply(200).JSON(map[string]any{"data": map[string]any{"component_id": 4}})

	c, err := cc.Companions.Create(ctx, 9, staticCompanion())
	require.NoError(t, err)
	assert.Equal(t, `{"details":{"adServer":"adama","typ":"static","width":300,"height":250,"landingUrl":"https://example.com","clickthroughUrl":"https://example.com/c"},`+
		`"fileExtension":"png","fileName":"banner.png","resourceData":"data:image/png;base64,iVBORw0KGgo="}`, string(create.body))
	assert.Equal(t, int64(31), c.ID)

	c.Details.Width = 320
	_, err = cc.Companions.Update(ctx, 9, c)
	require.NoError(t, err)
	assert.Equal(t, `{"details":{"adServer":"adama","typ":"static","width":320,"height":250,"landingUrl":"https://example.com","clickthroughUrl":"https://example.com/c","futureDetail":1},`+
		`"futureTop":true,"resourceData":"data:image/png;base64,iVBORw0KGgo="}`, string(save.body),
		"the whole companion (the update replaces): unknown properties kept, read-only ones left out, the image read sent back")

	_, err = cc.Components.Modify(ctx, 4, func(c *Component) error {
		c.CharLimit = nil
		c.ComponentHumanName = "Headline"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, `{"char_limit":null,"component_human_name":"Headline"}`, string(comp.body), "only the changes; a cleared field is null")
	assert.True(t, gock.IsDone())
}

func TestGockVideoCreateReadFails(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	gock.New("https://api.example").Post("/v3.0/creatives").Reply(201).JSON(map[string]any{"creativeId": 77})
	gock.New("https://api.example").Get("/v3.0/creatives/77").Reply(404).JSON(map[string]any{})

	c, err := cc.Videos.Create(ctx, validRecord())
	require.Error(t, err)
	assert.ErrorIs(t, err, adama.ErrNotFound)
	require.NotNil(t, c, "the creative exists: its id comes back with the error")
	assert.Equal(t, int64(77), c.ID)
	assert.True(t, gock.IsDone())
}

// TestGockComponentCreativeCreateAndUpdate pins the bytes of a create
// from a record built by hand (every write name, in the reference's
// order) and of an update of a record read (only the changes: read names
// mapped to write names, a cleared field as null, an unknown property
// changed).
func TestGockComponentCreativeCreateAndUpdate(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var create, save captured
	read := map[string]any{"data": map[string]any{"atomic_creative_id": 7, "creative_id": 3, "creative_name": "Native",
		"advertiser_id": 9, "advertiser_name": "Adv", "concept_id": "77", "concept_name": "C", "clickthrough_url": "https://example.com/a",
		"start_date": "2016-09-30T00:00:00", "end_date": "2030-11-30T00:00:00", "external_identifier": "NA", "status": "1",
		"assets":        []any{map[string]any{"asset_id": 5, "asset_type": "text", "asset_value": "x", "component_id": 6}},
		"last_modified": "2020-01-01", "future": 1}}
	gock.New("https://api.example").Post("/component_creatives/v1.0/creatives").AddMatcher(capture(&create)).
		Reply(201).JSON(read)
	gock.New("https://api.example").Get("/component_creatives/v1.0/creatives/7").Reply(200).JSON(read)
	gock.New("https://api.example").Post("/component_creatives/v1.0/creatives/7").AddMatcher(capture(&save)).
		Reply(200).JSON(read)

	_, err := cc.ComponentCreatives.Create(ctx, &ComponentCreative{AdvertiserID: 9, CreativeName: "Native", ConceptID: "77",
		Title: "T", Body: "B", BrandName: "Brand", Description: "D", ClickthroughURL: "https://example.com/a",
		ClickTrackingURL: "https://t.example/c", DestinationURL: "https://example.com/d", DisplayURL: "example.com",
		ImpressionTrackingTag: "<img>", ImpressionTrackingURL: "https://t.example/i", ViewabilityTrackingTag: "<v>",
		TPASAdTagName: "tag", ExternalIdentifier: "NA", StartDate: "2016-09-30T00:00:00", EndDate: "2030-11-30T00:00:00",
		Width: adama.Ptr(300), Height: adama.Ptr(250), Status: true, NewAssets: ReplaceAssets(TextAsset(6, "x"))})
	require.NoError(t, err)
	assert.Equal(t, `{"advertiser_id":9,"creative_name":"Native","concept_id":77,"title":"T","body":"B","brandName":"Brand",`+
		`"description":"D","clickThroughUrl":"https://example.com/a","clickTrackingUrl":"https://t.example/c",`+
		`"destinationUrl":"https://example.com/d","displayUrl":"example.com","impressionTrackingTag":"\u003cimg\u003e",`+
		`"impressionTrackingUrl":"https://t.example/i","viewabilityTrackingTag":"\u003cv\u003e","tpas_ad_tag_name":"tag",`+
		`"external_identifier":"NA","start_date":"2016-09-30T00:00:00","end_date":"2030-11-30T00:00:00","width":300,"height":250,`+
		`"status":true,"assets":"[{\"component_id\":6,\"asset_value\":\"x\"}]"}`, string(create.body))

	c, err := cc.ComponentCreatives.Get(ctx, 7)
	require.NoError(t, err)
	c.ConceptID = "78"
	c.ClickthroughURL = "https://example.com/b"
	c.EndDate = ""
	c.Title = "New"
	c.Extra["future"] = json.RawMessage(`2`)
	c.NewAssets = KeepAssets(c.Assets[0].AssetID)
	_, err = cc.ComponentCreatives.Update(ctx, c)
	require.NoError(t, err)
	assert.Equal(t, `{"concept_id":78,"title":"New","clickThroughUrl":"https://example.com/b","end_date":null,`+
		`"assets":"[{\"asset_id\":5}]","future":2}`, string(save.body))
	assert.True(t, gock.IsDone())
}

// TestGockUploaderV2 pins each request of the upload through the upload
// host: the location read, the exact multipart bytes sent to the upload
// host (with no platform credential), the last step's query and form.
func TestGockUploaderV2(t *testing.T) {
	cc := gockClient(t)
	ctx := context.Background()
	var loc, temp, take captured
	gock.New("https://api.example").Get("/video/v2.0/creatives/9/upload").MatchHeader("Authorization", "^Bearer tok-1$").
		AddMatcher(capture(&loc)).Reply(200).JSON(map[string]any{"key": "k-42", "uploader": map[string]any{"host": "uploads.example", "port": "8443"}})
	gock.New("https://uploads.example:8443").Post("/upload").AddMatcher(capture(&temp)).
		Reply(200).JSON(map[string]any{"size": 5, "path": "/tmp/upload_7f", "name": "a.mp4", "type": "video/mp4", "mtime": "2026-11-27T07:00:00.000Z"})
	gock.New("https://api.example").Post("/video/v2.0/creatives/9/upload").MatchHeader("Authorization", "^Bearer tok-1$").
		AddMatcher(capture(&take)).Reply(200).JSON(map[string]any{})

	tmp, err := cc.Videos.UploadViaUploaderV2(ctx, 9, "a.mp4", strings.NewReader("VIDEO"), 5, UploadOptions{})
	require.NoError(t, err)
	assert.True(t, gock.IsDone())
	assert.Equal(t, "/tmp/upload_7f", tmp.Path)

	assert.Empty(t, loc.query)
	assert.Empty(t, loc.body)

	boundary := strings.TrimPrefix(temp.header.Get("Content-Type"), "multipart/form-data; boundary=")
	want := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\nk-42\r\n" +
		"--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.mp4\"\r\nContent-Type: video/mp4\r\n\r\nVIDEO\r\n--" + boundary + "--\r\n"
	assert.Equal(t, want, string(temp.body), "exact multipart bytes: the key, then the file")
	assert.Empty(t, temp.header.Get("Authorization"), "the upload host is not the platform: no bearer")
	assert.Empty(t, temp.header.Get("Cookie"), "the upload host is not the platform: no session cookie")

	assert.Equal(t, "fileName=a.mp4", take.query)
	assert.Equal(t, "application/x-www-form-urlencoded", take.header.Get("Content-Type"))
	assert.Equal(t, "key=k-42&path=%2Ftmp%2Fupload_7f", string(take.body))
}
