package creatives

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// AssetFile is an image sent as a multipart file part.
type AssetFile struct {
	// Filename is the file's name (required).
	Filename string
	// ContentType is the file's media type (default
	// application/octet-stream).
	ContentType string
	// Data is the file's content.
	Data []byte
}

// NewAsset is the body of an asset upload (AssetService.Upload): a text value (JSON) or an
// image file (multipart form data), tied to an advertiser or to creatives
// of one advertiser. Shape from
// the Component Creatives API reference,
// POST /assets (NewTextAsset and the multipart image sample).
type NewAsset struct {
	// ComponentID is the component the asset fills (required).
	ComponentID int64
	// AssetValue is a text value; Image is an image file. Set one.
	AssetValue string
	Image      *AssetFile
	// AdvertiserID or CreativeIDs is required; all creatives must belong
	// to one advertiser (and to AdvertiserID when both are given).
	AdvertiserID int64
	CreativeIDs  []int64
}

// AssetService is the assets of component creatives.
type AssetService struct {
	g *call.Group
}

// Upload sends a new asset (POST /assets): an image file as multipart
// form data, or a text value as JSON, with the creatives it is attached
// to or the advertiser it belongs to. Before sending, it checks that
// AdvertiserID or CreativeIDs is given and, reading each creative, that
// all creatives share one advertiser. It returns the asset as the
// platform answers it.
func (s *AssetService) Upload(ctx context.Context, in *NewAsset, opts ...adama.RequestOption) (*Asset, error) {
	var v valid.Validator
	if in == nil {
		v.Add("body", "required", nil)
		return nil, v.Err()
	}
	checkID(&v, "component_id", in.ComponentID)
	v.Check((in.AssetValue != "") != (in.Image != nil), "asset_value", "exactly one of a text value or an image file", nil)
	if in.Image != nil {
		v.Check(in.Image.Filename != "", "asset_value.filename", "required", nil)
	}
	v.Check(in.AdvertiserID != 0 || len(in.CreativeIDs) > 0, "advertiser_id", "advertiser_id or creative_ids is required", nil)
	if in.AdvertiserID != 0 {
		checkID(&v, "advertiser_id", in.AdvertiserID)
	}
	for i, id := range in.CreativeIDs {
		checkID(&v, "creative_ids["+strconv.Itoa(i)+"]", id)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if len(in.CreativeIDs) > 0 {
		cs := &ComponentCreativeService{g: s.g}
		adv := in.AdvertiserID
		for i, id := range in.CreativeIDs {
			c, err := cs.Get(ctx, id, opts...)
			if err != nil {
				return nil, err
			}
			if adv == 0 {
				adv = c.AdvertiserID
			}
			v.Check(c.AdvertiserID == adv, "creative_ids["+strconv.Itoa(i)+"]", "all creatives must belong to one advertiser", c.AdvertiserID)
		}
		if err := v.Err(); err != nil {
			return nil, err
		}
	}
	ids := in.CreativeIDs
	if ids == nil {
		ids = []int64{}
	}
	c := &call.Call{Method: http.MethodPost, Path: "/assets"}
	if in.Image != nil {
		idsJSON, _ := json.Marshal(ids)
		mp := &call.Multipart{Fields: []call.Field{{Name: "component_id", Value: itoa64(in.ComponentID)}}}
		if len(in.CreativeIDs) > 0 {
			mp.Fields = append(mp.Fields, call.Field{Name: "creative_ids", Value: string(idsJSON)})
		}
		if in.AdvertiserID != 0 {
			mp.Fields = append(mp.Fields, call.Field{Name: "advertiser_id", Value: itoa64(in.AdvertiserID)})
		}
		mp.Files = []call.File{{Field: "asset_value", FileName: in.Image.Filename, ContentType: in.Image.ContentType, Data: in.Image.Data}}
		c.Multipart = mp
	} else {
		c.JSON = struct {
			ComponentID  int64   `json:"component_id"`
			AssetValue   string  `json:"asset_value"`
			CreativeIDs  []int64 `json:"creative_ids,omitempty"`
			AdvertiserID int64   `json:"advertiser_id,omitempty"`
		}{in.ComponentID, in.AssetValue, in.CreativeIDs, in.AdvertiserID}
	}
	return ccOne[Asset](ctx, s.g, c, opts)
}

// assetTextRequest checks a text asset's new value and sends it as JSON
// (UpdateText).
func assetTextRequest(c *call.Call, _ int64, value string) error {
	var v valid.Validator
	v.Check(value != "", "asset_value", "required", nil)
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON = map[string]string{"asset_value": value}
	return nil
}

// assetImageRequest checks an image asset's new file and sends it as
// multipart form data with the file in asset_value (UpdateImage).
func assetImageRequest(c *call.Call, _ int64, f *AssetFile) error {
	var v valid.Validator
	v.Check(f != nil && f.Filename != "", "asset_value", "an image file with a name", nil)
	if err := v.Err(); err != nil {
		return err
	}
	c.Multipart = &call.Multipart{Files: []call.File{{Field: "asset_value", FileName: f.Filename, ContentType: f.ContentType, Data: f.Data}}}
	return nil
}
