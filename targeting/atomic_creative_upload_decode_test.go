package targeting_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/targeting"
)

// The previewCreativeAssets.200.* and uploadCreativeAssets.200.* bodies of
// testdata/v3/reference/examples are the Campaigns API reference's answer
// examples of POST /creative_draft and POST /creative_upload, as
// internal/cmd/refexamples writes them: in the upload answers the two
// vendor-named status fields are left out, the product-named flag and ad
// server type take the spec's neutral words (p1as, PLATFORM) and the next
// page the neutral host.

func TestDecodeCreativeUploadBodies(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"previewCreativeAssets.200.single_image.json", "previewCreativeAssets.200.multiple_images.json", "previewCreativeAssets.200.html5_creative.json"} {
		t.Run(name, func(t *testing.T) {
			d, err := fileClient(t, 200, examplePath(name)).AtomicCreatives.Draft(ctx, creativeUpload(1))
			require.NoError(t, err)
			assert.Empty(t, d.Misfits())
			assert.Empty(t, d.Extra)
			require.NotEmpty(t, d.UploadedFiles)
			assert.Equal(t, int64(100212), d.Metadata.AdvertiserID)
			require.Len(t, d.Metadata.Submissions, len(d.UploadedFiles))
			assert.NotZero(t, d.Metadata.Submissions[0].ConceptID)
			assert.NotEmpty(t, d.Metadata.Submissions[0].ClickThroughURL)
		})
	}
	for _, name := range []string{"uploadCreativeAssets.200.single_image_upload.json", "uploadCreativeAssets.200.multiple_creatives_upload.json"} {
		t.Run(name, func(t *testing.T) {
			got, err := fileClient(t, 200, examplePath(name)).AtomicCreatives.Upload(ctx, creativeUpload(1))
			require.NoError(t, err)
			require.NotEmpty(t, got)
			a := got[0]
			assert.Empty(t, a.Misfits())
			assert.Equal(t, int64(100212), a.AdvertiserID)
			assert.Equal(t, targeting.AtomicCreativeAdServerTypePlatform, a.AdServerType)
			assert.Empty(t, a.Extra)
			assert.NotEmpty(t, a.Name)
			assert.True(t, strings.HasPrefix(a.BuildDate, "2025-12-12"))
		})
	}
}

// FuzzCreativeDraftDecode feeds arbitrary JSON to the draft answer's
// decoder: it never panics, and what decodes writes JSON that decodes
// again with as many misfits.
func FuzzCreativeDraftDecode(f *testing.F) {
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(f, examplePath("previewCreativeAssets.200.multiple_images.json")), &env); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(env.Data))
	f.Fuzz(func(t *testing.T, b []byte) {
		var d targeting.AtomicCreativeDraft
		if err := json.Unmarshal(b, &d); err != nil {
			return
		}
		out, err := json.Marshal(&d)
		if err != nil {
			if strings.Contains(err.Error(), "unsupported value") {
				return
			}
			t.Fatal(err)
		}
		var again targeting.AtomicCreativeDraft
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		if len(again.Misfits()) != len(d.Misfits()) {
			t.Fatalf("misfits %v then %v", d.Misfits(), again.Misfits())
		}
	})
}
