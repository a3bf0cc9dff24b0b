package deals

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"reflect"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
)

// Channel is an advertising channel (Display, Video, CTV, ...). Shape from
// the Marketplaces API reference, GET /channels.
type Channel struct {
	// ID is the channel's id (the platform sometimes sends it as a string).
	ID int64 `json:"id"`
	// Name is the channel's name.
	Name string `json:"name,omitempty"`
	// Pos is the channel's position in lists.
	Pos int `json:"pos,omitempty"`
	// CreatedOn and UpdatedOn are set by the server.
	CreatedOn *adama.Time `json:"created_on,omitempty"`
	UpdatedOn *adama.Time `json:"updated_on,omitempty"`
	// Extra keeps properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type channelAlias Channel

var channelIdx = record.IndexOf(reflect.TypeFor[channelAlias]())

// UnmarshalJSON reads a channel leniently, keeping unknown properties.
func (c *Channel) UnmarshalJSON(b []byte) error {
	return record.DecodeKeepingInto(b, (*channelAlias)(c), channelIdx, &c.Extra)
}

// Misfits lists the values of the channel that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested records' included.
func (c *Channel) Misfits() []adama.Misfit {
	if c == nil {
		return nil
	}
	return record.Report(c, channelIdx, c.Extra)
}

// MarshalJSON writes the channel and its unknown properties.
func (c Channel) MarshalJSON() ([]byte, error) { return record.EncodeObject(channelAlias(c), c.Extra) }

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
	return listPtr[Channel](ctx, &g, &call.Call{Path: "/channels"}, ro)
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
