package creatives

import (
	"context"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// MaxApprovalIDs is how many ids one approvals read takes (the reference:
// "not to exceed 50"); longer lists are split into several calls.
const MaxApprovalIDs = 50

// ApprovalService is the approval status of component creatives.
type ApprovalService struct {
	g *call.Group
}

// ccRecords returns the records of a data list, not a page
// (ListByIDs, whose calls of at most MaxApprovalIDs ids are joined).
func ccRecords[L ~[]*E, E any](ctx context.Context, g *call.Group, c *call.Call, opts ...adama.RequestOption) (L, error) {
	p, err := ccList[E](ctx, g, c, opts)
	if err != nil {
		return nil, err
	}
	return p.Items, nil
}

// approvalRequest checks the image or subtitle assets of PostAssets
// and writes its body: the creative id with the assets as base64.
func approvalRequest(c *call.Call, atomicCreativeID int64, assets []AssetInput) error {
	var v valid.Validator
	checkID(&v, "atomic_creative_id", atomicCreativeID)
	v.Check(len(assets) > 0, "assets", "at least one asset", nil)
	for i := range assets {
		p := "assets[" + strconv.Itoa(i) + "]."
		assets[i].check(&v, p)
		v.Check(assets[i].EncodedImageFile != "" || assets[i].EncodedSubtitleFile != "", p[:len(p)-1], "an image or subtitle asset", nil)
	}
	if err := v.Err(); err != nil {
		return err
	}
	c.JSON = map[string]any{"assets": assetsParam(assets), "atomic_creative_id": atomicCreativeID}
	return nil
}
