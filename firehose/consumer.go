package firehose

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/modify"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Clone returns a deep copy of s.
func (s *ConsumerSettings) Clone() *ConsumerSettings {
	b, err := json.Marshal(s)
	out := new(ConsumerSettings)
	if err != nil || json.Unmarshal(b, out) != nil {
		return out
	}
	out.Consumer = s.Consumer
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
// values by Update and Modify.
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
		s.SampleSettings.validateAt(v, "SampleSettings", false)
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
type consumerNames []ConsumerName

func (n *consumerNames) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var list []ConsumerName
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
	list := make([]ConsumerName, 0, len(m))
	for k := range m {
		list = append(list, ConsumerName(k))
	}
	slices.Sort(list)
	*n = list
	return nil
}

// ConsumerService reads the names of accessible consumers and reads or
// saves a whole consumer configuration (/consumers, /consumers/{name}).
type ConsumerService struct{ g *call.Group }

// Names returns the names of the consumers the caller can access, sorted.
// (The platform answers names only, all at once: there is no page of
// records to list.)
func (s *ConsumerService) Names(ctx context.Context, opts ...adama.RequestOption) ([]ConsumerName, error) {
	n, err := call.One[consumerNames](ctx, s.g, &call.Call{Path: "/consumers"}, opts...)
	if err != nil {
		return nil, err
	}
	return []ConsumerName(*n), nil
}

// Update posts a whole configuration (the platform's POST replaces it)
// for rec.Consumer (rec.Name when empty): the output of Get, changed, is
// applied with every property, known to the SDK or not. It is checked
// first; when it carries Cloud1Settings.RoleARN or ExternalID the stored
// configuration is read and a different value is refused. A partition
// macro without %appuuid% and %nano% (the platform's default has no
// %nano%) needs AcceptOverwriteRisk here; Modify, which knows the stored
// macro, does not ask again for one left as it was. The platform answers
// no record: rec is returned as saved.
func (s *ConsumerService) Update(ctx context.Context, rec *ConsumerSettings, opts ...adama.RequestOption) (*ConsumerSettings, error) {
	var v valid.Validator
	v.Require("ConsumerSettings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.key() != "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var prev *ConsumerSettings
	if c := rec.Cloud1Settings; c != nil && (c.RoleARN != "" || c.ExternalID != "") {
		cur, err := s.Get(ctx, rec.key(), opts...)
		if err != nil {
			return nil, err
		}
		prev = &ConsumerSettings{}
		if cur.Cloud1Settings != nil {
			prev.Cloud1Settings = &Cloud1Settings{RoleARN: cur.Cloud1Settings.RoleARN, ExternalID: cur.Cloud1Settings.ExternalID}
		}
	}
	rec.validate(&v, prev)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.save(ctx, rec, opts)
}

// key is the consumer rec is saved to.
func (s *ConsumerSettings) key() ConsumerName {
	if s.Consumer != "" {
		return s.Consumer
	}
	return ConsumerName(s.Name)
}

func (s *ConsumerService) save(ctx context.Context, rec *ConsumerSettings, opts []adama.RequestOption) (*ConsumerSettings, error) {
	if err := s.g.NoContent(ctx, &call.Call{Method: "POST", Path: consumerPath(rec.key(), ""), JSON: rec}, opts...); err != nil {
		return nil, err
	}
	return rec, nil
}

// ErrNoChange is what a Modify function returns to end Modify without
// sending anything.
var ErrNoChange = errors.New("firehose: no change")

// Modify reads a consumer's configuration, lets fn change it and posts
// it back whole, so every property, known to the SDK or not, is kept
// (through internal/modify's read-change-save loop; the platform keeps
// no version, so there is no conflict to retry). The change is checked
// against the configuration read: RoleARN and ExternalID must not
// change, and a partition macro left as it was is not refused again. fn
// returning ErrNoChange ends Modify with the configuration read and sends
// nothing; any other error ends it with that error.
func (s *ConsumerService) Modify(ctx context.Context, name ConsumerName, fn func(*ConsumerSettings) error, opts ...adama.RequestOption) (*ConsumerSettings, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	var cur *ConsumerSettings
	noChange := false
	return modify.Run(ctx, "consumer "+string(name),
		func(ctx context.Context) (*ConsumerSettings, error) {
			read, err := s.Get(ctx, name, opts...)
			if err != nil {
				return nil, err
			}
			cur, noChange = read, false
			return read.Clone(), nil
		},
		func(next *ConsumerSettings) error {
			err := fn(next)
			if errors.Is(err, ErrNoChange) {
				noChange = true
				return nil
			}
			return err
		},
		func(ctx context.Context, next *ConsumerSettings) (*ConsumerSettings, error) {
			if noChange {
				return cur, nil
			}
			var v valid.Validator
			next.validate(&v, cur)
			if err := v.Err(); err != nil {
				return nil, err
			}
			return s.save(ctx, next, opts)
		})
}
