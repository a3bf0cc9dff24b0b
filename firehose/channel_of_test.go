package firehose_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/adamasdk/adama-go/firehose"
)

func TestChannelOf(t *testing.T) {
	video := []firehose.Imp{{Video: &firehose.Video{}}}
	banner := []firehose.Imp{{}}
	for _, tc := range []struct {
		name string
		r    firehose.BidRequest
		want firehose.ChannelType
	}{
		{"app with video", firehose.BidRequest{App: &firehose.App{}, Imp: video}, firehose.ChannelTypeMobileVideoInApp},
		{"app", firehose.BidRequest{App: &firehose.App{}, Imp: banner}, firehose.ChannelTypeMobileDisplayInApp},
		{"phone with video", firehose.BidRequest{Device: &firehose.Device{DeviceType: 4}, Imp: video}, firehose.ChannelTypeMobileVideoMobileWeb},
		{"tablet", firehose.BidRequest{Device: &firehose.Device{DeviceType: 5}, Imp: banner}, firehose.ChannelTypeMobileDisplayMobileWeb},
		{"mobile device type 1", firehose.BidRequest{Device: &firehose.Device{DeviceType: 1}}, firehose.ChannelTypeMobileDisplayMobileWeb},
		{"desktop with video", firehose.BidRequest{Device: &firehose.Device{DeviceType: 2}, Imp: video}, firehose.ChannelTypeVideo},
		{"desktop", firehose.BidRequest{Device: &firehose.Device{DeviceType: 2}, Imp: banner}, firehose.ChannelTypeDisplay},
		{"nothing known", firehose.BidRequest{}, firehose.ChannelTypeDisplay},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, firehose.ChannelOf(&tc.r))
		})
	}
}
