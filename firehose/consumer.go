package firehose

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// ConsumerSettings is a consumer's whole configuration. Shape from spec
// §2.12 and the opportunity-stream configuration API reference,
// GET /consumers/{name} (the reference's storage settings object is
// Cloud1Settings here). Posting back what Get returned applies changes
// and loses nothing: properties the SDK does not model stay in Extra.
type ConsumerSettings struct {
	// Name is the consumer's name, as the platform reports it.
	Name string `json:"Name,omitempty"`
	// DropZeroUID drops opportunities without a user id.
	DropZeroUID bool `json:"DropZeroUID"`
	// DropExchangeUID drops the exchange's user id.
	DropExchangeUID bool `json:"DropExchangeUID"`
	// DropBody drops the bid request body.
	DropBody bool `json:"DropBody"`
	// Filters are the active filters (AND-ed).
	Filters Filters `json:"Filters,omitempty"`
	// SampleSettings turn delivery on or off and set the sample rate.
	SampleSettings *SampleSettings `json:"SampleSettings,omitempty"`
	// Cloud1Settings configure delivery to the first object storage.
	Cloud1Settings *Cloud1Settings `json:"Cloud1Settings,omitempty"`
	// WebSettings configure delivery to web endpoints.
	WebSettings *WebSettings `json:"WebSettings,omitempty"`
	// Cloud2Settings configure delivery to the second object storage.
	Cloud2Settings *Cloud2Settings `json:"Cloud2Settings,omitempty"`
	// Extra keeps the properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainConsumer ConsumerSettings

// UnmarshalJSON reads the configuration liberally and keeps unknown
// properties in Extra.
func (s *ConsumerSettings) UnmarshalJSON(b []byte) error {
	var p plainConsumer
	extra, err := decodeRecord(b, &p)
	if err != nil {
		return err
	}
	*s = ConsumerSettings(p)
	s.Extra = extra
	return nil
}

// Misfits lists the values of the configuration that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested settings' included.
func (s *ConsumerSettings) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, consumerIdx, s.Extra)
}

// MarshalJSON writes the configuration with Extra.
func (s ConsumerSettings) MarshalJSON() ([]byte, error) {
	return encodeRecord(plainConsumer(s), s.Extra)
}

// Clone returns a deep copy of s.
func (s *ConsumerSettings) Clone() *ConsumerSettings {
	b, err := json.Marshal(s)
	out := new(ConsumerSettings)
	if err != nil || json.Unmarshal(b, out) != nil {
		return out
	}
	if s.Cloud1Settings != nil && out.Cloud1Settings != nil {
		out.Cloud1Settings.AcceptOverwriteRisk = s.Cloud1Settings.AcceptOverwriteRisk
	}
	if s.Cloud2Settings != nil && out.Cloud2Settings != nil {
		out.Cloud2Settings.AcceptOverwriteRisk = s.Cloud2Settings.AcceptOverwriteRisk
	}
	return out
}

// Validate checks every rule of the configuration on its own (see the
// package doc). RoleARN and ExternalID are checked against the stored
// values by Replace and Modify.
func (s *ConsumerSettings) Validate() error {
	var v valid.Validator
	s.validate(&v, nil)
	return v.Err()
}

// validate checks s; prev, when known, is the stored configuration: a
// partition macro left as it was is not refused again, and RoleARN and
// ExternalID must equal it.
func (s *ConsumerSettings) validate(v *valid.Validator, prev *ConsumerSettings) {
	var prevFilters Filters
	if prev != nil {
		prevFilters = prev.Filters
	}
	s.Filters.validate(v, "Filters", prevFilters)
	if s.SampleSettings != nil {
		s.SampleSettings.validate(v, "SampleSettings.")
	}
	if s.WebSettings != nil {
		s.WebSettings.validate(v, "WebSettings.")
	}
	if s.Cloud1Settings != nil {
		var p *Cloud1Settings
		if prev != nil {
			p = prev.Cloud1Settings
			if p == nil {
				p = &Cloud1Settings{}
			}
		}
		s.Cloud1Settings.validate(v, "Cloud1Settings.", p)
	}
	if s.Cloud2Settings != nil {
		var p *Cloud2Settings
		if prev != nil {
			p = prev.Cloud2Settings
			if p == nil {
				p = &Cloud2Settings{}
			}
		}
		s.Cloud2Settings.validate(v, "Cloud2Settings.", p)
	}
}

// consumerNames reads the consumer list: the reference's object whose
// keys are the names ({"name": null, ...}) or a plain array of names.
type consumerNames []string

func (n *consumerNames) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var list []string
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		*n = list
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	list := make([]string, 0, len(m))
	for k := range m {
		list = append(list, k)
	}
	slices.Sort(list)
	*n = list
	return nil
}

// ConsumerService reads the names of accessible consumers and reads or
// replaces a whole consumer configuration (/consumers, /consumers/{name}).
type ConsumerService struct{ g *call.Group }

// List returns the names of the consumers the caller can access, sorted.
func (s *ConsumerService) List(ctx context.Context, opts ...adama.RequestOption) ([]string, error) {
	n, err := call.One[consumerNames](ctx, s.g, &call.Call{Path: "/consumers"}, opts...)
	if err != nil {
		return nil, err
	}
	return []string(*n), nil
}

// Get returns a consumer's whole configuration.
func (s *ConsumerService) Get(ctx context.Context, name string, opts ...adama.RequestOption) (*ConsumerSettings, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	return call.One[ConsumerSettings](ctx, s.g, &call.Call{Path: consumerPath(name, "")}, opts...)
}

// Replace posts a whole configuration: the output of Get, changed, is
// applied. It is checked first; when it carries Cloud1Settings.RoleARN or
// ExternalID the stored configuration is read and a different value is
// refused. A partition macro without %appuuid% and %nano% (the platform's
// default has no %nano%) needs AcceptOverwriteRisk here; Modify, which
// knows the stored macro, does not ask again for one left as it was.
func (s *ConsumerService) Replace(ctx context.Context, name string, set *ConsumerSettings, opts ...adama.RequestOption) error {
	var v valid.Validator
	v.Require("name", name != "")
	v.Require("ConsumerSettings", set != nil)
	if err := v.Err(); err != nil {
		return err
	}
	var prev *ConsumerSettings
	if c := set.Cloud1Settings; c != nil && (c.RoleARN != "" || c.ExternalID != "") {
		cur, err := s.Get(ctx, name, opts...)
		if err != nil {
			return err
		}
		prev = &ConsumerSettings{}
		if cur.Cloud1Settings != nil {
			prev.Cloud1Settings = &Cloud1Settings{RoleARN: cur.Cloud1Settings.RoleARN, ExternalID: cur.Cloud1Settings.ExternalID}
		}
	}
	set.validate(&v, prev)
	if err := v.Err(); err != nil {
		return err
	}
	return s.replace(ctx, name, set, opts)
}

func (s *ConsumerService) replace(ctx context.Context, name string, set *ConsumerSettings, opts []adama.RequestOption) error {
	return s.g.NoContent(ctx, &call.Call{Method: "POST", Path: consumerPath(name, ""), JSON: set}, opts...)
}

// ErrNoChange is what a Modify function returns to end Modify without
// sending anything.
var ErrNoChange = errors.New("firehose: no change")

// Modify reads a consumer's configuration, lets fn change it and posts
// it back whole, so every property, known to the SDK or not, is kept.
// The change is checked against the configuration read: RoleARN and
// ExternalID must not change, and a partition macro left as it was is
// not refused again. fn returning ErrNoChange ends Modify with nil and
// sends nothing; any other error ends it with that error.
func (s *ConsumerService) Modify(ctx context.Context, name string, fn func(*ConsumerSettings) error, opts ...adama.RequestOption) error {
	if err := checkName(name); err != nil {
		return err
	}
	cur, err := s.Get(ctx, name, opts...)
	if err != nil {
		return err
	}
	next := cur.Clone()
	if err := fn(next); err != nil {
		if errors.Is(err, ErrNoChange) {
			return nil
		}
		return err
	}
	var v valid.Validator
	next.validate(&v, cur)
	if err := v.Err(); err != nil {
		return err
	}
	return s.replace(ctx, name, next, opts)
}
