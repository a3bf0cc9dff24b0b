package creatives

import (
	"context"
	"net/url"
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

// ListByIDs returns the approval status of the creatives ids (GET
// /approvals?atomic_creative_ids=...), sending MaxApprovalIDs ids per
// request. The platform answers by id, without paging.
func (s *ApprovalService) ListByIDs(ctx context.Context, ids []int64, opts ...adama.RequestOption) ([]*Approval, error) {
	var v valid.Validator
	v.Check(len(ids) > 0, "atomic_creative_ids", "at least one id", nil)
	for i, id := range ids {
		checkID(&v, "atomic_creative_ids["+strconv.Itoa(i)+"]", id)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var out []*Approval
	for start := 0; start < len(ids); start += MaxApprovalIDs {
		chunk := ids[start:min(start+MaxApprovalIDs, len(ids))]
		p, err := ccList[Approval](ctx, s.g, &call.Call{Path: "/approvals", Query: url.Values{"atomic_creative_ids": {joinIDs(chunk)}}}, opts)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Items...)
	}
	return out, nil
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
