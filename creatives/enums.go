package creatives

// EncodingStatus is the state of a video's upload and encoding. Shape
// from ../shared/reference/openapi/video-creatives-openapi.json, schema
// EncodingStatus. Values the SDK does not know are kept as sent.
//
//adama:enum
type EncodingStatus string

// Encoding states.
const (
	EncodingPending    EncodingStatus = "Pending"
	EncodingProcessing EncodingStatus = "Processing"
	EncodingFinished   EncodingStatus = "Finished"
	EncodingWaiting    EncodingStatus = "Waiting"
	EncodingStoring    EncodingStatus = "Storing"
	EncodingDetails    EncodingStatus = "Details"
	EncodingError      EncodingStatus = "Error"
)

// Values returns every known EncodingStatus.
func (EncodingStatus) Values() []EncodingStatus {
	return []EncodingStatus{EncodingPending, EncodingProcessing, EncodingFinished, EncodingWaiting, EncodingStoring, EncodingDetails, EncodingError}
}

// Valid reports whether s is a known value.
func (s EncodingStatus) Valid() bool { return enumValid(s, s.Values()) }

// VASTVersion is a VAST document version. Shape from
// ../shared/reference/openapi/video-creatives-openapi.json, schema
// VASTVersion.
//
//adama:enum
type VASTVersion string

// VAST versions.
const (
	VAST2 VASTVersion = "VAST2"
	VAST3 VASTVersion = "VAST3"
	VAST4 VASTVersion = "VAST4"
)

// Values returns every known VASTVersion.
func (VASTVersion) Values() []VASTVersion { return []VASTVersion{VAST2, VAST3, VAST4} }

// Valid reports whether v is a known value.
func (v VASTVersion) Valid() bool { return enumValid(v, v.Values()) }

// CompanionType is the kind of a companion ad. Shape from
// ../shared/reference/openapi/video-creatives-openapi.json, schema
// CompanionDetails, property typ.
//
//adama:enum
type CompanionType string

// Companion types.
const (
	CompanionStatic CompanionType = "static"
	CompanionIFrame CompanionType = "iframe"
	CompanionHTML   CompanionType = "html"
)

// Values returns every known CompanionType.
func (CompanionType) Values() []CompanionType {
	return []CompanionType{CompanionStatic, CompanionIFrame, CompanionHTML}
}

// Valid reports whether t is a known value.
func (t CompanionType) Valid() bool { return enumValid(t, t.Values()) }

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

// Values returns the categories the spec names.
func (Category) Values() []Category {
	return []Category{CategoryIABVerticals, CategoryLanguage, CategoryIABAttributes}
}

// Valid reports whether c is one of the categories the spec names (other
// categories may still be asked for).
func (c Category) Valid() bool { return enumValid(c, c.Values()) }

// ComponentValueType is the kind of value a component holds. Shape from
// ../shared/reference/openapi/component-creatives-openapi.json, schema
// models.ComponentCreateRequest, property value_type_name.
//
//adama:enum
type ComponentValueType string

// Component value types.
const (
	ValueText     ComponentValueType = "TEXT"
	ValueImage    ComponentValueType = "IMAGE"
	ValueVideo    ComponentValueType = "VIDEO"
	ValueInteger  ComponentValueType = "INTEGER"
	ValueSubtitle ComponentValueType = "SUBTITLE"
)

// Values returns every known ComponentValueType.
func (ComponentValueType) Values() []ComponentValueType {
	return []ComponentValueType{ValueText, ValueImage, ValueVideo, ValueInteger, ValueSubtitle}
}

// Valid reports whether t is a known value.
func (t ComponentValueType) Valid() bool { return enumValid(t, t.Values()) }
