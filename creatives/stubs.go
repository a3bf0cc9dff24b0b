package creatives

import "github.com/adamasdk/adama-go/internal/call"

// ClassificationService is classification v3.
type ClassificationService struct{ g, v1 *call.Group }

// StaticDataService is IAB static data v3.
type StaticDataService struct{ g, v1 *call.Group }

// VideoV2Service is video creatives v2.0.
type VideoV2Service struct {
	g  *call.Group
	v3 *VideoService
}

// ComponentCreativeService is component creatives.
type ComponentCreativeService struct{ g *call.Group }

// ComponentService is components.
type ComponentService struct{ g *call.Group }

// AssetService is assets.
type AssetService struct{ g *call.Group }

// ApprovalService is approvals.
type ApprovalService struct{ g *call.Group }
