package firehose

import (
	"context"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the sample rate's range.
func (s *SampleSettings) Validate() error {
	var v valid.Validator
	s.validate(&v, "")
	return v.Err()
}

func (s *SampleSettings) validate(v *valid.Validator, prefix string) {
	v.Range(prefix+"SampleRate", int64(s.SampleRate), 0, 100)
}

// Validate checks the endpoints: data-center keys and absolute http(s)
// URLs.
func (s *WebSettings) Validate() error {
	var v valid.Validator
	s.validate(&v, "")
	return v.Err()
}

func (s *WebSettings) validate(v *valid.Validator, prefix string) {
	for _, k := range sortedKeys(s.Endpoints) {
		checkPlaceKey(v, prefix+"Endpoints", k)
		checkURL(v, prefix+"Endpoints."+k, s.Endpoints[k])
	}
}

// Validate checks the settings on their own: map keys, bucket names and
// the partition macro. RoleARN and ExternalID are checked against the
// stored values by the services.
func (s *Cloud1Settings) Validate() error {
	var v valid.Validator
	s.validate(&v, "", nil)
	return v.Err()
}

func (s *Cloud1Settings) validate(v *valid.Validator, prefix string, prev *Cloud1Settings) {
	for _, k := range sortedKeys(s.Regions) {
		checkPlaceKey(v, prefix+"Regions", k)
		v.Check(s.Regions[k] != "", prefix+"Regions."+k, "required", nil)
	}
	checkBuckets(v, prefix, s.Buckets)
	prevMacro := ""
	if prev != nil {
		prevMacro = prev.PartitionMacro
		checkReadOnly(v, prefix+"RoleARN", prev.RoleARN, s.RoleARN)
		checkReadOnly(v, prefix+"ExternalID", prev.ExternalID, s.ExternalID)
	}
	checkMacroField(v, prefix+"PartitionMacro", s.PartitionMacro, prevMacro, prev != nil, s.AcceptOverwriteRisk)
}

// Validate checks bucket keys and names and the partition macro.
func (s *Cloud2Settings) Validate() error {
	var v valid.Validator
	s.validate(&v, "", nil)
	return v.Err()
}

func (s *Cloud2Settings) validate(v *valid.Validator, prefix string, prev *Cloud2Settings) {
	checkBuckets(v, prefix, s.Buckets)
	prevMacro := ""
	if prev != nil {
		prevMacro = prev.PartitionMacro
	}
	checkMacroField(v, prefix+"PartitionMacro", s.PartitionMacro, prevMacro, prev != nil, s.AcceptOverwriteRisk)
}

// getSettings reads /consumers/{name}{rest} as a T and sets its Consumer.
func getSettings[T any](ctx context.Context, g *call.Group, name ConsumerName, rest string, set func(*T, ConsumerName), opts []adama.RequestOption) (*T, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	out, err := call.One[T](ctx, g, &call.Call{Path: consumerPath(name, rest)}, opts...)
	if err != nil {
		return nil, err
	}
	set(out, name)
	return out, nil
}

// postSettings replaces /consumers/{name}{rest} with body. The platform
// acknowledges with 200 and, at most, an echo of the settings.
func postSettings(ctx context.Context, g *call.Group, name ConsumerName, rest string, body any, opts []adama.RequestOption) error {
	return g.NoContent(ctx, &call.Call{Method: "POST", Path: consumerPath(name, rest), JSON: body}, opts...)
}

// SampleService reads and saves a consumer's sample settings
// (/consumers/{name}/samplesettings).
type SampleService struct{ g *call.Group }

// Get returns the consumer's sample settings.
func (s *SampleService) Get(ctx context.Context, name ConsumerName, opts ...adama.RequestOption) (*SampleSettings, error) {
	return getSettings(ctx, s.g, name, "/samplesettings", func(r *SampleSettings, n ConsumerName) { r.Consumer = n }, opts)
}

// Update replaces the sample settings of rec.Consumer with rec, whole
// (the platform's POST replaces them), after checking the rate's range
// (0 to 100). The platform answers no record: rec is returned as saved.
func (s *SampleService) Update(ctx context.Context, rec *SampleSettings, opts ...adama.RequestOption) (*SampleSettings, error) {
	var v valid.Validator
	v.Require("SampleSettings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
		rec.validate(&v, "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := postSettings(ctx, s.g, rec.Consumer, "/samplesettings", rec, opts); err != nil {
		return nil, err
	}
	return rec, nil
}

// WebService reads and saves a consumer's web settings
// (/consumers/{name}/websettings).
type WebService struct{ g *call.Group }

// Get returns the consumer's web settings.
func (s *WebService) Get(ctx context.Context, name ConsumerName, opts ...adama.RequestOption) (*WebSettings, error) {
	return getSettings(ctx, s.g, name, "/websettings", func(r *WebSettings, n ConsumerName) { r.Consumer = n }, opts)
}

// Update replaces the web settings of rec.Consumer with rec, whole, after
// checking the endpoints. The platform answers no record: rec is
// returned as saved.
func (s *WebService) Update(ctx context.Context, rec *WebSettings, opts ...adama.RequestOption) (*WebSettings, error) {
	var v valid.Validator
	v.Require("WebSettings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
		rec.validate(&v, "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := postSettings(ctx, s.g, rec.Consumer, "/websettings", rec, opts); err != nil {
		return nil, err
	}
	return rec, nil
}

// Cloud1Service reads and saves a consumer's first storage settings
// (/consumers/{name}/cloud1settings).
type Cloud1Service struct{ g *call.Group }

// Get returns the consumer's first storage settings.
func (s *Cloud1Service) Get(ctx context.Context, name ConsumerName, opts ...adama.RequestOption) (*Cloud1Settings, error) {
	return getSettings(ctx, s.g, name, "/cloud1settings", func(r *Cloud1Settings, n ConsumerName) { r.Consumer = n }, opts)
}

// Update replaces the first storage settings of rec.Consumer with rec,
// whole, after checking them. When rec carries RoleARN or ExternalID,
// the stored settings are read first and a different value is refused
// (they cannot be changed); left empty they are not sent. The platform
// answers no record: rec is returned as saved.
func (s *Cloud1Service) Update(ctx context.Context, rec *Cloud1Settings, opts ...adama.RequestOption) (*Cloud1Settings, error) {
	var v valid.Validator
	v.Require("Cloud1Settings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var prev *Cloud1Settings
	if rec.RoleARN != "" || rec.ExternalID != "" {
		cur, err := s.Get(ctx, rec.Consumer, opts...)
		if err != nil {
			return nil, err
		}
		prev = &Cloud1Settings{RoleARN: cur.RoleARN, ExternalID: cur.ExternalID}
	}
	rec.validate(&v, "", prev)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := postSettings(ctx, s.g, rec.Consumer, "/cloud1settings", rec, opts); err != nil {
		return nil, err
	}
	return rec, nil
}

// Cloud2Service reads and saves a consumer's second storage settings
// (/consumers/{name}/cloud2settings).
type Cloud2Service struct{ g *call.Group }

// Get returns the consumer's second storage settings.
func (s *Cloud2Service) Get(ctx context.Context, name ConsumerName, opts ...adama.RequestOption) (*Cloud2Settings, error) {
	return getSettings(ctx, s.g, name, "/cloud2settings", func(r *Cloud2Settings, n ConsumerName) { r.Consumer = n }, opts)
}

// Update replaces the second storage settings of rec.Consumer with rec,
// whole, after checking them. The platform answers no record: rec is
// returned as saved.
func (s *Cloud2Service) Update(ctx context.Context, rec *Cloud2Settings, opts ...adama.RequestOption) (*Cloud2Settings, error) {
	var v valid.Validator
	v.Require("Cloud2Settings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
		rec.validate(&v, "", nil)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := postSettings(ctx, s.g, rec.Consumer, "/cloud2settings", rec, opts); err != nil {
		return nil, err
	}
	return rec, nil
}
