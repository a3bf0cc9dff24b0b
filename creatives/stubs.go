package creatives

import "github.com/adamasdk/adama-go/internal/call"

// ComponentCreativeService is component creatives.
type ComponentCreativeService struct{ g *call.Group }

// ComponentService is components.
type ComponentService struct{ g *call.Group }

// AssetService is assets.
type AssetService struct{ g *call.Group }

// ApprovalService is approvals.
type ApprovalService struct{ g *call.Group }
