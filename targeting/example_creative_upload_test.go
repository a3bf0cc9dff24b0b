package targeting_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/adamasdk/adama-go/targeting"
)

// Creative files are streamed from any io.Reader (an *os.File, with its
// size from Stat, is rewound on a retry); Draft checks them first,
// storing nothing.
func ExampleAtomicCreativeService_Upload() {
	tc, srv := setup()
	defer srv.Close()
	ctx := context.Background()
	content := "GIF89a..."
	u := &targeting.CreativeUpload{
		Metadata: targeting.AtomicCreativeUploadMetadata{AdvertiserID: 125, Submissions: []*targeting.AtomicCreativeSubmission{
			{Name: "banner_300x250.gif", ClickThroughURL: "https://brand.example/click", ConceptID: 7},
		}},
		Files: []targeting.CreativeFile{{Name: "banner_300x250.gif", File: strings.NewReader(content), Size: int64(len(content))}},
	}
	d, err := tc.AtomicCreatives.Draft(ctx, u)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.UploadedFiles[0].Name, *d.Metadata.IsHTTPS)
	u.Files[0].File = strings.NewReader(content)
	made, err := tc.AtomicCreatives.Upload(ctx, u)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(made), made[0].Name)
	// Output:
	// banner_300x250.gif true
	// 1 banner_300x250.gif
}
