package firehose

import (
	"context"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/valid"
)

// Validate checks the sample rate's range (the rules the description
// states; records_gen.go).
func (s *SampleSettings) Validate() error {
	var v valid.Validator
	s.validate(&v, false)
	return v.Err()
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

// postSettings replaces /consumers/{name}{rest} with body. The platform
// acknowledges with 200 and, at most, an echo of the settings.
func postSettings(ctx context.Context, g *call.Group, name ConsumerName, rest string, body any, opts []adama.RequestOption) error {
	return g.NoContent(ctx, &call.Call{Method: "POST", Path: consumerPath(name, rest), JSON: body}, opts...)
}

// SampleService reads and saves a consumer's sample settings
// (/consumers/{name}/samplesettings).
type SampleService struct{ g *call.Group }

// updateRequest checks rec for SampleSettings.Update (the consumer named,
// the rate 0 to 100) and returns the body: rec whole, as the platform's
// POST replaces the settings.
func (rec *SampleSettings) updateRequest() (any, error) {
	var v valid.Validator
	v.Require("SampleSettings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
		rec.validate(&v, false)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return rec, nil
}

// WebService reads and saves a consumer's web settings
// (/consumers/{name}/websettings).
type WebService struct{ g *call.Group }

// updateRequest checks rec for WebSettings.Update (the consumer named,
// the endpoints) and returns the body: rec whole.
func (rec *WebSettings) updateRequest() (any, error) {
	var v valid.Validator
	v.Require("WebSettings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
		rec.validate(&v, "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return rec, nil
}

// Cloud1Service reads and saves a consumer's first storage settings
// (/consumers/{name}/cloud1settings).
type Cloud1Service struct{ g *call.Group }

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

// updateRequest checks rec for Cloud2Settings.Update (the consumer named,
// bucket keys and names, the partition macro) and returns the body: rec
// whole.
func (rec *Cloud2Settings) updateRequest() (any, error) {
	var v valid.Validator
	v.Require("Cloud2Settings", rec != nil)
	if rec != nil {
		v.Require("Consumer", rec.Consumer != "")
		rec.validate(&v, "", nil)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return rec, nil
}
