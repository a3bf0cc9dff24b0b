package deals

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
)

// writeID is the channel's id as a create or update sends it: an id that
// fit no documented form goes back as it came while ID is zero.
func (c Channel) writeID() json.RawMessage {
	if raw, kept := c.Extra["id"]; kept && c.ID == 0 {
		return raw
	}
	return json.RawMessage(strconv.FormatInt(c.ID, 10))
}

// ChannelService lists channels.
type ChannelService struct{ g *call.Group }

// ChannelListOptions shape a channel list. The platform takes no list
// parameters for channels today and answers every channel on one page; the
// type is here so that List has the shape of every other list and options
// can be added without changing its signature.
type ChannelListOptions struct{}

// List returns every channel, on one page (nil options: the platform's
// defaults). The reference documents the answer as a bare JSON array; the
// group's data envelope is read too.
func (s *ChannelService) List(ctx context.Context, _ *ChannelListOptions, ro ...adama.RequestOption) (*adama.Page[*Channel], error) {
	g := *s.g
	g.Envelope = arrayOrData{}
	return listPage[Channel](ctx, &g, &call.Call{Path: "/channels"}, ro)
}

// arrayOrData reads a bare JSON array with call.Bare and anything else
// with the group's data envelope.
type arrayOrData struct{}

// Decode reads the answer in whichever form it came.
func (arrayOrData) Decode(r io.Reader, mt string, dst any) (call.Meta, error) {
	br := bufio.NewReader(r)
	for {
		b, err := br.Peek(1)
		if err != nil || (b[0] != ' ' && b[0] != '\n' && b[0] != '\r' && b[0] != '\t') {
			break
		}
		_, _ = br.ReadByte()
	}
	if b, err := br.Peek(1); err == nil && b[0] == '[' {
		return call.Bare.Decode(br, mt, dst)
	}
	return call.DataMeta.Decode(br, mt, dst)
}
