package firehose

// ChannelOf estimates the channel type of a bid request from its OpenRTB
// fields: an app is in-app, a phone or tablet (device types 1, 4 and 5) is
// mobile web, a video impression is video; the rest is display.
func ChannelOf(r *BidRequest) ChannelType {
	video := len(r.Imp) > 0 && r.Imp[0].Video != nil
	mobile := r.Device != nil && (r.Device.DeviceType == 1 || r.Device.DeviceType == 4 || r.Device.DeviceType == 5)
	switch {
	case r.App != nil && video:
		return ChannelTypeMobileVideoInApp
	case r.App != nil:
		return ChannelTypeMobileDisplayInApp
	case mobile && video:
		return ChannelTypeMobileVideoMobileWeb
	case mobile:
		return ChannelTypeMobileDisplayMobileWeb
	case video:
		return ChannelTypeVideo
	}
	return ChannelTypeDisplay
}
