package targeting

import (
	"github.com/adamasdk/adama-go/internal/call"
)

// TargetPathService lists target paths (GET /target-path). The reference
// names the operation list-target-paths-legacy but gives no other path for
// it; it is the only way to list target paths. Its methods are generated
// (services_gen.go).
type TargetPathService struct {
	g *call.Group
}
