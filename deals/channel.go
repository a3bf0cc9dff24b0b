package deals

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"

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
