package firehose

import (
	"context"
	"encoding/json"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/record"
	"github.com/adamasdk/adama-go/internal/valid"
)

// SampleSettings turns a consumer's delivery on or off and sets the share
// of opportunities it receives. Shape from spec §2.12 and
// the opportunity-stream configuration API reference,
// /consumers/{name}/samplesettings.
type SampleSettings struct {
	// Disabled stops delivery.
	Disabled bool `json:"Disabled"`
	// SampleRate is the percentage of matching opportunities delivered,
	// 0 to 100.
	SampleRate int `json:"SampleRate"`
	// Extra keeps the properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainSample SampleSettings

// UnmarshalJSON reads the settings liberally (numbers and booleans as
// strings) and keeps unknown properties in Extra.
func (s *SampleSettings) UnmarshalJSON(b []byte) error {
	var p plainSample
	extra, err := decodeRecord(b, &p)
	if err != nil {
		return err
	}
	*s = SampleSettings(p)
	s.Extra = extra
	return nil
}

// Misfits lists the values of the sample settings that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested settings' included.
func (s *SampleSettings) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, sampleIdx, s.Extra)
}

// MarshalJSON writes the settings with Extra.
func (s SampleSettings) MarshalJSON() ([]byte, error) { return encodeRecord(plainSample(s), s.Extra) }

// Validate checks the sample rate's range.
func (s *SampleSettings) Validate() error {
	var v valid.Validator
	s.validate(&v, "")
	return v.Err()
}

func (s *SampleSettings) validate(v *valid.Validator, prefix string) {
	v.Range(prefix+"SampleRate", int64(s.SampleRate), 0, 100)
}

// WebSettings are a web-endpoint consumer's endpoints, keyed by data
// center ("ewr", "ord", ...). Shape from spec §2.12 and the reference,
// /consumers/{name}/websettings.
type WebSettings struct {
	// Endpoints maps a data-center code to the URL delivered to.
	Endpoints map[string]string `json:"Endpoints,omitempty"`
	// Extra keeps the properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainWeb WebSettings

// UnmarshalJSON keeps unknown properties in Extra.
func (s *WebSettings) UnmarshalJSON(b []byte) error {
	var p plainWeb
	extra, err := decodeRecord(b, &p)
	if err != nil {
		return err
	}
	*s = WebSettings(p)
	s.Extra = extra
	return nil
}

// Misfits lists the values of the web settings that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested settings' included.
func (s *WebSettings) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, webIdx, s.Extra)
}

// MarshalJSON writes the settings with Extra.
func (s WebSettings) MarshalJSON() ([]byte, error) { return encodeRecord(plainWeb(s), s.Extra) }

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

// Cloud1Settings are a storage consumer's first object-storage delivery.
// Shape from spec §2.12 (Cloud1Settings) and the reference's storage
// settings object, /consumers/{name}/cloud1settings.
type Cloud1Settings struct {
	// Regions maps a data-center code to the storage region of its bucket
	// ("ewr": "us-east-1").
	Regions map[string]string `json:"Regions,omitempty"`
	// Buckets maps a data-center code to the bucket delivered to.
	Buckets map[string]string `json:"Buckets,omitempty"`
	// ASE256ServerSideEncryption asks the storage to encrypt objects.
	ASE256ServerSideEncryption bool `json:"ASE256ServerSideEncryption"`
	// PartitionMacro names delivered objects (see ParseMacro); empty
	// means the platform's DefaultPartitionMacro.
	PartitionMacro string `json:"PartitionMacro,omitempty"`
	// RoleARN is the role the platform assumes to deliver. Read-only: a
	// change is refused before sending.
	RoleARN string `json:"RoleARN,omitempty"`
	// ExternalID is the id the platform passes when it assumes RoleARN.
	// Read-only: a change is refused before sending.
	ExternalID string `json:"ExternalID,omitempty"`
	// AcceptOverwriteRisk lets a PartitionMacro without %appuuid% and
	// %nano% be sent: files from different servers may then overwrite
	// each other (data lost, delivery still charged). Never sent.
	AcceptOverwriteRisk bool `json:"-"`
	// Extra keeps the properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainCloud1 Cloud1Settings

// UnmarshalJSON keeps unknown properties in Extra.
func (s *Cloud1Settings) UnmarshalJSON(b []byte) error {
	var p plainCloud1
	extra, err := decodeRecord(b, &p)
	if err != nil {
		return err
	}
	*s = Cloud1Settings(p)
	s.Extra = extra
	return nil
}

// Misfits lists the values of the storage settings that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested settings' included.
func (s *Cloud1Settings) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, cloud1Idx, s.Extra)
}

// MarshalJSON writes the settings with Extra.
func (s Cloud1Settings) MarshalJSON() ([]byte, error) { return encodeRecord(plainCloud1(s), s.Extra) }

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

// Cloud2Settings are a storage consumer's second object-storage delivery.
// Shape from spec §2.12 (Cloud2Settings) and the reference,
// /consumers/{name}/cloud2settings.
type Cloud2Settings struct {
	// Buckets maps a data-center code to the bucket delivered to.
	Buckets map[string]string `json:"Buckets,omitempty"`
	// PartitionMacro names delivered objects (see ParseMacro).
	PartitionMacro string `json:"PartitionMacro,omitempty"`
	// AcceptOverwriteRisk: as in Cloud1Settings. Never sent.
	AcceptOverwriteRisk bool `json:"-"`
	// Extra keeps the properties the SDK does not model.
	Extra map[string]json.RawMessage `json:"-"`
}

type plainCloud2 Cloud2Settings

// UnmarshalJSON keeps unknown properties in Extra.
func (s *Cloud2Settings) UnmarshalJSON(b []byte) error {
	var p plainCloud2
	extra, err := decodeRecord(b, &p)
	if err != nil {
		return err
	}
	*s = Cloud2Settings(p)
	s.Extra = extra
	return nil
}

// Misfits lists the values of the storage settings that fit no documented form, kept
// and sent back as they came (see adama.Misfit), nested settings' included.
func (s *Cloud2Settings) Misfits() []adama.Misfit {
	if s == nil {
		return nil
	}
	return record.Report(s, cloud2Idx, s.Extra)
}

// MarshalJSON writes the settings with Extra.
func (s Cloud2Settings) MarshalJSON() ([]byte, error) { return encodeRecord(plainCloud2(s), s.Extra) }

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

// getSettings reads /consumers/{name}{rest} as a T.
func getSettings[T any](ctx context.Context, g *call.Group, name, rest string, opts []adama.RequestOption) (*T, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	return call.One[T](ctx, g, &call.Call{Path: consumerPath(name, rest)}, opts...)
}

// postSettings replaces /consumers/{name}{rest} with body. The platform
// acknowledges with 200 and, at most, an echo of the settings.
func postSettings(ctx context.Context, g *call.Group, name, rest string, body any, opts []adama.RequestOption) error {
	return g.NoContent(ctx, &call.Call{Method: "POST", Path: consumerPath(name, rest), JSON: body}, opts...)
}

// SampleService reads and sets a consumer's sample settings
// (/consumers/{name}/samplesettings).
type SampleService struct{ g *call.Group }

// Get returns the consumer's sample settings.
func (s *SampleService) Get(ctx context.Context, name string, opts ...adama.RequestOption) (*SampleSettings, error) {
	return getSettings[SampleSettings](ctx, s.g, name, "/samplesettings", opts)
}

// Set replaces the consumer's sample settings after checking the rate's
// range (0 to 100).
func (s *SampleService) Set(ctx context.Context, name string, set *SampleSettings, opts ...adama.RequestOption) error {
	var v valid.Validator
	v.Require("name", name != "")
	v.Require("SampleSettings", set != nil)
	if set != nil {
		set.validate(&v, "")
	}
	if err := v.Err(); err != nil {
		return err
	}
	return postSettings(ctx, s.g, name, "/samplesettings", set, opts)
}

// WebService reads and sets a consumer's web settings
// (/consumers/{name}/websettings).
type WebService struct{ g *call.Group }

// Get returns the consumer's web settings.
func (s *WebService) Get(ctx context.Context, name string, opts ...adama.RequestOption) (*WebSettings, error) {
	return getSettings[WebSettings](ctx, s.g, name, "/websettings", opts)
}

// Set replaces the consumer's web settings after checking the endpoints.
func (s *WebService) Set(ctx context.Context, name string, set *WebSettings, opts ...adama.RequestOption) error {
	var v valid.Validator
	v.Require("name", name != "")
	v.Require("WebSettings", set != nil)
	if set != nil {
		set.validate(&v, "")
	}
	if err := v.Err(); err != nil {
		return err
	}
	return postSettings(ctx, s.g, name, "/websettings", set, opts)
}

// Cloud1Service reads and sets a consumer's first storage settings
// (/consumers/{name}/cloud1settings).
type Cloud1Service struct{ g *call.Group }

// Get returns the consumer's first storage settings.
func (s *Cloud1Service) Get(ctx context.Context, name string, opts ...adama.RequestOption) (*Cloud1Settings, error) {
	return getSettings[Cloud1Settings](ctx, s.g, name, "/cloud1settings", opts)
}

// Set replaces the consumer's first storage settings after checking them.
// When set carries RoleARN or ExternalID, the stored settings are read
// first and a different value is refused (they cannot be changed); left
// empty they are not sent.
func (s *Cloud1Service) Set(ctx context.Context, name string, set *Cloud1Settings, opts ...adama.RequestOption) error {
	var v valid.Validator
	v.Require("name", name != "")
	v.Require("Cloud1Settings", set != nil)
	if err := v.Err(); err != nil {
		return err
	}
	var prev *Cloud1Settings
	if set.RoleARN != "" || set.ExternalID != "" {
		cur, err := s.Get(ctx, name, opts...)
		if err != nil {
			return err
		}
		prev = &Cloud1Settings{RoleARN: cur.RoleARN, ExternalID: cur.ExternalID}
	}
	set.validate(&v, "", prev)
	if err := v.Err(); err != nil {
		return err
	}
	return postSettings(ctx, s.g, name, "/cloud1settings", set, opts)
}

// Cloud2Service reads and sets a consumer's second storage settings
// (/consumers/{name}/cloud2settings).
type Cloud2Service struct{ g *call.Group }

// Get returns the consumer's second storage settings.
func (s *Cloud2Service) Get(ctx context.Context, name string, opts ...adama.RequestOption) (*Cloud2Settings, error) {
	return getSettings[Cloud2Settings](ctx, s.g, name, "/cloud2settings", opts)
}

// Set replaces the consumer's second storage settings after checking them.
func (s *Cloud2Service) Set(ctx context.Context, name string, set *Cloud2Settings, opts ...adama.RequestOption) error {
	var v valid.Validator
	v.Require("name", name != "")
	v.Require("Cloud2Settings", set != nil)
	if set != nil {
		set.validate(&v, "", nil)
	}
	if err := v.Err(); err != nil {
		return err
	}
	return postSettings(ctx, s.g, name, "/cloud2settings", set, opts)
}
