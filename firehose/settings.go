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
	// Consumer is the consumer whose settings these are: set by Get, the
	// path of Update, never sent in the body.
	Consumer ConsumerName `json:"-"`
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
	// Consumer is the consumer whose settings these are: set by Get, the
	// path of Update, never sent in the body.
	Consumer ConsumerName `json:"-"`
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
	// Consumer is the consumer whose settings these are: set by Get, the
	// path of Update, never sent in the body.
	Consumer ConsumerName `json:"-"`
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
	// Consumer is the consumer whose settings these are: set by Get, the
	// path of Update, never sent in the body.
	Consumer ConsumerName `json:"-"`
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
