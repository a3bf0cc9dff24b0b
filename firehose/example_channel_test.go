package firehose_test

import (
	"fmt"

	"github.com/adamasdk/adama-go/firehose"
)

// ChannelOf estimates a delivered bid request's channel type from its
// OpenRTB fields.
func ExampleChannelOf() {
	r := &firehose.BidRequest{App: &firehose.App{}, Imp: []firehose.Imp{{Video: &firehose.Video{}}}}
	fmt.Println(firehose.ChannelOf(r))
	r = &firehose.BidRequest{Device: &firehose.Device{DeviceType: 4}}
	fmt.Println(firehose.ChannelOf(r))
	// Output:
	// MOBILE_VIDEO_IN_APP
	// MOBILE_DISPLAY_MOBILE_WEB
}
