package creatives

import (
	"context"

	"github.com/adamasdk/adama-go/adama"
)

// What the tests of package creatives_test (those that run against
// adamatest, which imports this package) need of the package's
// internals and of its internal tests' fixtures.

const MaxUnixSeconds = maxUnixSeconds

var (
	ValidNew        = validNew
	ValidRecord     = validRecord
	UploadInput     = uploadInput
	StaticCompanion = staticCompanion
	MustReq         = mustReq
	NewRawServer    = newRawServer
)

// CreateVideo sends a create body (POST /creatives) and reads its answer,
// as s's create does.
func CreateVideo(s *VideoService, ctx context.Context, body any, opts []adama.RequestOption) (*CreateResult, error) {
	return s.create(ctx, body, opts)
}
