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
// adama.Decimal) is read through internal/record only. A record held by
// value and a type written by hand are read through their own decoders,
// a null included (as encoding/json calls UnmarshalJSON with null); a
// float64 in one pass only from a bare number; a map key by key. Writing
// goes through internal/record's EncodeObject.
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
// adama.Amount, float64, int32, int, json.RawMessage). An object schema
// with additionalProperties and no properties is a map[string]T, its
// records held by value. Inline objects, inline
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
//	x-go-value               (property) a reference to a record, or a list
//	                         of them, holds the record by value (R, []R)
//	                         instead of by pointer (values.go)
//	x-go-hand                (schema) a type written by hand in the package
//	                         (a record, or a string type with a codec of
//	                         its own): nothing is generated for it, a
//	                         property may refer to it and holds it by
//	                         value, read through its own UnmarshalJSON
//	x-go-snapshot            (schema) the record keeps the body it was
//	                         read from (unexported raw) for an update that
//	                         sends what changed, and has Fresh
//	                         (snapshot.go)
//	x-adama-aliases          (property) other names the platform sends the
//	                         value under; the first present is read when
//	                         the property left the field zero (the alias
//	                         stays in Extra)
//	info.x-adama-decode      keeping: records read an empty string for a
//	                         number as zero and a bare boolean as text
//	                         (internal/record's DecodeKeepingInto)
//
// Other x-adama- fields (the envelope, a parameter's operators) describe
// the operations, which are written by hand for now.
//
// Usage:
//
//	apigen -group NAME [-out records_gen.go]
package main
