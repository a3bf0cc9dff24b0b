package creatives

// EncodingStatus is the state of a video's upload and encoding. Shape
// from the Video Creatives API reference, schema
// EncodingStatus. Values the SDK does not know are kept as sent.
//
//adama:enum
type EncodingStatus string

// Encoding states.
const (
	EncodingStatusPending    EncodingStatus = "Pending"
	EncodingStatusProcessing EncodingStatus = "Processing"
	EncodingStatusFinished   EncodingStatus = "Finished"
	EncodingStatusWaiting    EncodingStatus = "Waiting"
	EncodingStatusStoring    EncodingStatus = "Storing"
	EncodingStatusDetails    EncodingStatus = "Details"
	EncodingStatusError      EncodingStatus = "Error"
)

// VASTVersion is a VAST document version. Shape from
// the Video Creatives API reference, schema
// VASTVersion.
//
//adama:enum
type VASTVersion string

// VAST versions.
const (
	VASTVersionVAST2 VASTVersion = "VAST2"
	VASTVersionVAST3 VASTVersion = "VAST3"
	VASTVersionVAST4 VASTVersion = "VAST4"
)

// CompanionType is the kind of a companion ad. Shape from
// the Video Creatives API reference, schema
// CompanionDetails, property typ.
//
//adama:enum
type CompanionType string

// Companion types.
const (
	CompanionTypeStatic CompanionType = "static"
	CompanionTypeIframe CompanionType = "iframe"
	CompanionTypeHTML   CompanionType = "html"
)

// Category is an IAB static data category. Any string is allowed; the
// constants are the ones the spec names.
//
//adama:enum
type Category string

// Static data categories (spec §4.D).
const (
	CategoryIABVerticals  Category = "iab_verticals"
	CategoryLanguage      Category = "language"
	CategoryIABAttributes Category = "iab_attributes"
)

// ComponentValueType is the kind of value a component holds. Shape from
// the Component Creatives API reference, schema
// models.ComponentCreateRequest, property value_type_name.
//
//adama:enum
type ComponentValueType string

// Component value types.
const (
	ComponentValueTypeText     ComponentValueType = "TEXT"
	ComponentValueTypeImage    ComponentValueType = "IMAGE"
	ComponentValueTypeVideo    ComponentValueType = "VIDEO"
	ComponentValueTypeInteger  ComponentValueType = "INTEGER"
	ComponentValueTypeSubtitle ComponentValueType = "SUBTITLE"
)
