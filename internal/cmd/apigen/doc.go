// Apigen writes a group package's records and enums from the group's
// OpenAPI 3 document in internal/apispec, read with kin-openapi, so that
// every group's records follow one set of rules and none is written by
// hand.
//
// A group package runs it with one go:generate line (in doc.go):
//
//	//go:generate go run ../internal/cmd/apigen -group dmp
//
// and commits the file it writes, records_gen.go. CI re-runs `go generate
// ./...` and fails on a diff; this command's tests also regenerate every
// group and compare with the committed file.
//
// # What a document becomes
//
// Every schema under components/schemas becomes one Go type, in the
// document's order, named after the schema (x-go-name overrides):
//
//   - A string schema with an enum is `type T string` with one constant
//     per value, named <Type><Value> with Go initialisms ("GoalTypeCPA",
//     "VisibilityGlobal"; x-enum-varnames gives the <Value> parts where no
//     name can be derived), and the methods Values (every value, in the
//     document's order, in a new slice) and Valid. An unknown value from the
//     platform decodes and is kept; it is not Valid.
//   - An object schema is a record: a struct with one field per property,
//     in the document's order, plus Extra (the unknown properties and the
//     values of no documented form), UnmarshalJSON and MarshalJSON (lenient
//     reading, Extra sent back), Misfits (the record's and its nested
//     records' misfits, named with their path), and, when a property is
//     readOnly, an unexported clearReadOnly that zeroes those fields for a
//     request body.
//
// # Decoding
//
// UnmarshalJSON checks the body once (jsonscan.Valid), then reads it in
// one pass without reflection (decodeFast): each property by its name,
// each value in the forms the platform documents (a number or boolean
// also as a string, text also as a bare number), nested records in the
// same pass, unknown properties into Extra, each value through a reader
// of internal/record (ReadText, ReadInt64, ReadList, ReadRecord, ...;
// the generated file holds no copy of them). Where that pass cannot decide
// (a value of no documented form, a key that names a field in another
// case) the record is read through internal/record (decodeSlow), which
// keeps the misfit; a test in each group checks by fuzzing that both give
// the same record wherever the first decides. A record with a field type
// the pass does not read (adama.Money, json.RawMessage, a plain
// adama.Decimal) is read through internal/record only. Writing goes
// through internal/record's EncodeObject.
//   - A schema marked x-go-skip: true (an answer envelope) becomes nothing.
//   - Any other schema is an error, and nothing is written.
//
// # Field names and types
//
// A property's Go name is its wire name's words capitalised, initialisms
// in capitals ("retail_cpm" -> RetailCPM, "taxonomy_id" -> TaxonomyID);
// x-go-name overrides it. Its type follows the value table of
// CONTRIBUTING.md: integer -> int64; number -> adama.Decimal; string ->
// string, or adama.Time with format date-time; boolean -> bool; array ->
// a slice ([]*R for records); a reference to a record -> *R, to an enum ->
// the enum's type. A reference may be written as allOf with one $ref, to
// give the property its own description or marks. x-go-type chooses
// another SDK value type (adama.Time, adama.Decimal, adama.Money,
// adama.Amount, float64, int32, json.RawMessage). Inline objects, inline
// enums, oneOf/anyOf and untyped schemas without x-go-type are errors.
//
// A property in the schema's required list, or marked x-adama-send-zero,
// is a plain value, always sent (a nil list as []). Any other scalar property is a pointer (*T: nil is
// absent) unless x-go-omitempty: true makes it a plain value left out
// when zero (for ids and text whose zero means absent).
//
// # Extension fields read
//
//	info.x-go-package        the package name (required)
//	info.x-adama-deprecated  a "Deprecated:" paragraph for every declaration
//	x-go-skip                (schema) generate nothing for it
//	x-go-name                (schema, property) the Go name
//	x-go-type                (property) the SDK value type
//	x-go-omitempty           (property) a plain value left out when zero
//	x-go-codec: Name         (string property) the value goes through the
//	                         package's hand-written, unexported encodeName on
//	                         write and decodeName on read
//	x-enum-varnames          (enum) the <Value> part of each constant's name
//	x-adama-send-zero        (property) a plain value always sent, even
//	                         when zero (false, 0, "", [] for a nil list),
//	                         where the schema cannot mark it required
//	                         because answers may leave it out
//	x-adama-forms            (property) the other JSON forms the platform
//	                         sends: [string] for a number or boolean,
//	                         [number] for text; the decoder must read them
//	                         (it is an error otherwise) and the field's doc
//	                         says so
//
//	info.x-go-embedding-records  every record embeds a struct the
//	                         package writes by hand and falls back to its
//	                         decodeRecord (see "Records that embed")
//	x-go-embedded            (schema, embedding records) the hand-written
//	                         struct's properties; no Go type of its own
//	x-go-embed: Name         (schema, embedding records) the record embeds
//	                         Name, a schema marked x-go-embedded
//	info.x-adama-forms       (embedding records) the other JSON forms the
//	                         platform sends, by schema type; the readers
//	                         take integer and number as string or amount,
//	                         boolean as string or number, string as
//	                         number, and the document must say exactly so
//
// Other x-adama- fields (the envelope, a parameter's operators) describe
// the operations, which are written by hand for now.
//
// # Records that embed
//
// A document marked info.x-go-embedding-records (group A's, entity.yaml)
// describes records that embed a struct their package writes by hand
// (x-go-embed: Common) and keep their lenient reflective decoder
// (decodeRecord) and their XML and form codecs. For every object schema
// not marked x-go-skip or x-go-embedded, the generated file holds the
// record's declaration (the embedded struct, then one field per own
// property with its description as its doc; tags json and url
// "name,omitempty", url "-" for a readOnly property, json "-" for a
// writeOnly one) and its JSON decoding: UnmarshalJSON; decodeFast, which
// reads a zero record in one jsonscan pass through the package's readers
// (readText, readName, readInt, readIntPtr, readDecimalPtr, readBoolPtr,
// readTimePtr, readMoney, readRecord, readJSON; entity's are in
// entity/fastdecode.go) and reports false where decodeRecord must
// decide; and decodeSlow, which calls decodeRecord. A property's Go type
// is its x-go-type (any type of the package), else: a reference to a
// record -> *R, an array of them -> []*R, integer -> *int64, number ->
// *adama.Decimal, boolean -> *adama.Bool, string -> string, or
// *adama.Time with format date-time.
//
// Usage:
//
//	apigen -group NAME [-out records_gen.go]
package main
