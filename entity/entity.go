package entity

import (
	"context"
	"encoding/json"
	"github.com/adamasdk/adama-go/internal/route"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
)

// Option configures the group A client.
type Option func(*options)

type options struct{ xml bool }

// WithXML asks for XML answers instead of JSON; records decode the same
// either way.
func WithXML() Option { return func(o *options) { o.xml = true } }

// New returns the group A services on c.
func New(c *adama.Client, opts ...Option) *Client {
	var o options
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	g := &call.Group{Client: c, Host: adama.HostBase, Prefix: pathPrefix, Auth: adama.AuthSession, Envelope: call.DataMeta, XML: o.xml}
	return newClient(c, g)
}

// Session is the answer of GET /session: the user the bearer token belongs
// to and when the session ends. The platform answers
// {"data":{"id","name","entity_type":"user","session":{"sessionid","expires"}}}
// in JSON; in XML an <entity type="user"> followed by a sibling
// <session current_time expires sessionid/> (a <session> child of the
// entity is read too); expires carries no zone (read as UTC). The session id is
// the adama_session cookie: the client keeps it and it is not part of the
// record, so printing a Session shows no credential.
type Session struct {
	// ID and Name are the signed-in user's.
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// EntityType is "user".
	EntityType string `json:"entity_type"`
	// Expires is when the session ends.
	Expires *adama.Time `json:"-"`
}

// UnmarshalJSON reads the session answer, keeping the expiry and dropping
// the session id.
func (s *Session) UnmarshalJSON(b []byte) error {
	type plain Session
	var aux struct {
		*plain
		Session *struct {
			Expires *adama.Time `json:"expires"`
		} `json:"session"`
	}
	aux.plain = (*plain)(s)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if aux.Session != nil {
		s.Expires = aux.Session.Expires
	}
	return nil
}

// Session calls GET /api/v2.0/session with the bearer token. (The client
// bootstraps the adama_session cookie by itself; this reads who is
// signed in.)
func (ec *Client) Session(ctx context.Context, ropt ...adama.RequestOption) (*Session, error) {
	g := *ec.g
	g.Prefix, g.Auth = "", adama.AuthBearer
	return call.One[Session](ctx, &g, &call.Call{Path: route.Session}, ropt...)
}
