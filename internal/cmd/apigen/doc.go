// Apigen writes a group package's records, enums and services from the group's
// OpenAPI 3 document in internal/apispec, read with kin-openapi, so that
// every group's records follow one set of rules and none is written by
// hand.
//
// A group package runs it with one go:generate line (in doc.go):
//
//	//go:generate go run ../internal/cmd/apigen -group dmp
//
// and commits the files it writes: records_gen.go, and services_gen.go for
// a document that describes its services (below). CI re-runs `go generate
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
// the pass does not read (adama.Money, adama.Amount, json.RawMessage) is
// read through internal/record only; a plain adama.Decimal or adama.Time
// is read through its UnmarshalJSON in the pass (values.go); a float64
// only from a bare number, with strconv.ParseFloat as encoding/json reads
// it, and an int where it fits (readers.go); a map key by key, a hand
// type that refers to a hand-written component through its own
// UnmarshalJSON, a JSON null included, as encoding/json calls it
// (handread.go). Writing goes through internal/record's EncodeObject.
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
// adama.Amount, float64, int32, int, json.RawMessage; a plain int that is
// never a pointer is x-go-hand-type: int). Inline objects, inline
// enums, oneOf/anyOf and untyped schemas without x-go-type are errors.
//
// A property in the schema's required list, or marked x-adama-send-zero,
// is a plain value, always sent (a nil list as []). Any other scalar property is a pointer (*T: nil is
// absent) unless x-go-omitempty: true makes it a plain value left out
// when zero (for ids and text whose zero means absent); a required
// property marked x-go-omitempty is a plain value left out when zero too
// (answers always carry it, a record built by hand may not). A plain
// adama.Time, adama.Decimal or adama.Amount is tagged omitzero, which
// encoding/json honours for structs, where omitempty is.
//
// # Read, change, save
//
// A schema marked x-go-snapshot: true keeps the body it was read from,
// so that an update sends what changed since (snapshot.go): the record
// gets an unexported raw *snapshot field that UnmarshalJSON sets with the
// package's hand-written keep(b []byte) *snapshot (type snapshot
// struct{ b []byte }, so printing a record shows no server bytes), and the
// methods original (the record as read), writable (the properties a
// create or update may send, in the description's order, each left out
// when zero, then Extra), readOnlyChanged (each read-only or create-only
// property and whether it changed since the read), fixedFields (the
// writable properties an update cannot clear: not nullable, not
// create-only) and createOnlyFields. The package's service code builds
// the update body from them. A record that holds a snapshot record (by
// pointer, by value, in a list) reads it in the one pass through the
// held record's decodeKept (decodeValid, then keep), so a nested record
// keeps its body as well.
//
// # Services
//
// A document whose operations carry x-go-service also generates the
// group's service methods, in services_gen.go beside the records (a
// document without it generates no services file: its services are
// written by hand). Once one operation names its service, every operation
// must: each is served by one or more methods of the method set of
// CONTRIBUTING.md, named by x-go-method. The service structs stay
// hand-written; info.x-go-services names each service's Go type.
//
// A document with info.x-go-client also generates, in client_gen.go,
// the group's Client (one documented field per service, in the order
// listed), Option, WithPrefix (an empty prefix keeps the default) and
// New, which builds one call.Group (host, auth, info.x-adama-envelope,
// the default prefix taken from servers[0].url after its {variable}) and
// the services; x-adama-deprecated marks each of them. A group whose
// Client is described has no hand-written copy. A group with options of
// its own (byoa's executor ids, reporting's line limit) lists the config
// fields they set (their Option functions stay in the package); a group
// without a path prefix of its own says with-prefix: false (no
// WithPrefix); a Client that serves the operations itself (reporting)
// lists its state instead of fields (clientextra.go). What a method does follows from the operation:
//
//   - a GET answering a list: List(ctx, [parent ids,] *Options, ...)
//     returning one page (*adama.Page[*T], null items as zero records), or,
//     named All, the iter.Seq2[*T, error] of every page through
//     internal/pager (by offset when page_limit and page_offset are
//     parameters, Prefetch added to the options; by the platform's next
//     link otherwise). x-go-options names the options struct, made from
//     the query parameters (several lists may share one; a list without
//     parameters has an empty one); its query method encodes them, and its
//     validate method is written by hand in the package and called before
//     sending;
//   - a GET of one record: Get(ctx, ids..., ...) (*T, error), or an action
//     named otherwise (dmp's Grants);
//   - a POST without a path id: Create(ctx, *T, ...), whose body is the
//     record's hand-written createRequest() (any, error), which checks the
//     record (nil included) and builds the body;
//   - a POST or PUT to the record's path: Update(ctx, *T, ...), its body
//     from updateRequest() (any, error), the path id from the record's
//     property of the same name; Modify, named beside it, is Get, change,
//     Update through internal/modify;
//   - a DELETE: Delete(ctx, id, ...) error.
//
// An embedding-records document (entity's, entityservices.go) generates
// the service wiring only, every collection being served by the package's
// generic Service[T]: the path prefix, the Client struct with one
// Service[T] field per collection (a List at a path without parameters
// names the field, its data items the record, its last segment the
// collection), newClient building them, and the operation table. Its
// operations name only Service[T]'s methods; the Client's own are
// x-go-service: Client and x-go-handwritten.
//
// For a v3.0-style group (services_snapshot.go): a create or update body
// that is a request schema named by a record's x-go-validate is that
// record; an update's path id <record>_id is the record's id; a snapshot
// record marked x-go-snapshot-bodies sent by a generated Create or Update
// gets generated createRequest and updateRequest (the version and the diff since the
// read, through internal/update's Body); a list method All<Name>
// iterates like All; a DELETE answered by JSON naming no record reads the
// group's envelope (deleteEnveloped); a deprecated operation's methods
// say "Deprecated: use X" (X the name without its V<n> or Deprecated
// suffix), or the operation's x-go-deprecated text (what replaces it,
// or that nothing does, which takes the place of
// info.x-adama-deprecated); a deprecated operation with neither fails; a hand-written method may serve several operations; Modify
// refuses a nil change; All copies options that embed a hand-written
// struct deeply (the struct's clone()).
//
// An action (actions.go) is a method of its own name beside Table 1's:
// Name(ctx, path ids..., x-go-args..., ro...) returning the answer's
// record, x-go-returns' type, or only an error. An operation is an
// action when it names arguments, a request function or a return type,
// or sends no body (a POST without one, a GET answering nothing). The
// path ids are checked, then x-go-request completes the call, then the
// call goes through x-go-call's hook (or internal/call). A POST to a
// collection path with parameters, named Create, is a Create under its
// parents (their ids first); an Update's last path parameter is the
// record's, the others its parents', and Modify takes them all
// (readback.go). A path or query parameter that is an array of integer
// ids sent comma-separated may be split across calls (x-go-chunk,
// chunks.go).
//
// A path id whose schema has minimum 1 is checked before sending (an
// *adama.ValidationError naming the parameter). A text path parameter
// (a resource named, not numbered) is a string, or the named string
// type of its x-go-type, escaped as a path segment and, with minLength
// 1, checked not empty; x-go-field names the record's field that holds
// it (Get sets it from the path, Update takes the path from it). An
// operation with x-go-key takes its path parameters as one key struct
// (key ModelKey, fields named after the parameters) checked with the
// key's hand-written Validate. An Update whose answer holds no record
// (the platform acknowledges) returns the record it sent (pathkeys.go). Every request goes through
// internal/call. The file ends with serviceOperations, every operation
// with each method that serves it, and a reference to every hand-written
// one (so the build fails when one is missing); each group's
// TestEveryOperationHasAMethod checks it against the description and the
// services through package servicecheck.
//
// # Rules checked before sending
//
// A schema marked x-go-validate (validate.go) gets an unexported
// validate(v *valid.Validator, create bool) that records in v, with
// internal/valid's wording, every rule the description states that the
// record breaks: required properties, enum values (an unknown value from
// the caller is refused), integer minimum and maximum (format int32
// bounds an integer without them), minLength, maxLength and pattern,
// minItems, maxItems and uniqueItems, and the records it holds, by their
// own schema's rules, named with their path
// ("vendor_attributions[0].vendor_id"). x-go-validate: true takes the
// rules from the record's own schema (its required list on create);
// x-go-validate: {create: A, update: B} from the request body schemas A
// and B (allOf merged), each property mapped to the record's field of the
// same name. A stated constraint the generator cannot check is an error.
// A snapshot record also gets validateChange(v, orig), refusing a change
// to each read-only or create-only property since the read.
// An integer's limits are checked on a field held as int64, int32, int
// or a named integer type of the package (x-go-hand-type: BrainTypeID),
// converted to int64.
// A component parameter marked x-go-validate: true (an integer with
// limits) becomes constants <name>Minimum/<name>Maximum and
// check<Name>(v, x). Rules no schema can state (between fields, or of the
// SDK's own options) stay hand-written beside the generated ones; a
// record's own are named by x-go-validate-also and called at the end of
// its validateAt, on the same path (validate_also.go). Also checked
// (validate_more.go): minimum and maximum of a number held as
// adama.Decimal (DecimalMin, DecimalMax), minimum and maximum of the
// integer items of a list (named "deal_ids[3]"), a record written by hand
// (x-go-hand-type: "*Price") by its own hand-written validateAt, a record
// held by value (absent when zero), and a required text or list the SDK
// always sends ("required" when empty).
// In a document of embedding records (embedvalid.go) x-go-validate: true
// checks a record by its own and its embedded schema's rules: a property
// typed with one of the document's enums by x-go-type by that enum's
// values, the record's allOf parts adding marks to its properties (the
// embedded ones included: allOf: [{properties: {name: {maxLength: 64}}}]),
// and each amount's currency_code of a money field by its stated length;
// an enum-typed property stating an enum of its own (some of its type's
// values, those a request may send) by those values (valid.EnumOf).
//
// # Extension fields read
//
//	info.x-go-package        the package name (required)
//	info.x-adama-deprecated  a "Deprecated:" paragraph for every declaration
//	info.x-adama-decoding    the internal/record decoder of what the one
//	                         pass leaves undecided: lenient (the default,
//	                         record.DecodeInto) or keeping
//	                         (record.DecodeKeepingInto: also an empty
//	                         string for a number as zero, a bare boolean
//	                         as text; decoding.go)
//	x-go-skip                (schema) generate nothing for it
//	x-adama-decoding         (schema) the record's own internal/record
//	                         decoder, overriding info.x-adama-decoding
//	x-go-name                (schema, property) the Go name
//	x-go-type                (property) the SDK value type
//	x-go-omitempty           (property) a plain value left out when zero
//	x-go-codec: Name         (string property) the value goes through the
//	                         package's hand-written, unexported encodeName on
//	                         write and decodeName on read
//	x-enum-varnames          (enum) the <Value> part of each constant's name
//	x-go-snapshot            (schema) keep the body read, for read-change-
//	                         save updates (see above)
//	x-go-snapshot-bodies     (snapshot schema) createRequest and
//	                         updateRequest are generated with the services
//	                         (the version and the diff since the read;
//	                         services_snapshot.go); else written by hand
//	x-go-value-items         (array of records) hold the records by value,
//	                         []R instead of []*R; (a record) R instead of
//	                         *R, tagged omitzero, a null read as the zero
//	                         record (values.go)
//	x-go-validate            (schema) true, or {create: Schema, update:
//	                         Schema}: generate validate from the stated
//	                         rules; (parameter) true: generate its limits
//	                         and check<Name> (see above)
//	                         (embedding records: true only, with allOf
//	                         parts stating rules on properties; see above)
//	x-go-validate-also       (checked schema) the name of a hand-written
//	                         method (v, at, create) validateAt calls last:
//	                         the record's rules no schema states
//	x-go-rule                (property, or a list's items) the rule text
//	                         a value breaking that schema's limits
//	                         reports, once per field, in place of
//	                         internal/valid's ("3 letters (ISO 4217)")
//	x-adama-create-only      (property, snapshot record) only a create
//	                         sends it; an update refuses a change to it
//	x-adama-send-zero        (property) a plain value always sent, even
//	                         when zero (false, 0, "", [] for a nil list),
//	                         where the schema cannot mark it required
//	                         because answers may leave it out
//	x-go-hand-type           (property) a Go type taken as written: one the
//	                         package declares by hand (BrainTypeID, Filters)
//	                         or a composite (int, []float64,
//	                         map[string]string); never a pointer but to
//	                         a hand-written record (*Price, read through
//	                         its UnmarshalJSON); Misfits asks the records
//	                         a composite holds (handtype.go). Read in the
//	                         one pass also: T or []T referring to a
//	                         component written by hand (x-go-skip),
//	                         through T's UnmarshalJSON, and map[string]E
//	                         on additionalProperties, E text, integer,
//	                         boolean or a record (handread.go)
//	x-go-local-fields        (schema) [{name, type, description}]: fields
//	                         kept beside the properties, never sent or
//	                         read, JSON tag "-" (localfields.go)
//	x-adama-any-case         (enum) the platform sends values in any case:
//	                         UnmarshalJSON reads them as described, Equal
//	                         ignores case; fields of it are read through
//	                         internal/record (anycase.go)
//	x-adama-aliases          (property) other names the platform sends a
//	                         plain value under: when the property left the
//	                         field zero, the first alias present is read
//	                         (it stays in Extra; aliases.go)
//	x-adama-forms            (property) the other JSON forms the platform
//	                         sends: [string] for a number or boolean,
//	                         [number] for text; the decoder must read them
//	                         (it is an error otherwise) and the field's doc
//	                         says so
//
//	info.x-go-services       (document) each service's Client field and Go
//	                         type: {Deals: DealService}; {Client: Client}
//	                         for a group whose client serves its
//	                         operations itself (reporting)
//	info.x-go-client         (document) the generated Client: {host:
//	                         HostBase (an adama.Host), auth: AuthSession
//	                         (an adama.AuthMode), doc: the Client's doc
//	                         (optional), fields: [{name: Deals, doc: the
//	                         field's doc after its name, init: "chunk:
//	                         DefaultBulkChunk" (optional extra state of
//	                         the service)}], empty-prefix: keep (the
//	                         default: WithPrefix("") keeps it) or root
//	                         (WithPrefix("") or "/" means no prefix),
//	                         new-doc: more of New's doc (optional),
//	                         with-prefix: false (no prefix, no WithPrefix),
//	                         option-doc: Option's doc, config: [{name,
//	                         type, default, doc}] (fields of config the
//	                         package's options set), state: [{name, type,
//	                         init}] (a Client serving its operations
//	                         itself)}; fields lists every service
//	x-go-service             (operation) the Client field of the service
//	                         that serves it; opts the document into services
//	x-adama-fast-fields      (path of an entity collection) the fields
//	                         whose updates reach the bidders quickly, the
//	                         Service's FastFields
//	x-go-method              (operation) the method, or list of methods,
//	                         that serve it: Get, [List, All], Create,
//	                         [Update, Modify], Delete, or an action's name
//	x-go-options             (list operation) the name of its options struct
//	x-go-handwritten: reason (operation) its methods are written by hand in
//	                         the package, for the reason given (a CSV
//	                         upload, per-item outcomes, a body of its own)
//	x-go-also: {M: reason}   (operation) further hand-written methods that
//	                         call it (a composite such as Owners)
//	                         A hand-written row may name a method generated
//	                         for another operation (it serves both)
//	x-go-key: Name           (operation, GET or DELETE) its path
//	                         parameters are the fields of the key struct
//	                         Name, taken whole and checked with Validate
//	x-go-type                (path parameter) the named string type of a
//	                         text parameter (ConsumerName)
//	x-go-field               (path parameter) the record's field that
//	                         holds it: Get sets it, Update reads it
//	x-go-envelope            (operation) the package's call.Envelope type
//	                         that reads its answer, where the answer's
//	                         envelope is not the group's (x-adama-envelope)
//	x-go-group               (operation or path) {field: g, prefix: /v3.0}:
//	                         the service's *call.Group field the call goes
//	                         through, whose Prefix (the client's choice)
//	                         stands for prefix; the path is sent without it
//	x-go-call: fn            (operation or path) the package function the
//	                         call goes through instead of internal/call:
//	                         fn[T](ctx, g, c, ro...) (*T, error) for a
//	                         record, fn(ctx, g, c, ro...) error for none,
//	                         fn[T](ctx, g, c, ro) (*adama.Page[*T], error)
//	                         for a list (ro a slice)
//	maximum                  (integer path parameter with minimum 1) the id
//	                         is checked between 1 and maximum before sending
//	x-go-args                (operation) [{name: n, type: T}], or {Method:
//	                         [...]} by method: the arguments an action takes
//	                         after its path ids (actions.go)
//	x-go-request: fn         (operation) or {Method: fn}: the package
//	                         function that checks an action's arguments and
//	                         completes its call (body, query, flags):
//	                         fn(c *call.Call, path ids..., args...) error;
//	                         it sends the query parameters too
//	x-go-returns: T          (operation, with x-go-call) the action returns
//	                         (T, error) from fn[T](ctx, g, c, ro...) (a list
//	                         of records, text, bytes, a page)
//	x-go-items: R            (list operation, with x-go-call) the list's
//	                         records, where the answer holds them in a form
//	                         the hook reads (by id)
//	x-go-record: R           (create or update operation) the record the
//	                         method takes and returns when the described
//	                         body is a part of it; {record: R, body: m}
//	                         names the record's method writing the body
//	                         (default createRequest, updateRequest)
//	x-go-read-back           (create or update operation) {method: Get, id:
//	                         creativeId, field: ID} for a create answered
//	                         with the new id, {method: Get} for an update
//	                         answered with nothing: the method returns the
//	                         record read back with that method of the
//	                         service; a create without method returns a
//	                         copy of the record sent with its new id
//	                         (readback.go)
//	x-go-http-method: f      (operation) the service's string field holding
//	                         the HTTP method the client chose for it (set
//	                         by New), sent instead of the described one
//	                         (httpmethod.go)
//	x-go-chunk               (operation) {param: cids, max: MaxBulkIDs}: the
//	                         ids of an array parameter sent comma-separated
//	                         go at most max per call, the answers (a list,
//	                         x-go-returns) joined (chunks.go)
//	info.x-go-embeds         (document) {ListOptions: [page_limit, ...]}:
//	                         the query parameters a hand-written options
//	                         struct holds (with query(limit, offset),
//	                         clone() and, for paging, PageLimit,
//	                         PageOffset, Prefetch)
//	x-go-embed: T            (list operation) as for a record (below),
//	                         the options struct embeds the hand-written T,
//	                         which holds the parameters info.x-go-embeds
//	                         lists; x-go-options: T uses T itself
//	x-go-all-limit           (page_limit) All's page size when the options
//	                         give none: an integer or a constant's name
//	x-go-name                (query parameter) the options field's name
//	x-go-type                (query parameter) the options field's type:
//	                         int64, *bool, bool (an integer with one enum
//	                         value, sent when true; or on a string with
//	                         one), []int64 or a list of a string type
//	                         (comma-separated; on an array schema, the
//	                         parameter once per item), *qlang.Query,
//	                         or a named string type; int for page_limit and
//	                         page_offset
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
// Other x-adama- fields describe the platform, and the tests read them:
// the envelope (info.x-adama-envelope), the platform's own date-time
// layout (info.x-adama-date-time, a Go layout), a parameter's operators
// (x-adama-operators), the fields q and sort_by may name (x-adama-fields),
// a list sent as one comma-separated value (x-adama-list: comma) and an
// operation the platform answers that its public reference does not
// document (x-adama-observed-only, on the operation).
//
// A group's document may be split into parts (GROUP.NAME.yaml beside
// GROUP.yaml, joined by apispec.Load), one resource family per part; the
// generator reads the joined document.
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
// *adama.Time with format date-time. A string schema with an enum
// becomes an enum type exactly as in every other document (its
// constants, Values and Valid; x-enum-varnames where a name cannot be
// derived); a property of it names it in x-go-type and is read with
// readName.
//
// # Fakes' routes
//
// With -fake PKG, apigen writes nothing of the above: it writes
// routes_gen.go (fakeroutes.go) for the group's fake under internal/fake,
// which runs it with its own go:generate line:
//
//	//go:generate go run ../../cmd/apigen -group dmp -fake dmpfake
//
// The file holds the interface operations, one unexported handler method
// per operation of the document, named after its operationId with the
// first letter lower ("getTaxonomy(w http.ResponseWriter, r
// *http.Request)"), and routes(ops operations) fake.Routes, the table
// keyed by each operation's method and path as the document writes them
// ("GET /audience_segments/{taxonomy_id}"), sorted by path then method.
// The fake serves routes(h) under its prefix, so a described operation
// without a handler does not compile and the table cannot drift from the
// document. Every operation needs an operationId that makes a Go name,
// one per operation.
//
// The file also holds bodies, a map from handler name to fake.Body for
// each operation whose JSON request body schema states something a fake
// enforces: its required properties (in the document's order, allOf parts
// in order, each once), its properties with a set of text values (an enum
// of its own, or of its one allOf part, as a nullable reference writes
// it), and its read-only properties. A fake that checks those rules reads
// them from there rather than from lists of its own.
//
// Usage:
//
//	apigen -group NAME [-out records_gen.go] [-fake PKG]
package main
