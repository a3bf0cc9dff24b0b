package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
)

func TestGoName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"retail_cpm", "RetailCPM"},
		{"taxonomy_id", "TaxonomyID"},
		{"audience_vendor_id", "AudienceVendorID"},
		{"id", "ID"},
		{"ids", "IDs"},
		{"use_hash", "UseHash"},
		{"revenue_share_pct", "RevenueSharePct"},
		{"GLOBAL", "Global"},
		{"MOBILE_DISPLAY_IN_APP", "MobileDisplayInApp"},
		{"last_7_days", "Last7Days"},
		{"useHash", "UseHash"},
		{"X-Svc-Geo", "XSvcGeo"},
		{"cpa", "CPA"},
		{"vast_url", "VASTURL"},
		{"7d", ""},
		{"==", ""},
		{"", ""},
		{"naïve", ""},
	} {
		assert.Equal(t, tc.want, goName(tc.in), tc.in)
	}
}

func TestEnumConst(t *testing.T) {
	for _, tc := range []struct{ typ, value, want string }{
		{"GoalType", "cpa", "GoalTypeCPA"},
		{"GoalType", "vcpm", "GoalTypeVCPM"},
		{"Visibility", "GLOBAL", "VisibilityGlobal"},
		{"Window", "last_7_days", "WindowLast7Days"},
		{"Window", "7d", "Window7d"},
		{"Dir", "asc", "DirAsc"},
		{"Op", "==", ""},
	} {
		assert.Equal(t, tc.want, enumConst(tc.typ, tc.value), tc.value)
	}
}

func TestReader(t *testing.T) {
	for _, tc := range []struct {
		f    field
		want string
	}{
		{field{typ: "int64"}, "record.ReadInt64(v)"},
		{field{typ: "*int64"}, "record.ReadPtr(v, record.ReadInt64)"},
		{field{typ: "string"}, "record.ReadText(v)"},
		{field{typ: "*bool"}, "record.ReadPtr(v, record.ReadBool)"},
		{field{typ: "Visibility", enum: true}, "record.ReadEnum[Visibility](v)"},
		{field{typ: "*Visibility", enum: true}, "record.ReadPtr(v, record.ReadEnum[Visibility])"},
		{field{typ: "[]Visibility", enum: true}, "record.ReadList(v, record.ReadEnum[Visibility])"},
		{field{typ: "*adama.Decimal"}, "record.ReadUnmarshaler[adama.Decimal](v)"},
		{field{typ: "*adama.Time"}, "record.ReadUnmarshaler[adama.Time](v)"},
		{field{typ: "[]int64"}, "record.ReadList(v, record.ReadInt64)"},
		{field{typ: "*Node", nested: "Node"}, "record.ReadRecord(v, (*Node).decodeValid)"},
		{field{typ: "[]*Node", nested: "Node", list: true}, "record.ReadList(v, func(e []byte) (*Node, bool) {\nreturn record.ReadRecord(e, (*Node).decodeValid)\n})"},
		// values.go: plain SDK values and records held by value in a list.
		{field{typ: "adama.Decimal"}, "func(e []byte) (adama.Decimal, bool) {\np, ok := record.ReadUnmarshaler[adama.Decimal](e)\nif p == nil {\nreturn adama.Decimal{}, ok\n}\nreturn *p, ok\n}(v)"},
		{field{typ: "adama.Time"}, "func(e []byte) (adama.Time, bool) {\np, ok := record.ReadUnmarshaler[adama.Time](e)\nif p == nil {\nreturn adama.Time{}, ok\n}\nreturn *p, ok\n}(v)"},
		{field{typ: "[]Node", nested: "Node", list: true, valueItems: true}, "record.ReadList(v, func(e []byte) (Node, bool) {\np, ok := record.ReadRecord(e, (*Node).decodeValid)\nif p == nil {\nreturn Node{}, ok\n}\nreturn *p, ok\n})"},
		// Left to internal/record: the record has no one-pass decoder.
		{field{typ: "adama.Amount"}, ""},
		{field{typ: "*adama.Money"}, ""},
		{field{typ: "json.RawMessage"}, ""},
		{field{typ: "*int32"}, ""},
		// readers.go: float64 from a bare number, int where it fits.
		{field{typ: "*float64"}, "record.ReadPtr(v, func(e []byte) (float64, bool) {\nif len(e) == 0 || e[0] != '-' && (e[0] < '0' || e[0] > '9') {\nreturn 0, false\n}\nn, err := strconv.ParseFloat(string(e), 64)\nreturn n, err == nil\n})"},
		{field{typ: "*int"}, "record.ReadPtr(v, func(e []byte) (int, bool) {\nn, ok := record.ReadInt64(e)\nreturn int(n), ok && int64(int(n)) == n\n})"},
	} {
		assert.Equal(t, tc.want, reader(&tc.f), tc.f.typ)
	}
}

func TestLowerFirst(t *testing.T) {
	for in, want := range map[string]string{"Node": "node", "ID": "id", "CPMRate": "cpmRate", "the x": "the x", "": ""} {
		assert.Equal(t, want, lowerFirst(in), in)
	}
}

// document wraps component schemas (YAML, indented by four spaces) in a
// minimal document of package pkg.
func document(schemas string) []byte {
	return []byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n  x-go-package: pkg\n" +
		"paths: {}\ncomponents:\n  schemas:\n" + schemas)
}

func gen(t *testing.T, schemas string) (string, error) {
	t.Helper()
	doc, err := apispec.Parse(document(schemas))
	require.NoError(t, err, "the test document must be valid OpenAPI")
	src, err := generate(doc, "test.yaml")
	return string(src), err
}

func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		schemas string
		want    []string // lines (trimmed, spaces collapsed) the output must hold
		not     []string
	}{
		{
			name: "enum with initialisms, in document order",
			schemas: `
    GoalType:
      type: string
      description: The goal of a strategy.
      enum: [reach, cpa, vcpm, last_7_days]
`,
			want: []string{
				"// GoalType is the goal of a strategy.",
				"type GoalType string",
				`GoalTypeReach GoalType = "reach"`,
				`GoalTypeCPA GoalType = "cpa"`,
				`GoalTypeVCPM GoalType = "vcpm"`,
				`GoalTypeLast7Days GoalType = "last_7_days"`,
				"func (GoalType) Values() []GoalType {",
				"GoalTypeReach,", "GoalTypeCPA,", "GoalTypeVCPM,", "GoalTypeLast7Days,",
				"func (v GoalType) Valid() bool {",
				"case GoalTypeReach, GoalTypeCPA, GoalTypeVCPM, GoalTypeLast7Days:",
			},
			not: []string{"import ("},
		},
		{
			name: "x-enum-varnames names values with no Go name",
			schemas: `
    Op:
      type: string
      enum: ["==", "=:"]
      x-enum-varnames: [Eq, Like]
`,
			want: []string{`OpEq Op = "=="`, `OpLike Op = "=:"`},
		},
		{
			name: "required, optional, omitempty and read-only fields",
			schemas: `
    Thing:
      type: object
      description: A thing.
      required: [name, tags]
      properties:
        thing_id:
          type: integer
          x-go-omitempty: true
        name:
          type: string
          maxLength: 64
        tags:
          type: array
          items: {type: string}
        budget:
          type: number
          x-adama-forms: [string]
        starts_on:
          type: string
          format: date-time
        active:
          type: boolean
        created_on:
          type: string
          format: date-time
          readOnly: true
        fee:
          type: number
          x-go-type: adama.Money
        owner_ids:
          type: array
          items: {type: integer}
          x-adama-send-zero: true
        on_hold:
          type: boolean
          x-adama-send-zero: true
        label:
          type: string
          x-go-name: Caption
`,
			want: []string{
				"// Thing is a thing.",
				"type Thing struct {",
				"ThingID int64 `json:\"thing_id,omitempty\"`",
				"Name string `json:\"name\"`",
				"// At most 64 characters.",
				"Tags []string `json:\"tags\"`",
				"Budget *adama.Decimal `json:\"budget,omitempty\"`",
				"// Also read from a JSON string.",
				"StartsOn *adama.Time `json:\"starts_on,omitempty\"`",
				"Active *bool `json:\"active,omitempty\"`",
				"CreatedOn *adama.Time `json:\"created_on,omitempty\"`",
				"// Read-only: not sent on create or update.",
				"Fee *adama.Money `json:\"fee,omitempty\"`",
				"OwnerIDs []int64 `json:\"owner_ids\"`",
				"OnHold bool `json:\"on_hold\"`",
				"Caption *string `json:\"label,omitempty\"`",
				"Extra map[string]json.RawMessage `json:\"-\"`",
				"if a.Tags == nil {", "a.Tags = []string{}",
				"if a.OwnerIDs == nil {", "a.OwnerIDs = []int64{}",
				"if err := record.DecodeInto(b, (*thingAlias)(x), thingIdx, &x.Extra); err != nil {",
				"return x.decodeSlow(b)",
				"return record.EncodeObject(a, x.Extra)",
				"func (x *Thing) Misfits() []adama.Misfit { return x.misfits(\"\") }",
				"func (x *Thing) clearReadOnly() {",
				"x.CreatedOn = nil",
				`for _, k := range [...]string{"created_on"} {`,
				"x.Extra, cloned = maps.Clone(x.Extra), true",
			},
			not: []string{"x.Name =", "x.Budget = nil", "misfitPath", "decodeFast"},
		},
		{
			name: "nested records: pointers, lists of pointers, misfit paths, codec",
			schemas: `
    Node:
      type: object
      required: [name]
      properties:
        name:
          type: string
          x-go-codec: Name
        children:
          type: array
          items:
            $ref: "#/components/schemas/Node"
    Tree:
      type: object
      properties:
        root:
          description: The root.
          allOf:
            - $ref: "#/components/schemas/Node"
        kind:
          readOnly: true
          x-go-omitempty: true
          allOf:
            - $ref: "#/components/schemas/Kind"
    Kind:
      type: string
      enum: [a]
`,
			want: []string{
				"Children []*Node `json:\"children,omitempty\"`",
				"x.Name = decodeName(x.Name)",
				"a.Name = encodeName(x.Name)",
				`out = append(out, y.misfits(record.MisfitPath(prefix, "children["+strconv.Itoa(i)+"]"))...)`,
				"// The root.",
				"Root *Node `json:\"root,omitempty\"`",
				`out = append(out, x.Root.misfits(record.MisfitPath(prefix, "root"))...)`,
				"Kind Kind `json:\"kind,omitempty\"`",
				`x.Kind = ""`,
				`for _, k := range [...]string{"kind"} {`,
				"func (x *Node) decodeFast(b []byte) bool {",
				"x.Children, ok = record.ReadList(v, func(e []byte) (*Node, bool) {",
				"return record.ReadRecord(e, (*Node).decodeValid)",
				"x.Root, ok = record.ReadRecord(v, (*Node).decodeValid)",
				"x.Kind, ok = record.ReadEnum[Kind](v)",
				`ok = record.KeepUnknown(&x.Extra, key, v, "root", "kind")`,
				"if !jsonscan.Valid(b) {",
			},
			// The readers live in internal/record: no copy in the output.
			not: []string{"func misfitPath", "func readList", "func keepUnknown", "func readText", "\"unicode/utf8\""},
		},
		{
			name: "read-change-save snapshot, lists held by value, plain SDK values",
			schemas: `
    Pair:
      type: object
      properties:
        vendor_id: {type: integer}
    Ad:
      type: object
      x-go-snapshot: true
      required: [id, name]
      properties:
        id:
          type: integer
          readOnly: true
          x-go-omitempty: true
        name:
          type: string
        agency_id:
          type: integer
          x-go-omitempty: true
          x-adama-create-only: true
        external_id:
          type: string
          nullable: true
        pairs:
          type: array
          nullable: true
          items:
            $ref: "#/components/schemas/Pair"
          x-go-value-items: true
        fee:
          type: number
          readOnly: true
          x-go-type: adama.Decimal
          x-go-omitempty: true
        created_on:
          type: string
          format: date-time
          readOnly: true
          x-go-omitempty: true
`,
			want: []string{
				"ID int64 `json:\"id,omitempty\"`",
				"Name string `json:\"name\"`",
				"Pairs []Pair `json:\"pairs,omitempty\"`",
				"Fee adama.Decimal `json:\"fee,omitzero\"`",
				"CreatedOn adama.Time `json:\"created_on,omitzero\"`",
				"raw *snapshot",
				"func (x *Ad) UnmarshalJSON(b []byte) error {",
				"if err := x.unmarshal(b); err != nil {",
				"x.raw = keep(b)",
				"func (x *Ad) unmarshal(b []byte) error {",
				"func (x *Ad) original() *Ad {",
				"if o.UnmarshalJSON(x.raw.b) != nil {",
				"type adWrite struct {",
				"Name string `json:\"name,omitempty\"`",
				"Pairs []Pair `json:\"pairs,omitzero\"`",
				"func (x *Ad) writable() ([]byte, error) {",
				"return record.EncodeObject(w, x.Extra)",
				`"id": orig.ID != x.ID,`,
				`"agency_id": orig.AgencyID != x.AgencyID,`,
				`"fee": orig.Fee.Cmp(x.Fee) != 0,`,
				`"created_on": !orig.CreatedOn.Equal(x.CreatedOn.Time),`,
				`return []string{"name"}`,
				`return []string{"agency_id"}`,
				"for i := range x.Pairs {",
				`out = append(out, x.Pairs[i].misfits(record.MisfitPath(prefix, "pairs["+strconv.Itoa(i)+"]"))...)`,
				"x.Pairs, ok = record.ReadList(v, func(e []byte) (Pair, bool) {",
				"p, ok := record.ReadUnmarshaler[adama.Time](e)",
			},
			not: []string{"Fee adama.Decimal `json:\"fee,omitempty", "func (x *Pair) original", "ID int64 `json:\"id,omitempty\"`\n\tName"},
		},
		{
			name: "envelopes marked x-go-skip generate nothing",
			schemas: `
    Answer:
      type: object
      x-go-skip: true
      properties:
        data: {type: object}
`,
			not: []string{"Answer"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := gen(t, tc.schemas)
			require.NoError(t, err)
			lines := map[string]bool{}
			for l := range strings.SplitSeq(src, "\n") {
				lines[strings.Join(strings.Fields(l), " ")] = true
			}
			for _, w := range tc.want {
				assert.True(t, lines[strings.Join(strings.Fields(w), " ")], "missing line %q in\n%s", w, src)
			}
			for _, n := range tc.not {
				assert.NotContains(t, src, n)
			}
			assert.True(t, strings.HasPrefix(src, "// Code generated by apigen from test.yaml. DO NOT EDIT.\n"))
			again, err := gen(t, tc.schemas)
			require.NoError(t, err)
			assert.Equal(t, src, again, "the output is deterministic")
		})
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Run("x-go-value-items needs a list of records", func(t *testing.T) {
		_, err := gen(t, `
    Thing:
      type: object
      properties:
        ids:
          type: array
          items: {type: integer}
          x-go-value-items: true
`)
		assert.ErrorContains(t, err, "x-go-value-items applies to a list of records")
	})
	for _, tc := range []struct{ name, schemas, want string }{
		{"unknown type", `
    A:
      type: object
      properties:
        f: {type: string, format: binary, x-go-type: complex128}
`, `schema A, property f: x-go-type "complex128" is not one of the SDK's value types`},
		{"untyped property", `
    A:
      type: object
      properties:
        code:
          oneOf: [{type: string}, {type: number}]
`, "schema A, property code: no type (oneOf, anyOf and untyped schemas need x-go-type)"},
		{"inline object", `
    A:
      type: object
      properties:
        f: {type: object}
`, "property f: an inline object"},
		{"inline enum", `
    A:
      type: object
      properties:
        f: {type: string, enum: [x]}
`, "property f: an inline enum"},
		{"enum value without a name", `
    Op:
      type: string
      enum: ["=="]
`, `schema Op: no Go name for the value "==" (set x-enum-varnames)`},
		{"enum constants collide", `
    Dir:
      type: string
      enum: [asc, ASC]
`, `schema Dir: the constant DirAsc for "ASC" is already Dir "asc"`},
		{"Go names collide", `
    A:
      type: object
      properties:
        user_id: {type: integer}
        userId: {type: integer}
`, "the Go name UserID is already property"},
		{"a number read from a number", `
    A:
      type: object
      properties:
        n: {type: integer, x-adama-forms: [number]}
`, "x-adama-forms: the decoder cannot read a integer property from a JSON number"},
		{"a scalar schema", `
    Count:
      type: integer
`, "schema Count: only objects and string enums become Go types"},
		{"a reference to a skipped schema", `
    Env:
      type: object
      x-go-skip: true
    A:
      type: object
      properties:
        e: {$ref: "#/components/schemas/Env"}
`, "reference to Env, which is marked x-go-skip"},
		{"send-zero on a record", `
    B:
      type: object
    A:
      type: object
      properties:
        b: {x-adama-send-zero: true, allOf: [{$ref: "#/components/schemas/B"}]}
`, "x-adama-send-zero applies to values and lists, not to a record"},
		{"send-zero and omitempty", `
    A:
      type: object
      properties:
        n: {type: integer, x-adama-send-zero: true, x-go-omitempty: true}
`, "x-go-omitempty and x-adama-send-zero contradict each other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := gen(t, tc.schemas)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, src)
		})
	}
	t.Run("no package", func(t *testing.T) {
		doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n"))
		require.NoError(t, err)
		_, err = generate(doc, "x.yaml")
		assert.ErrorContains(t, err, "info.x-go-package")
	})
}

// TestModuleUpToDate regenerates every described group and compares with
// the committed file, so a stale file fails the tests as well as CI.
func TestModuleUpToDate(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	groups := apispec.Groups()
	require.NotEmpty(t, groups)
	for _, g := range groups {
		got, err := generateGroup(g)
		require.NoError(t, err, g)
		have, err := os.ReadFile(filepath.Join(root, g, defaultOut))
		require.NoError(t, err, "%s/%s: run go generate ./...", g, defaultOut)
		assert.Equal(t, string(got), string(have), "%s/%s is stale; run go generate ./...", g, defaultOut)
		doc, err := os.ReadFile(filepath.Join(root, g, "doc.go"))
		require.NoError(t, err)
		assert.Contains(t, string(doc), "//go:generate go run ../internal/cmd/apigen -group "+g)
	}
}

func TestRun(t *testing.T) {
	var stderr bytes.Buffer
	assert.Equal(t, 2, run(nil, &stderr))
	assert.Contains(t, stderr.String(), "usage: apigen -group NAME")
	stderr.Reset()
	assert.Equal(t, 1, run([]string{"-group", "nope", "-out", filepath.Join(t.TempDir(), "x.go")}, &stderr))
	assert.Contains(t, stderr.String(), `no document for group "nope"`)

	out := filepath.Join(t.TempDir(), "records_gen.go")
	require.Equal(t, 0, run([]string{"-group", "dmp", "-out", out}, &stderr), stderr.String())
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(b), "package dmp")
	st, err := os.Stat(out)
	require.NoError(t, err)
	require.Equal(t, 0, run([]string{"-group", "dmp", "-out", out}, &stderr))
	st2, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, st.ModTime(), st2.ModTime(), "an up-to-date file is not rewritten")
}

func TestDecodingChoice(t *testing.T) {
	const schemas = "    Thing:\n      type: object\n      properties:\n        n: {type: integer}\n"
	for _, tc := range []struct{ info, want, err string }{
		{"", "if err := record.DecodeInto(b, (*thingAlias)(x), thingIdx, &x.Extra); err != nil {", ""},
		{"  x-adama-decoding: lenient\n", "if err := record.DecodeInto(b, (*thingAlias)(x), thingIdx, &x.Extra); err != nil {", ""},
		{"  x-adama-decoding: keeping\n", "if err := record.DecodeKeepingInto(b, (*thingAlias)(x), thingIdx, &x.Extra); err != nil {", ""},
		{"  x-adama-decoding: loose\n", "", `info.x-adama-decoding: want lenient or keeping, found "loose"`},
	} {
		doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n  x-go-package: pkg\n" + tc.info +
			"paths: {}\ncomponents:\n  schemas:\n" + schemas))
		require.NoError(t, err)
		src, err := generate(doc, "test.yaml")
		if tc.err != "" {
			assert.EqualError(t, err, tc.err)
			continue
		}
		require.NoError(t, err)
		assert.Contains(t, string(src), tc.want, tc.info)
	}
	// A schema's own x-adama-decoding overrides the document's, for that
	// record only.
	const mixed = schemas + "    Old:\n      type: object\n      x-adama-decoding: keeping\n      properties:\n        n: {type: integer}\n"
	for _, tc := range []struct{ info, schemas, want, err string }{
		{"", mixed, "if err := record.DecodeKeepingInto(b, (*oldAlias)(x), oldIdx, &x.Extra); err != nil {", ""},
		{"", mixed, "if err := record.DecodeInto(b, (*thingAlias)(x), thingIdx, &x.Extra); err != nil {", ""},
		{"  x-adama-decoding: keeping\n", schemas + "    Lax:\n      type: object\n      x-adama-decoding: lenient\n      properties:\n        n: {type: integer}\n",
			"if err := record.DecodeInto(b, (*laxAlias)(x), laxIdx, &x.Extra); err != nil {", ""},
		{"", schemas + "    Bad:\n      type: object\n      x-adama-decoding: loose\n      properties:\n        n: {type: integer}\n",
			"", `schema Bad: x-adama-decoding: want lenient or keeping, found "loose"`},
	} {
		doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n  x-go-package: pkg\n" + tc.info +
			"paths: {}\ncomponents:\n  schemas:\n" + tc.schemas))
		require.NoError(t, err)
		src, err := generate(doc, "test.yaml")
		if tc.err != "" {
			assert.EqualError(t, err, tc.err)
			continue
		}
		require.NoError(t, err)
		assert.Contains(t, string(src), tc.want, tc.info)
	}
}

// TestGenerateHandTypes covers x-go-hand-type, x-go-value-items,
// x-go-local-fields and x-adama-any-case (handtype.go, values.go,
// localfields.go, anycase.go).
func TestGenerateHandTypes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		schemas string
		want    []string
		not     []string
	}{
		{
			name: "hand types: exact, never pointers, integers and named text read in one pass",
			schemas: `
    Thing:
      type: object
      required: [low]
      properties:
        low: {type: integer, x-go-hand-type: int}
        kind: {type: integer, x-go-hand-type: KindID, x-go-omitempty: true}
        rate: {type: integer, x-go-hand-type: int, x-adama-send-zero: true, readOnly: true}
        owner: {type: string, x-go-hand-type: OwnerName}
`,
			want: []string{
				"Low int `json:\"low\"`",
				"Kind KindID `json:\"kind,omitempty\"`",
				"Rate int `json:\"rate\"`",
				"Owner OwnerName `json:\"owner,omitempty\"`",
				"x.Low, ok = func(v []byte) (int, bool) {", "n, ok := record.ReadInt64(v)", "return int(n), ok", "}(v)",
				"x.Kind, ok = func(v []byte) (KindID, bool) {", "return KindID(n), ok",
				"x.Owner, ok = record.ReadEnum[OwnerName](v)",
				"x.Rate = *new(int)",
				"func (x *Thing) decodeFast(b []byte) bool {",
			},
			not: []string{"*int", "*KindID"},
		},
		{
			name: "a composite hand type leaves the record to internal/record",
			schemas: `
    Sub:
      type: object
      required: [beta]
      properties:
        beta: {type: array, items: {type: number}, x-go-hand-type: "[]float64"}
        zones: {type: object, additionalProperties: {type: string}, x-go-hand-type: "map[string]string"}
`,
			want: []string{
				"Beta []float64 `json:\"beta\"`",
				"Zones map[string]string `json:\"zones,omitempty\"`",
				"return x.decodeSlow(b)",
				`out = append(out, record.Nested(x.Beta, record.MisfitPath(prefix, "beta"))...)`,
				`out = append(out, record.Nested(x.Zones, record.MisfitPath(prefix, "zones"))...)`,
			},
			not: []string{"decodeFast", "a.Beta = []float64{}"},
		},
		{
			name: "records by value",
			schemas: `
    Item:
      type: object
      properties:
        n: {type: integer}
    Box:
      type: object
      properties:
        items:
          type: array
          items: {$ref: "#/components/schemas/Item"}
          x-go-value-items: true
          x-adama-send-zero: true
`,
			want: []string{
				"Items []Item `json:\"items\"`",
				"a.Items = []Item{}",
				"x.Items, ok = record.ReadList(v, func(e []byte) (Item, bool) {",
				"p, ok := record.ReadRecord(e, (*Item).decodeValid)",
				"return Item{}, ok",
				"return *p, ok",
				`out = append(out, x.Items[i].misfits(record.MisfitPath(prefix, "items["+strconv.Itoa(i)+"]"))...)`,
			},
		},
		{
			name: "one record by value, and a pointer to a hand-written record",
			schemas: `
    Item:
      type: object
      properties:
        n: {type: integer}
    Price:
      type: object
      x-go-skip: true
      properties:
        value: {type: number}
    Box:
      type: object
      properties:
        owner:
          allOf: [{$ref: "#/components/schemas/Item"}]
          x-go-value-items: true
          readOnly: true
        price:
          allOf: [{$ref: "#/components/schemas/Price"}]
          x-go-hand-type: "*Price"
`,
			want: []string{
				"Owner Item `json:\"owner,omitzero\"`",
				"Price *Price `json:\"price,omitempty\"`",
				"x.Owner, ok = func(e []byte) (Item, bool) {",
				"p, ok := record.ReadRecord(e, (*Item).decodeValid)",
				"}(v)",
				"x.Price, ok = record.ReadUnmarshaler[Price](v)",
				`out = append(out, x.Owner.misfits(record.MisfitPath(prefix, "owner"))...)`,
				`out = append(out, record.Nested(x.Price, record.MisfitPath(prefix, "price"))...)`,
				"x.Owner = Item{}",
				"func (x *Box) decodeFast(b []byte) bool {",
			},
			not: []string{"*Item `json", "type Price struct", "case \"owner\":\n\t\tif !record.IsNull(v) {"},
		},
		{
			name: "local fields are kept beside the wire properties, never sent",
			schemas: `
    Settings:
      type: object
      properties:
        Rate: {type: integer}
      x-go-local-fields:
        - {name: Consumer, type: ConsumerName, description: The consumer whose settings these are.}
        - {name: Accept, type: bool}
`,
			want: []string{
				"Rate *int64 `json:\"Rate,omitempty\"`",
				"// The consumer whose settings these are. Not sent.",
				"Consumer ConsumerName `json:\"-\"`",
				"Accept bool `json:\"-\"`",
			},
		},
		{
			name: "an any-case enum reads known values in any case; its fields go through internal/record",
			schemas: `
    Goal:
      type: string
      enum: [cpa, viewability_rate]
      x-adama-any-case: true
    Sub:
      type: object
      properties:
        goal: {$ref: "#/components/schemas/Goal"}
        goals: {type: array, items: {$ref: "#/components/schemas/Goal"}}
`,
			want: []string{
				"func (v *Goal) UnmarshalJSON(b []byte) error {",
				"for _, k := range Goal(\"\").Values() {",
				"if strings.EqualFold(string(k), s) {",
				"*v = Goal(s)",
				"func (v Goal) Equal(o Goal) bool { return strings.EqualFold(string(v), string(o)) }",
				"\"strings\"",
				"Goal *Goal `json:\"goal,omitempty\"`",
			},
			not: []string{"decodeFast", "ReadEnum[Goal]"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := gen(t, tc.schemas)
			require.NoError(t, err)
			lines := map[string]bool{}
			for l := range strings.SplitSeq(src, "\n") {
				lines[strings.Join(strings.Fields(l), " ")] = true
			}
			for _, w := range tc.want {
				assert.True(t, lines[strings.Join(strings.Fields(w), " ")], "missing line %q in\n%s", w, src)
			}
			for _, n := range tc.not {
				assert.NotContains(t, src, n)
			}
		})
	}
	for _, tc := range []struct{ name, schemas, want string }{
		{"hand pointer", `
    A:
      type: object
      properties:
        f: {type: integer, x-go-hand-type: "*int"}
`, `property f: x-go-hand-type "*int" is not a Go type (and not a pointer, but to a hand-written record)`},
		{"hand type beside x-go-type", `
    A:
      type: object
      properties:
        f: {type: integer, x-go-hand-type: int, x-go-type: int32}
`, "x-go-type and x-go-hand-type contradict each other"},
		{"pointer to a lower-case name", `
    A:
      type: object
      properties:
        f: {type: object, x-go-hand-type: "*price"}
`, `property f: x-go-hand-type "*price" is not a Go type (and not a pointer, but to a hand-written record)`},
		{"by value of a scalar", `
    A:
      type: object
      properties:
        f: {type: string, x-go-value-items: true}
`, "x-go-value-items applies to a list of records (or a record)"},
		{"by value of a scalar list", `
    A:
      type: object
      properties:
        f: {type: array, items: {type: string}, x-go-value-items: true}
`, "x-go-value-items applies to a list of records"},
		{"local field with a bad name", `
    A:
      type: object
      properties:
        f: {type: string}
      x-go-local-fields: [{name: consumer, type: string}]
`, `schema A: x-go-local-fields[0]: "consumer" is not an exported Go name`},
		{"local field taking a property's name", `
    A:
      type: object
      properties:
        f: {type: string}
      x-go-local-fields: [{name: F, type: string}]
`, "the Go name F is already property f"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := gen(t, tc.schemas)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// validateDoc is a document with the schemas and component parameters
// given (YAML, indented by four spaces).
func validateDoc(t *testing.T, schemas, parameters string) (string, error) {
	t.Helper()
	doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n  x-go-package: pkg\n" +
		"paths: {}\ncomponents:\n  parameters:\n" + parameters + "  schemas:\n" + schemas))
	require.NoError(t, err, "the test document must be valid OpenAPI")
	src, err := generate(doc, "test.yaml")
	return string(src), err
}

// validateSchemas are the records of the x-go-validate tests: Thing is
// checked by its request bodies, Item by its own schema (it is held by
// Thing), Color is an enum.
const validateSchemas = `
    Color:
      type: string
      enum: [red, blue]
    Item:
      type: object
      required: [n]
      properties:
        n: {type: integer, minimum: 1, maximum: 9, x-adama-send-zero: true}
        ro: {type: integer, readOnly: true, minimum: 5}
    Thing:
      type: object
      x-go-validate: {create: ThingCreate, update: ThingUpdate}
      properties:
        id: {type: integer, readOnly: true, x-go-omitempty: true}
        name: {type: string, x-go-omitempty: true}
        count: {type: integer}
        color: {allOf: [{$ref: "#/components/schemas/Color"}], x-go-omitempty: true}
        tags: {type: array, items: {type: string}}
        colors: {type: array, items: {$ref: "#/components/schemas/Color"}}
        item: {allOf: [{$ref: "#/components/schemas/Item"}]}
        items: {type: array, items: {$ref: "#/components/schemas/Item"}, x-go-value-items: true}
        version: {type: integer, readOnly: true, x-adama-send-zero: true}
    ThingWritable:
      type: object
      x-go-skip: true
      properties:
        name: {type: string, minLength: 2, maxLength: 5, pattern: "^[a-z]+$"}
        count: {type: integer, format: int32}
        color: {$ref: "#/components/schemas/Color"}
        tags: {type: array, items: {type: string}, minItems: 1, maxItems: 2, uniqueItems: true}
        colors: {type: array, items: {$ref: "#/components/schemas/Color"}}
        item: {$ref: "#/components/schemas/Item"}
        items: {type: array, items: {$ref: "#/components/schemas/Item"}}
    ThingCreate:
      x-go-skip: true
      allOf:
        - $ref: "#/components/schemas/ThingWritable"
        - required: [name, color, item]
    ThingUpdate:
      x-go-skip: true
      allOf:
        - $ref: "#/components/schemas/ThingWritable"
        - type: object
          required: [version]
          properties:
            version: {type: integer, minimum: 0}
`

func TestGenerateValidate(t *testing.T) {
	for _, tc := range []struct {
		name                string
		schemas, parameters string
		want                []string // lines (trimmed, spaces collapsed) the output must hold
		not                 []string
	}{
		{
			name:    "rules of the request bodies, create and update apart",
			schemas: validateSchemas,
			want: []string{
				`"github.com/adamasdk/adama-go/internal/valid"`,
				`func (x *Thing) validate(v *valid.Validator, create bool) { x.validateAt(v, "", create) }`,
				`func (x *Thing) validateAt(v *valid.Validator, at string, create bool) {`,
				"if create {",
				// required and the text limits; a set text is checked.
				"if x.Name != \"\" {",
				`v.MinLen(valid.Path(at, "name"), x.Name, 2)`,
				`v.MaxLen(valid.Path(at, "name"), x.Name, 5)`,
				`v.Pattern(valid.Path(at, "name"), x.Name, "^[a-z]+$")`,
				`v.Require(valid.Path(at, "name"), false)`,
				// format int32 bounds an integer without limits.
				"if x.Count != nil {",
				`v.Range(valid.Path(at, "count"), *x.Count, -2147483648, 2147483647)`,
				// enums, alone and in a list.
				`valid.Enum(v, valid.Path(at, "color"), x.Color)`,
				`valid.Enum(v, valid.Index(at, "colors", i), e)`,
				// list limits.
				`v.Items(valid.Path(at, "tags"), len(x.Tags), 1, 2)`,
				`valid.Unique(v, valid.Path(at, "tags"), x.Tags)`,
				// nested records by their own rules, with their path.
				`x.Item.validateAt(v, valid.Path(at, "item"), create)`,
				`x.Items[i].validateAt(v, valid.Index(at, "items", i), create)`,
				"} else {",
				// the read-only version, always sent, is always checked on update.
				`v.Min(valid.Path(at, "version"), x.Version, 0)`,
				// Item: its own schema; its read-only field is not checked, its
				// send-zero value always is.
				`func (x *Item) validateAt(v *valid.Validator, at string, create bool) {`,
				`v.Range(valid.Path(at, "n"), x.N, 1, 9)`,
			},
			not: []string{
				"func (x *Item) validate(", // held only: validateAt alone
				`valid.Path(at, "ro")`,
				`valid.Path(at, "id")`,
				"func (x *Color) validate",
			},
		},
		{
			name: "own rules: limits on both sides, required on create",
			schemas: `
    Thing:
      type: object
      x-go-validate: true
      required: [code]
      properties:
        code: {type: string, maxLength: 3, x-go-omitempty: true}
        size: {type: integer, maximum: 10}
`,
			want: []string{
				"if create {",
				`v.MaxLen(valid.Path(at, "code"), x.Code, 3)`,
				`v.Require(valid.Path(at, "code"), false)`,
				"} else {",
				`v.Max(valid.Path(at, "size"), *x.Size, 10)`,
			},
		},
		{
			name: "a snapshot record refuses changes to read-only and create-only fields",
			schemas: `
    Thing:
      type: object
      x-go-snapshot: true
      x-go-validate: true
      properties:
        id: {type: integer, readOnly: true, x-go-omitempty: true}
        owner_id: {type: integer, minimum: 1, x-go-omitempty: true, x-adama-create-only: true}
        name: {type: string}
        version: {type: integer, readOnly: true, x-adama-send-zero: true}
`,
			want: []string{
				"func (x *Thing) validateChange(v *valid.Validator, orig *Thing) {",
				"changed := x.readOnlyChanged(orig)",
				`for _, k := range [...]string{"id", "owner_id", "version"} {`,
				"v.ReadOnly(k)",
				`v.Min(valid.Path(at, "owner_id"), x.OwnerID, 1)`,
			},
		},
		{
			name: "a record without x-go-validate gets no check",
			schemas: `
    Thing:
      type: object
      properties:
        code: {type: string, maxLength: 3}
`,
			not: []string{"validate", "internal/valid"},
		},
		{
			name: "paging parameters",
			schemas: `
    Thing:
      type: object
      properties:
        code: {type: string}
`,
			parameters: `
    PageLimit:
      name: page_limit
      in: query
      schema: {type: integer, minimum: 1, maximum: 1000}
      x-go-validate: true
    Since:
      name: since
      in: query
      schema: {type: integer, minimum: 0}
      x-go-validate: true
      x-go-name: SinceID
    Other:
      name: other
      in: query
      schema: {type: integer, minimum: 0}
`,
			want: []string{
				"pageLimitMinimum = 1",
				"pageLimitMaximum = 1000",
				"func checkPageLimit(v *valid.Validator, x int64) {",
				`v.Range("page_limit", x, pageLimitMinimum, pageLimitMaximum)`,
				"sinceIDMinimum = 0",
				"func checkSinceID(v *valid.Validator, x int64) {",
				`v.Min("since", x, sinceIDMinimum)`,
			},
			not: []string{"checkOther", "sinceIDMaximum"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			params := tc.parameters
			if params == "" {
				params = "    {}\n"
			}
			src, err := validateDoc(t, tc.schemas, strings.TrimPrefix(params, "\n"))
			require.NoError(t, err)
			lines := map[string]bool{}
			for l := range strings.SplitSeq(src, "\n") {
				lines[strings.Join(strings.Fields(l), " ")] = true
			}
			for _, w := range tc.want {
				assert.True(t, lines[strings.Join(strings.Fields(w), " ")], "missing line %q in\n%s", w, src)
			}
			for _, n := range tc.not {
				assert.NotContains(t, src, n)
			}
		})
	}
}

func TestGenerateValidateErrors(t *testing.T) {
	thing := func(validate, props string) string {
		return "    Thing:\n      type: object\n      x-go-validate: " + validate + "\n      properties:\n" + props
	}
	body := func(name, props string) string {
		return "    " + name + ":\n      type: object\n      x-go-skip: true\n      properties:\n" + props
	}
	for _, tc := range []struct{ name, schemas, parameters, want string }{
		{"not true or bodies", thing("yes", "        n: {type: integer}\n"), "",
			"schema Thing, x-go-validate: want true or {create: Schema, update: Schema}"},
		{"missing body", thing("{create: C, update: U}", "        n: {type: integer}\n"), "",
			"schema Thing, x-go-validate: create: want the name of a schema under components/schemas, found C"},
		{"unknown key", thing("{create: B, update: B, patch: B}", "        n: {type: integer}\n") + body("B", "        n: {type: integer}\n"), "",
			`unknown key "patch"`},
		{"a body property the record cannot hold", thing("{create: B, update: B}", "        n: {type: integer}\n") + body("B", "        m: {type: integer}\n"), "",
			"create (B): property m: the record Thing has no field for it"},
		{"a number's limits", thing("true", "        n: {type: number, minimum: 1, x-go-type: float64}\n"), "",
			"property n: limits on a number held as *float64 (want adama.Decimal)"},
		{"multipleOf", thing("true", "        n: {type: integer, multipleOf: 2}\n"), "",
			"property n: multipleOf, exclusive limits and property counts are not checked by the generator"},
		{"exclusive limit", thing("true", "        n: {type: integer, minimum: 0, exclusiveMinimum: true}\n"), "",
			"property n: multipleOf, exclusive limits"},
		{"limits on list items", thing("true", "        n: {type: array, items: {type: string, maxLength: 1}}\n"), "",
			"property n: limits on the items of a list are not checked by the generator"},
		{"an enum on text", thing("{create: B, update: B}", "        s: {type: string}\n") +
			body("B", "        s: {$ref: \"#/components/schemas/E\"}\n") + "    E: {type: string, enum: [a]}\n", "",
			"property s: an enum in the rules, but the field is *string"},
		{"a parameter that is not an integer", thing("true", "        n: {type: integer}\n"),
			"    P:\n      name: p\n      in: query\n      schema: {type: string, maxLength: 3}\n      x-go-validate: true\n",
			"parameter P, x-go-validate: only an integer with minimum or maximum is checked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			params := tc.parameters
			if params == "" {
				params = "    {}\n"
			}
			src, err := validateDoc(t, tc.schemas, params)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, src)
		})
	}
}

// TestGenerateEmbeddingRecords covers documents marked
// x-go-embedding-records (x-go-embedded, x-go-embed, x-go-type of any
// package type, readOnly and writeOnly as url and json "-"): a small
// document in, the declarations' and decoders' lines or the error out.
func TestGenerateEmbeddingRecords(t *testing.T) {
	const common = `
    Common:
      type: object
      x-go-embedded: true
      properties:
        id: {type: integer, x-go-type: int64}
        name: {type: string}
`
	for _, tc := range []struct {
		name, schemas string
		forms         string // info.x-adama-forms, when not the readers'
		want, not     []string
		err           string
	}{
		{
			name: "a record embedding Common, each type's reader",
			schemas: common + `
    Amount:
      type: object
      x-go-skip: true
    Thing:
      type: object
      description: Thing is a thing of the test.
      x-go-embed: Common
      properties:
        count: {type: integer, description: How many.}
        secret: {type: string, writeOnly: true}
        version: {type: integer, x-go-type: int}
        ratio: {type: number}
        live: {type: boolean}
        starts_on: {type: string, format: date-time}
        goal_type: {type: string, x-go-type: GoalType}
        budget: {type: array, items: {$ref: "#/components/schemas/Amount"}, x-go-type: adama.Money}
        parent: {allOf: [{$ref: "#/components/schemas/Thing"}], readOnly: true}
        children: {type: array, items: {$ref: "#/components/schemas/Thing"}}
        opts: {type: object, x-go-type: "*Opts"}
        raw: {x-go-type: json.RawMessage}
        label: {type: string, x-go-name: Caption}
`,
			want: []string{
				"// Thing is a thing of the test.",
				"type Thing struct {",
				"Common",
				"// How many.",
				"Count *int64 `json:\"count,omitempty\" url:\"count,omitempty\"`",
				"Secret string `json:\"-\" url:\"secret,omitempty\"`",
				"Version int `json:\"version,omitempty\" url:\"version,omitempty\"`",
				"GoalType GoalType `json:\"goal_type,omitempty\" url:\"goal_type,omitempty\"`",
				"Budget adama.Money `json:\"budget,omitempty\" url:\"budget,omitempty\"`",
				"Parent *Thing `json:\"parent,omitempty\" url:\"-\"`",
				"Children []*Thing `json:\"children,omitempty\" url:\"children,omitempty\"`",
				"Opts *Opts `json:\"opts,omitempty\" url:\"opts,omitempty\"`",
				"Raw json.RawMessage `json:\"raw,omitempty\" url:\"raw,omitempty\"`",
				"Caption string `json:\"label,omitempty\" url:\"label,omitempty\"`",
				`"encoding/json"`, `"github.com/adamasdk/adama-go/adama"`,
				"func (x *Thing) UnmarshalJSON(b []byte) error {",
				"func (x *Thing) decodeSlow(b []byte) error {",
				"type plain Thing",
				"return decodeRecord(b, (*plain)(x), &x.Common)",
				`var thingFields = [...]string{"id", "name", "count", "version", "ratio", "live", "starts_on", "goal_type", "budget", "parent", "children", "opts", "raw", "label"}`,
				"b, ok := x.Common.fastStart(b)",
				`ok = once(&seen[0]) && readInt(&x.Currencies, "id", v, &x.ID)`,
				`ok = once(&seen[1]) && readText(v, &x.Name)`,
				`ok = once(&seen[2]) && readIntPtr(&x.Currencies, "count", v, &x.Count)`,
				`ok = once(&seen[3]) && readInt(&x.Currencies, "version", v, &x.Version)`,
				`ok = once(&seen[4]) && readDecimalPtr(&x.Currencies, "ratio", v, &x.Ratio)`,
				`ok = once(&seen[5]) && readBoolPtr(v, &x.Live)`,
				`ok = once(&seen[6]) && readTimePtr(v, &x.StartsOn)`,
				`ok = once(&seen[7]) && readName(v, &x.GoalType)`,
				`ok = once(&seen[8]) && readMoney(v, &x.Budget)`,
				`ok = once(&seen[9]) && readRecord(v, &x.Parent)`,
				`ok = once(&seen[10]) && readJSON(v, &x.Children)`,
				`ok = once(&seen[11]) && readJSON(v, &x.Opts)`,
				`ok = once(&seen[12]) && readJSON(v, &x.Raw)`,
				`ok = once(&seen[13]) && readText(v, &x.Caption)`,
				"ok = records.KeepUnknown(&x.Extra, key, v, thingFields[:]...)",
				"var seen [14]bool",
				"*x = Thing{}",
				"x.Common.fastEnd(b, x, x.Parent != nil ||",
				"len(x.Children) > 0 ||",
				"x.Opts != nil)",
				"x.GoalType == \"\" &&",
				"x.Count == nil &&",
			},
			not: []string{"func (x *Common)", "Amount", "type Common", `"secret"`, "x.Secret"},
		},
		{
			name:    "no record holder",
			schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n      properties:\n        n: {type: string}\n",
			want:    []string{"x.Common.fastEnd(b, x, false)", "// Leaf is a record of the platform.", "import ("},
			not:     []string{`"encoding/json"`, `"github.com/adamasdk/adama-go/adama"`},
		},
		{name: "forms not described", forms: "\n", schemas: common, err: "info.x-adama-forms: the readers of embedding records take"},
		{name: "forms differ", forms: "  x-adama-forms: {integer: [string], number: [string, amount], boolean: [string, number], string: [number]}\n", schemas: common, err: "info.x-adama-forms"},
		{name: "a record without an embed", schemas: "\n    A:\n      type: object\n", err: "schema A: a record embeds a hand-written struct (set x-go-embed)"},
		{name: "embed names no embedded schema", schemas: "\n    A:\n      type: object\n      x-go-embed: B\n", err: `schema A: x-go-embed "B" names no schema marked x-go-embedded`},
		{name: "a property twice", schemas: common + "\n    A:\n      type: object\n      x-go-embed: Common\n      properties:\n        id: {type: integer}\n", err: "schema A: property id is already Common's"},
		{name: "no Go type", schemas: common + "\n    A:\n      type: object\n      x-go-embed: Common\n      properties:\n        x: {type: object}\n", err: "schema A, property x: no Go type (set x-go-type)"},
		{name: "a type the decoder cannot read", schemas: common + "\n    A:\n      type: object\n      x-go-embed: Common\n      properties:\n        x: {type: number, x-go-type: float64}\n", err: "the decoder reads no number property into a float64"},
		{name: "not a Go type", schemas: common + "\n    A:\n      type: object\n      x-go-embed: Common\n      properties:\n        x: {type: object, x-go-type: \"*[\"}\n", err: `x-go-type "*[" is not a Go type`},
		{name: "not an object", schemas: "\n    N:\n      type: integer\n", err: "schema N: only objects and string enums become Go types"},
		{
			name:    "string enums, as in every document",
			schemas: common + "\n    Pace:\n      type: string\n      description: how a budget is spent.\n      enum: [asap, even]\n      x-enum-varnames: [ASAP, Even]\n    Dir:\n      type: string\n      enum: [L, LD]\n    Leaf:\n      type: object\n      x-go-embed: Common\n      properties:\n        pace: {type: string, x-go-type: Pace}\n",
			want: []string{
				"// Pace is how a budget is spent.", "type Pace string",
				"PaceASAP Pace = \"asap\"", "PaceEven Pace = \"even\"",
				"DirL Dir = \"L\"", "DirLd Dir = \"LD\"",
				"func (Pace) Values() []Pace {", "func (v Dir) Valid() bool {",
				"Pace Pace `json:\"pace,omitempty\" url:\"pace,omitempty\"`",
				"ok = once(&seen[2]) && readName(v, &x.Pace)",
			},
		},
		{name: "an enum constant named like a type", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n    L:\n      type: string\n      enum: [x]\n      x-enum-varnames: [eaf]\n", err: `schema L: the constant Leaf for "x" is already type Leaf`},
		{name: "an enum named like a record", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n    E:\n      type: string\n      x-go-name: Leaf\n      enum: [a]\n", err: "schema E: the Go type Leaf is already type Leaf"},
		{name: "an enum without a Go name for a value", schemas: "\n    E:\n      type: string\n      enum: [\">\"]\n", err: `schema E: no Go name for the value ">" (set x-enum-varnames)`},
		{name: "any case is not read", schemas: "\n    E:\n      type: string\n      enum: [a]\n      x-adama-any-case: true\n", err: "schema E: x-adama-any-case is not read in a document of embedding records"},
		{
			name: "x-go-validate: embedded and own rules, allOf marks, enum-typed fields, money amounts, x-go-validate-also",
			schemas: common + `
    Amount:
      type: object
      x-go-skip: true
      properties:
        currency_code: {type: string, minLength: 3, maxLength: 3, x-go-rule: "3 letters"}
    Pace:
      type: string
      enum: [asap, even]
      x-enum-varnames: [ASAP, Even]
    Leaf:
      type: object
      x-go-embed: Common
      x-go-validate: true
      x-go-validate-also: validateBetween
      required: [name, hours, budget]
      allOf:
        - properties:
            name: {maxLength: 64, x-go-rule: "at most 64"}
      properties:
        pace: {type: string, x-go-type: Pace}
        input_pace: {type: string, x-go-type: Pace, enum: [even]}
        hours: {type: integer, x-go-type: "*int", minimum: 0, maximum: 23}
        days: {type: string, pattern: "^[MT]*$"}
        budget: {type: array, items: {$ref: "#/components/schemas/Amount"}, x-go-type: adama.Money}
        made: {type: string, readOnly: true, maxLength: 3}
`,
			want: []string{
				`"github.com/adamasdk/adama-go/internal/valid"`,
				"func (x *Leaf) validate(v *valid.Validator, create bool) { x.validateAt(v, \"\", create) }",
				"func (x *Leaf) validateAt(v *valid.Validator, at string, create bool) {",
				`v.MaxLen(valid.Path(at, "name"), x.Name, 64)`,
				`v.Require(valid.Path(at, "name"), false)`,
				`outer.Restate(v, "at most 64")`,
				`valid.Enum(v, valid.Path(at, "pace"), x.Pace)`,
				`valid.EnumOf(v, valid.Path(at, "input_pace"), x.InputPace, "even")`,
				`v.Range(valid.Path(at, "hours"), int64(*x.Hours), 0, 23)`,
				`v.Pattern(valid.Path(at, "days"), x.Days, "^[MT]*$")`,
				"for i, e := range x.Budget {",
				`v.Require(valid.Path(at, "budget"), len(x.Budget) > 0)`,
				`v.MinLen(valid.Path(valid.Index(at, "budget", i), "currency_code"), e.CurrencyCode, 3)`,
				`outer.Restate(v, "3 letters")`,
				"x.validateBetween(v, at, create)",
			},
			not: []string{"x.Made, 3)", `valid.Enum(v, valid.Path(at, "input_pace")`}, // a read-only property is never checked
		},
		{name: "an enum-typed property stating a value its type lacks", schemas: common + "\n    Pace:\n      type: string\n      enum: [asap]\n      x-enum-varnames: [ASAP]\n    Leaf:\n      type: object\n      x-go-embed: Common\n      x-go-validate: true\n      properties:\n        pace: {type: string, x-go-type: Pace, enum: [slow]}\n", err: "property pace: slow is not a value of Pace"},
		{name: "x-go-validate takes true only", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n      x-go-validate: {create: Leaf, update: Leaf}\n", err: "schema Leaf, x-go-validate: a document of embedding records takes true only"},
		{name: "an allOf part restating a type", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n      x-go-validate: true\n      allOf:\n        - properties:\n            name: {type: string, maxLength: 3}\n", err: "allOf, property name: a part restates a type"},
		{name: "an allOf part naming no property", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n      x-go-validate: true\n      allOf:\n        - properties:\n            nope: {maxLength: 3}\n", err: "allOf: property nope is not declared"},
		{name: "required names no property", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n      x-go-validate: true\n      required: [nope]\n", err: "schema Leaf: required property nope is not declared"},
		{name: "also without x-go-validate", schemas: common + "\n    Leaf:\n      type: object\n      x-go-embed: Common\n      x-go-validate-also: more\n", err: "schema Leaf, x-go-validate-also: the record is not marked x-go-validate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			forms := "  x-adama-forms: {integer: [string, amount], number: [string, amount], boolean: [string, number], string: [number]}\n"
			if tc.forms != "" {
				forms = tc.forms
			}
			doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n  x-go-package: pkg\n  x-go-embedding-records: true\n" + forms +
				"paths: {}\ncomponents:\n  schemas:" + tc.schemas))
			require.NoError(t, err, "the test document must be valid OpenAPI")
			src, err := generate(doc, "test.yaml")
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				assert.Empty(t, src)
				return
			}
			require.NoError(t, err)
			lines := map[string]bool{}
			for _, l := range strings.Split(string(src), "\n") {
				lines[strings.Join(strings.Fields(l), " ")] = true
			}
			for _, w := range tc.want {
				assert.True(t, lines[w], "missing line %q in\n%s", w, src)
			}
			for _, n := range tc.not {
				assert.NotContains(t, string(src), n)
			}
		})
	}
}

// TestGenerateReadersAndAliases covers a record held by value
// (x-go-value-items on a reference), the one-pass readers of float64,
// *int, maps and hand types that refer to a hand-written component
// (readers.go, handread.go), a nested snapshot record read with its body
// kept (snapshot.go) and x-adama-aliases (aliases.go).
func TestGenerateReadersAndAliases(t *testing.T) {
	const schemas = `
    Leaf:
      type: object
      properties:
        ratio: {type: number, x-go-type: float64}
        limit: {type: integer, x-go-type: int}
    Text:
      type: string
      x-go-skip: true
    Item:
      type: object
      x-go-skip: true
      properties:
        id: {type: integer}
    Kept:
      type: object
      x-go-snapshot: true
      properties:
        name: {type: string}
    Node:
      type: object
      required: [leaf, items]
      properties:
        leaf:
          allOf: [{$ref: "#/components/schemas/Leaf"}]
          x-go-value-items: true
        meta:
          allOf: [{$ref: "#/components/schemas/Leaf"}]
          x-go-value-items: true
          readOnly: true
        kept:
          allOf: [{$ref: "#/components/schemas/Kept"}]
          x-go-value-items: true
        byKey:
          type: object
          additionalProperties: {$ref: "#/components/schemas/Leaf"}
          x-go-hand-type: map[string]Leaf
        labels:
          type: object
          additionalProperties: {type: string}
          x-go-hand-type: map[string]string
        code: {allOf: [{$ref: "#/components/schemas/Text"}], x-go-hand-type: Text}
        items: {type: array, items: {$ref: "#/components/schemas/Item"}, x-go-hand-type: "[]Item"}
        flag:
          type: boolean
          x-go-omitempty: true
          x-adama-aliases: [old_flag]
`
	src, err := gen(t, schemas)
	require.NoError(t, err)
	lines := map[string]bool{}
	for l := range strings.SplitSeq(src, "\n") {
		lines[strings.Join(strings.Fields(l), " ")] = true
	}
	for _, w := range []string{
		"Ratio *float64 `json:\"ratio,omitempty\"`",
		"Limit *int `json:\"limit,omitempty\"`",
		"Leaf Leaf `json:\"leaf\"`",
		"Meta Leaf `json:\"meta,omitzero\"`",
		"ByKey map[string]Leaf `json:\"byKey,omitempty\"`",
		"Labels map[string]string `json:\"labels,omitempty\"`",
		"Code Text `json:\"code,omitempty\"`",
		"Items []Item `json:\"items\"`",
		"Flag bool `json:\"flag,omitempty\"`",
		"\"strconv\"",
		"\"unicode/utf8\"",
		// A record by value reads null through its decoder too.
		"x.Leaf, ok = func(e []byte) (Leaf, bool) {",
		"p, ok := record.ReadRecord(e, (*Leaf).decodeValid)",
		"x.Meta = Leaf{}",
		`out = append(out, x.Leaf.misfits(record.MisfitPath(prefix, "leaf"))...)`,
		// A nested snapshot record keeps its body.
		"p, ok := record.ReadRecord(e, (*Kept).decodeKept)",
		"func (x *Kept) decodeKept(b []byte) error {",
		"x.raw = keep(b)",
		// Hand types through their own UnmarshalJSON.
		"x.Code, ok = func(e []byte) (Text, bool) {",
		"err := r.UnmarshalJSON(e)",
		"x.Items, ok = record.ReadList(v, func(e []byte) (Item, bool) {",
		"a.Items = []Item{}",
		// Maps key by key.
		"x.ByKey, ok = func(v []byte) (map[string]Leaf, bool) {",
		"out, read, ok := map[string]string{}, func(e []byte) (string, bool) {",
		"if len(e) == 0 || e[0] != '\"' {",
		"return record.ReadText(e)",
		"if !utf8.Valid(key) {",
		"out[string(key)], ok = read(e)",
		`out = append(out, record.Nested(x.ByKey, record.MisfitPath(prefix, "byKey"))...)`,
		`out = append(out, record.Nested(x.Items, record.MisfitPath(prefix, "items"))...)`,
		// Readers of float64 and *int.
		"x.Ratio, ok = record.ReadPtr(v, func(e []byte) (float64, bool) {",
		"n, err := strconv.ParseFloat(string(e), 64)",
		"x.Limit, ok = record.ReadPtr(v, func(e []byte) (int, bool) {",
		"return int(n), ok && int64(int(n)) == n",
		// Aliases, in both decoders.
		`if raw, ok := x.Extra["old_flag"]; ok && !x.Flag {`,
		"_ = record.DecodeValue(raw, &x.Flag)",
		"func (x *Node) decodeFast(b []byte) bool {",
	} {
		assert.True(t, lines[strings.Join(strings.Fields(w), " ")], "missing line %q in\n%s", w, src)
	}
	assert.Equal(t, 2, strings.Count(src, `x.Extra["old_flag"]`), "the alias is read by both decoders")
	for _, n := range []string{"type Text ", "type Item ", "x.Flag = false", "if !record.IsNull(v) {\nx.Leaf", "if !record.IsNull(v) {\nx.Code"} {
		assert.NotContains(t, src, n)
	}
}

func TestGenerateReadersAndAliasesErrors(t *testing.T) {
	for _, tc := range []struct{ name, schemas, want string }{
		{"aliases on a list", `
    A:
      type: object
      properties:
        l: {type: array, items: {type: string}, x-adama-aliases: [m]}
`, "x-adama-aliases applies to a plain value"},
		{"aliases without names", `
    A:
      type: object
      properties:
        n: {type: string, x-adama-aliases: []}
`, "x-adama-aliases applies to a plain value and lists names"},
		{"an alias that is no name", `
    A:
      type: object
      properties:
        n: {type: string, x-adama-aliases: [""]}
`, "x-adama-aliases: "},
		{"by value on a scalar", `
    A:
      type: object
      properties:
        n: {type: integer, x-go-value-items: true}
`, "x-go-value-items applies to a list of records (or a record)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := gen(t, tc.schemas)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, src)
		})
	}
}

// TestActionsChunksAndReadBack covers actions (x-go-args, x-go-request,
// x-go-returns; a POST without body, a GET answering nothing), x-go-items,
// x-go-record, x-go-chunk, sub-resource saves and x-go-read-back
// (actions.go, chunks.go, readback.go): a small document in, the
// generated text or the error out.
func TestActionsChunksAndReadBack(t *testing.T) {
	for _, tc := range []struct {
		name, paths string
		want, not   []string
		err         string
	}{
		{
			name: "an action with arguments, a request function and a record answer",
			paths: `  /things/{id}/check:
    parameters: [{$ref: "#/components/parameters/ID"}]
    post:
      operationId: checkThing
      x-go-service: Things
      x-go-method: Check
      x-go-args: [{name: doc, type: "[]byte"}]
      x-go-request: checkRequest
      requestBody: {content: {text/plain: {schema: {type: string}}}}
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			want: []string{
				"func (s *ThingService) Check(ctx context.Context, id int64, doc []byte, ro ...adama.RequestOption) (*Thing, error) {",
				`if err := positiveID("id", id); err != nil {`,
				`c := &call.Call{Method: http.MethodPost, Path: "/things/" + strconv.FormatInt(id, 10) + "/check"}`,
				"if err := checkRequest(c, id, doc); err != nil {",
				"return call.One[Thing](ctx, s.g, c, ro...)",
				`{"checkThing", "POST", "/things/{id}/check", "Things", "Check", ""},`,
			},
		},
		{
			name: "a POST without body and a GET answering nothing are actions",
			paths: `  /things/{id}/publish:
    parameters: [{$ref: "#/components/parameters/ID"}]
    post:
      operationId: publishThing
      x-go-service: Things
      x-go-method: Publish
      responses: {"200": {$ref: "#/components/responses/Thing"}}
  /things/{id}/delete:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: deleteThingByGet
      x-go-service: Things
      x-go-method: DeleteByGet
      x-go-call: noAnswer
      responses: {"204": {description: Gone.}}
`,
			want: []string{
				"func (s *ThingService) Publish(ctx context.Context, id int64, ro ...adama.RequestOption) (*Thing, error) {",
				`c := &call.Call{Method: http.MethodPost, Path: "/things/" + strconv.FormatInt(id, 10) + "/publish"}`,
				"func (s *ThingService) DeleteByGet(ctx context.Context, id int64, ro ...adama.RequestOption) error {",
				`c := &call.Call{Path: "/things/" + strconv.FormatInt(id, 10) + "/delete"}`,
				"return noAnswer(ctx, s.g, c, ro...)",
			},
		},
		{
			name: "x-go-returns through the hook, arguments and requests by method",
			paths: `  /things/{id}/labels:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: thingLabels
      x-go-service: Things
      x-go-method: [Labels, LabelsFor]
      x-go-call: labelsOf
      x-go-returns: "[]string"
      x-go-args: {LabelsFor: [{name: lang, type: string}]}
      x-go-request: {LabelsFor: langRequest}
      parameters: [{name: lang, in: query, schema: {type: string}}]
      responses: {"200": {description: Labels., content: {application/json: {schema: {type: array, items: {type: string}}}}}}
`,
			want: []string{
				"func (s *ThingService) Labels(ctx context.Context, id int64, ro ...adama.RequestOption) ([]string, error) {",
				"return labelsOf[[]string](ctx, s.g, c, ro...)",
				"func (s *ThingService) LabelsFor(ctx context.Context, id int64, lang string, ro ...adama.RequestOption) ([]string, error) {",
				"if err := langRequest(c, id, lang); err != nil {",
			},
		},
		{
			name: "a list whose records the hook reads from a form of their own",
			paths: `  /things/{id}/parts:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: listParts
      x-go-service: Things
      x-go-method: List
      x-go-options: PartListOptions
      x-go-items: Thing
      x-go-call: byKey
      responses: {"200": {description: By id., content: {application/json: {schema: {type: object, additionalProperties: {$ref: "#/components/schemas/Thing"}}}}}}
`,
			want: []string{
				"func (s *ThingService) List(ctx context.Context, id int64, opts *PartListOptions, ro ...adama.RequestOption) (*adama.Page[*Thing], error) {",
				`return byKey[Thing](ctx, s.g, &call.Call{Path: "/things/" + strconv.FormatInt(id, 10) + "/parts", Query: o.query(0, 0)}, ro)`,
			},
		},
		{
			name: "ids in calls of at most max, the answers joined",
			paths: `  /things/bulk/{ids}:
    parameters: [{name: ids, in: path, required: true, schema: {type: array, minItems: 1, items: {type: integer, format: int64, minimum: 1, maximum: 99}}}]
    get:
      operationId: bulkThings
      x-go-service: Things
      x-go-method: BulkGet
      x-go-call: recordsOf
      x-go-chunk: {param: ids, max: 25}
      x-go-returns: "[]Thing"
      responses: {"200": {$ref: "#/components/responses/Things"}}
  /things/by:
    get:
      operationId: thingsBy
      x-go-service: Things
      x-go-method: ByIDs
      x-go-call: recordsOf
      x-go-chunk: {param: thing_ids, max: MaxIDs}
      x-go-returns: "[]*Thing"
      parameters: [{name: thing_ids, in: query, style: form, explode: false, schema: {type: array, items: {type: integer, minimum: 1}}}]
      responses: {"200": {$ref: "#/components/responses/Things"}}
`,
			want: []string{
				"func (s *ThingService) BulkGet(ctx context.Context, ids []int64, ro ...adama.RequestOption) ([]Thing, error) {",
				"if len(ids) < 1 {", `v.Add("ids", "at least one id", nil)`,
				`if err := idBetween("ids["+strconv.Itoa(i)+"]", id, 99); err != nil {`,
				"for chunk := range slices.Chunk(ids, 25) {",
				`c := &call.Call{Path: "/things/bulk/" + joinQuery(chunk, func(id int64) string { return strconv.FormatInt(id, 10) })}`,
				"page, err := recordsOf[[]Thing](ctx, s.g, c, ro...)",
				"out = append(out, page...)",
				"func (s *ThingService) ByIDs(ctx context.Context, thingIDs []int64, ro ...adama.RequestOption) ([]*Thing, error) {",
				"for chunk := range slices.Chunk(thingIDs, MaxIDs) {",
				`c := &call.Call{Path: "/things/by", Query: url.Values{"thing_ids": {joinQuery(chunk, func(id int64) string { return strconv.FormatInt(id, 10) })}}}`,
				"func joinQuery[T any](list []T, text func(T) string) string {",
				"func idBetween(field string, id, max int64) error {",
				`"slices"`,
				"// BulkGet calls GET /things/bulk/{ids}. It sends at most 25 ids per",
			},
			not: []string{`v.Add("thing_ids", "at least one id"`},
		},
		{
			name: "sub-resource saves read back, and Modify under the parent",
			paths: `  /owners/{owner_id}/things:
    parameters: [{name: owner_id, in: path, required: true, schema: {type: integer, format: int64, minimum: 1, maximum: 1000}}]
    post:
      operationId: createThing
      x-go-service: Things
      x-go-method: Create
      x-go-read-back: {method: Get, id: thingId, field: ID}
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}
      responses: {"200": {description: The new id., content: {application/json: {schema: {type: object, properties: {thingId: {type: integer}}}}}}}
  /owners/{owner_id}/things/{id}:
    parameters:
      - {name: owner_id, in: path, required: true, schema: {type: integer, format: int64, minimum: 1, maximum: 1000}}
      - {name: id, in: path, required: true, x-go-field: ID, schema: {type: integer, format: int64, minimum: 1}}
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      responses: {"200": {$ref: "#/components/responses/Thing"}}
    post:
      operationId: saveThing
      x-go-service: Things
      x-go-method: [Update, Modify]
      x-go-read-back: {method: Get}
      x-go-record: {record: Thing, body: replaceRequest}
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}
      responses: {"204": {description: Saved.}}
`,
			want: []string{
				"func (s *ThingService) Create(ctx context.Context, ownerID int64, rec *Thing, ro ...adama.RequestOption) (*Thing, error) {",
				`if err := idBetween("owner_id", ownerID, 1000); err != nil {`,
				"r, err := call.One[struct {", "ID int64 `json:\"thingId\"`",
				"got, err := s.Get(ctx, ownerID, r.ID, ro...)",
				"return &Thing{ID: r.ID}, err",
				"// /owners/{owner_id}/things; the platform answers the new id only,",
				"// so Create returns the record read back with Get.",
				"func (s *ThingService) Update(ctx context.Context, ownerID int64, rec *Thing, ro ...adama.RequestOption) (*Thing, error) {",
				"body, err := rec.replaceRequest()",
				`if err := s.g.NoContent(ctx, &call.Call{Method: http.MethodPost, Path: "/owners/" + strconv.FormatInt(ownerID, 10) + "/things/" + strconv.FormatInt(rec.ID, 10), JSON: body}, ro...); err != nil {`,
				"return s.Get(ctx, ownerID, rec.ID, ro...)",
				"func (s *ThingService) Modify(ctx context.Context, ownerID int64, id int64, change func(*Thing) error, ro ...adama.RequestOption) (*Thing, error) {",
				`return modify.Run(ctx, "thing "+strconv.FormatInt(id, 10)+" of owner "+strconv.FormatInt(ownerID, 10),`,
				"return s.Update(ctx, ownerID, rec, ro...)",
			},
			not: []string{"rec.updateRequest()", "rec.createRequest()\nif err != nil {\nreturn nil, err\n}\nreturn call.One"},
		},
		{
			name: "a create without a read returns the record sent with its new id",
			paths: `  /owners/{owner_id}/things:
    parameters: [{name: owner_id, in: path, required: true, schema: {type: integer, format: int64, minimum: 1}}]
    post:
      operationId: createThing
      x-go-service: Things
      x-go-method: Create
      x-go-read-back: {id: thingId, field: ID}
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}
      responses: {"200": {description: The new id., content: {application/json: {schema: {type: object, properties: {thingId: {type: integer}}}}}}}
`,
			want: []string{
				"func (s *ThingService) Create(ctx context.Context, ownerID int64, rec *Thing, ro ...adama.RequestOption) (*Thing, error) {",
				"out := *rec", "out.ID = r.ID", "return &out, nil",
				"// and has no read of one record, so Create returns a copy of the",
			},
			not: []string{"s.Get("},
		},
		{
			name: "x-go-record: a create whose body is a part of the record",
			paths: `  /things:
    post:
      operationId: createThing
      x-go-service: Things
      x-go-method: Create
      x-go-record: Thing
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			want: []string{
				"func (s *ThingService) Create(ctx context.Context, rec *Thing, ro ...adama.RequestOption) (*Thing, error) {",
				`return call.One[Thing](ctx, s.g, &call.Call{Method: http.MethodPost, Path: "/things", JSON: body}, ro...)`,
			},
		},
		{
			name: "the HTTP method the client chose, held by the service",
			paths: `  /things/{id}:
    parameters: [{name: id, in: path, required: true, x-go-field: ID, schema: {type: integer, format: int64, minimum: 1}}]
    post:
      operationId: saveThing
      x-go-service: Things
      x-go-method: Update
      x-go-http-method: saveMethod
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			want: []string{
				`return call.One[Thing](ctx, s.g, &call.Call{Method: s.saveMethod, Path: "/things/" + strconv.FormatInt(rec.ID, 10), JSON: body}, ro...)`,
			},
			not: []string{"http.MethodPost"},
		},
		{
			name: "x-go-returns needs a hook",
			paths: `  /things/{id}/n:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: countThing
      x-go-service: Things
      x-go-method: Count
      x-go-returns: int
      responses: {"200": {description: N., content: {application/json: {schema: {type: integer}}}}}
`,
			err: "x-go-returns needs x-go-call",
		},
		{
			name: "arguments need a request function",
			paths: `  /things/{id}/check:
    parameters: [{$ref: "#/components/parameters/ID"}]
    post:
      operationId: checkThing
      x-go-service: Things
      x-go-method: Check
      x-go-args: [{name: doc, type: "[]byte"}]
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			err: "x-go-args needs x-go-request",
		},
		{
			name: "an argument must be a Go name and type",
			paths: `  /things/{id}/check:
    parameters: [{$ref: "#/components/parameters/ID"}]
    post:
      operationId: checkThing
      x-go-service: Things
      x-go-method: Check
      x-go-args: [{name: Doc, type: "[]byte"}]
      x-go-request: checkRequest
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			err: "x-go-args: ",
		},
		{
			name: "a chunked parameter must be sent comma-separated",
			paths: `  /things/by:
    get:
      operationId: thingsBy
      x-go-service: Things
      x-go-method: ByIDs
      x-go-call: recordsOf
      x-go-chunk: {param: ids, max: 10}
      x-go-returns: "[]Thing"
      parameters: [{name: ids, in: query, schema: {type: array, items: {type: integer, minimum: 1}}}]
      responses: {"200": {$ref: "#/components/responses/Things"}}
`,
			err: "is not sent comma-separated",
		},
		{
			name: "a chunked read returns a list",
			paths: `  /things/bulk/{ids}:
    parameters: [{name: ids, in: path, required: true, schema: {type: array, items: {type: integer, minimum: 1}}}]
    get:
      operationId: bulkThings
      x-go-service: Things
      x-go-method: BulkGet
      x-go-call: one
      x-go-chunk: {param: ids, max: 10}
      x-go-returns: "*Thing"
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			err: "x-go-chunk applies to a read returning a list",
		},
		{
			name: "a create's read-back names the answer's id and the record's field",
			paths: `  /things:
    post:
      operationId: createThing
      x-go-service: Things
      x-go-method: Create
      x-go-read-back: {method: Get}
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Thing"}}}}
      responses: {"200": {description: The new id., content: {application/json: {schema: {type: object}}}}}
`,
			err: "x-go-read-back of a create names the answer's id property",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := genServices(t, thingServices, tc.paths)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			got := collapse(src)
			for _, w := range tc.want {
				assert.Contains(t, got, collapse(w))
			}
			for _, n := range tc.not {
				assert.NotContains(t, got, collapse(n))
			}
		})
	}
}

// TestHandRowNamesAGeneratedMethod: a hand-written row may name a method
// generated for another operation (it serves both), while two generated
// methods of one name stay an error.
func TestHandRowNamesAGeneratedMethod(t *testing.T) {
	get := `  /things/{id}:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`
	for _, tc := range []struct{ name, paths, want, err string }{
		{
			name: "a hand-written row beside the generated method",
			paths: get + `  /things/{id}/old:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: getOldThing
      x-go-service: Things
      x-go-method: Get
      x-go-handwritten: "the old read, which Get replaces; no method sends it"
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			want: `{"getOldThing", "GET", "/things/{id}/old", "Things", "Get", "the old read, which Get replaces; no method sends it"},`,
		},
		{
			name: "two generated methods of one name",
			paths: get + `  /things/{id}/old:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: getOldThing
      x-go-service: Things
      x-go-method: Get
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			err: "Things.Get is already the method of getThing",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := genServices(t, thingServices, tc.paths)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Contains(t, collapse(src), tc.want)
			assert.Equal(t, 1, strings.Count(src, "func (s *ThingService) Get("), "Get is generated once")
		})
	}
}

// validateMoreSchemas are the records of the validate_more.go and
// validate_also.go tests: Deal holds a record by value (Owner), a record
// written by hand (Money, x-go-hand-type), a decimal with limits, a list
// of integers with item limits and x-go-rule, a text with x-go-rule and a
// required text and list the SDK always sends; Owner and Deal name
// hand-written rules (x-go-validate-also).
const validateMoreSchemas = `
    Money:
      type: object
      x-go-skip: true
      properties:
        value: {type: number, minimum: 0}
    Owner:
      type: object
      required: [id]
      x-go-validate-also: checkOwner
      properties:
        id: {type: integer, minimum: 1, x-go-omitempty: true}
    Deal:
      type: object
      required: [name]
      x-go-validate: {create: DealCreate, update: DealUpdate}
      x-go-validate-also: checkDeal
      properties:
        name: {type: string}
        code: {type: string, minLength: 3, maxLength: 3, pattern: "^[A-Z]{3}$", x-go-omitempty: true, x-go-rule: 3 capitals}
        ids: {type: array, maxItems: 2, items: {type: integer, minimum: 1, x-go-rule: a positive id}, x-adama-send-zero: true}
        cpm: {type: number, minimum: 0, maximum: 10}
        owner: {allOf: [{$ref: "#/components/schemas/Owner"}], x-go-value-items: true}
        price: {allOf: [{$ref: "#/components/schemas/Money"}], x-go-hand-type: "*Money"}
        ro: {type: integer, readOnly: true, minimum: 5}
    DealCreate:
      x-go-skip: true
      allOf:
        - $ref: "#/components/schemas/Deal"
        - required: [name, ids, owner, price]
    DealUpdate:
      x-go-skip: true
      allOf:
        - $ref: "#/components/schemas/Deal"
`

func TestGenerateValidateMore(t *testing.T) {
	src, err := validateDoc(t, validateMoreSchemas, "    {}\n")
	require.NoError(t, err)
	lines := map[string]bool{}
	for l := range strings.SplitSeq(src, "\n") {
		lines[strings.Join(strings.Fields(l), " ")] = true
	}
	for _, w := range []string{
		// a required text and list always sent: "required" when empty.
		`v.Require(valid.Path(at, "name"), x.Name != "")`,
		`v.Require(valid.Path(at, "ids"), len(x.IDs) > 0)`,
		// x-go-rule: the limits recorded apart, restated once per field.
		"outer := v",
		"v := new(valid.Validator)",
		`v.Pattern(valid.Path(at, "code"), x.Code, "^[A-Z]{3}$")`,
		`outer.Restate(v, "3 capitals")`,
		// the items' limits, with the items' own x-go-rule.
		`v.Min(valid.Index(at, "ids", i), e, 1)`,
		`outer.Restate(v, "a positive id")`,
		`v.Items(valid.Path(at, "ids"), len(x.IDs), -1, 2)`,
		// decimal limits.
		`v.DecimalMin(valid.Path(at, "cpm"), *x.CPM, "0")`,
		`v.DecimalMax(valid.Path(at, "cpm"), *x.CPM, "10")`,
		// a record held by value, absent when zero.
		"if !valid.IsZero(x.Owner) {",
		`x.Owner.validateAt(v, valid.Path(at, "owner"), create)`,
		// a record written by hand, by its own validateAt.
		`x.Price.validateAt(v, valid.Path(at, "price"), create)`,
		// the hand-written rules, last.
		"x.checkDeal(v, at, create)",
		"x.checkOwner(v, at, create)",
	} {
		assert.True(t, lines[strings.Join(strings.Fields(w), " ")], "missing line %q in\n%s", w, src)
	}
	assert.NotContains(t, src, `valid.Path(at, "ro")`, "a read-only property of a body states no rule")
}

func TestGenerateValidateMoreErrors(t *testing.T) {
	thing := func(extra, props string) string {
		return "    Thing:\n      type: object\n      x-go-validate: true\n" + extra + "      properties:\n" + props
	}
	for _, tc := range []struct{ name, schemas, want string }{
		{"x-go-rule without text", thing("", "        s: {type: string, maxLength: 2, x-go-rule: 3}\n"),
			"property s: x-go-rule: want the rule's text, found 3"},
		{"x-go-rule without a limit", thing("", "        s: {type: string, x-go-rule: short}\n"),
			"property s: x-go-rule on a property that states no limit"},
		{"x-go-rule on a record", thing("", "        r: {allOf: [{$ref: \"#/components/schemas/R\"}], x-go-rule: odd}\n") +
			"    R:\n      type: object\n      properties:\n        n: {type: integer}\n",
			"property r: x-go-rule applies to values and lists of values, not to records"},
		{"item limits on a list of text", thing("", "        l: {type: array, items: {type: string, minLength: 1}}\n"),
			"property l: limits on the items of a list are not checked by the generator"},
		{"item limits held as float64", thing("", "        l: {type: array, items: {type: integer, minimum: 1}, x-go-hand-type: \"[]float64\"}\n"),
			"property l: limits on the integer items of a list held as []float64 (want []int64)"},
		{"x-go-validate-also not a method name", thing("      x-go-validate-also: Check\n", "        n: {type: integer}\n"),
			"schema Thing, x-go-validate-also: want the name of an unexported method, found Check"},
		{"x-go-validate-also on a record not checked", "    Thing:\n      type: object\n      x-go-validate-also: check\n      properties:\n        n: {type: integer}\n",
			"schema Thing, x-go-validate-also: the record is not checked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := validateDoc(t, tc.schemas, "    {}\n")
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, src)
		})
	}
}

// fakeRoutesDoc is a document with the paths given (YAML, indented by
// two spaces) and the schemas of fakeBodySchemas.
func fakeRoutesDoc(t *testing.T, paths string) *openapi3.T {
	t.Helper()
	doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n" +
		"servers:\n  - url: '{base_url}/g/v1'\n    variables: {base_url: {default: 'http://x'}}\npaths:\n" + paths +
		"components:\n  schemas:\n" + fakeBodySchemas))
	require.NoError(t, err, "the test document must be valid OpenAPI")
	return doc
}

// fakeBodySchemas are the request bodies of the bodies table's tests:
// Thing states required and read-only properties and enums, its own
// and, through allOf, Base's; Plain states none.
const fakeBodySchemas = `
    Color:
      type: string
      enum: [red, blue]
    Base:
      type: object
      required: [name]
      properties:
        name: {type: string}
        id: {type: integer, readOnly: true}
        color: {$ref: "#/components/schemas/Color"}
    Thing:
      allOf:
        - $ref: "#/components/schemas/Base"
        - type: object
          required: [kind, name]
          properties:
            kind: {type: string, enum: [a, b]}
            shade: {nullable: true, allOf: [{$ref: "#/components/schemas/Color"}]}
            level: {type: integer, enum: [1, 2]}
            created: {type: string, readOnly: true}
    Plain:
      type: object
      properties:
        note: {type: string}
`

func TestGenerateFakeRoutes(t *testing.T) {
	ok := func(id string) string {
		return "      operationId: " + id + "\n      responses: {'200': {description: ok}}\n"
	}
	withBody := func(id, schema string) string {
		return "      operationId: " + id + "\n      requestBody:\n        content:\n          application/json:\n" +
			"            schema: {$ref: '#/components/schemas/" + schema + "'}\n      responses: {'200': {description: ok}}\n"
	}
	for _, tc := range []struct {
		name    string
		pkg     string
		paths   string
		want    []string // lines (trimmed, spaces collapsed) the output must hold, in this order
		not     []string
		wantErr []string
	}{
		{
			name: "one method per operation, sorted by path then method",
			pkg:  "gfake",
			paths: "  /things/{id}:\n    parameters: [{name: id, in: path, required: true, schema: {type: integer}}]\n    post:\n" + ok("updateThing") + "    get:\n" + ok("getThing") +
				"  /things:\n    get:\n" + ok("ListThings") + "  /a:\n    delete:\n" + ok("deleteA"),
			want: []string{
				"// Code generated by apigen from test.yaml. DO NOT EDIT.",
				"package gfake",
				`"net/http"`,
				`"github.com/adamasdk/adama-go/internal/fake"`,
				"type operations interface {",
				"// deleteA serves DELETE /a.",
				"deleteA(w http.ResponseWriter, r *http.Request)",
				"// listThings serves GET /things.",
				"listThings(w http.ResponseWriter, r *http.Request)",
				"getThing(w http.ResponseWriter, r *http.Request)",
				"updateThing(w http.ResponseWriter, r *http.Request)",
				"func routes(ops operations) fake.Routes {",
				`"DELETE /a": ops.deleteA,`,
				`"GET /things": ops.listThings,`,
				`"GET /things/{id}": ops.getThing,`,
				`"POST /things/{id}": ops.updateThing,`,
			},
			not: []string{"var bodies"},
		},
		{
			name: "the facts of the request bodies, keyed by handler",
			pkg:  "gfake",
			paths: "  /things:\n    post:\n" + withBody("createThing", "Thing") + "    put:\n" + withBody("putPlain", "Plain") +
				"  /base:\n    post:\n" + withBody("createBase", "Base"),
			want: []string{
				"var bodies = map[string]fake.Body{",
				`"createBase": {`,
				`Required: []string{"name"},`,
				`"color": {"red", "blue"},`,
				`ReadOnly: []string{"id"},`,
				`"createThing": {`,
				// the allOf parts' required, in order, each once.
				`Required: []string{"name", "kind"},`,
				`Enums: map[string][]string{`,
				`"color": {"red", "blue"},`,
				`"kind": {"a", "b"},`,
				`"shade": {"red", "blue"},`,
				`ReadOnly: []string{"created", "id"},`,
			},
			// a body that states nothing, and an enum of numbers.
			not: []string{`"putPlain"`, `"level"`},
		},
		{
			name:    "an operation without operationId",
			pkg:     "gfake",
			paths:   "  /a:\n    get:\n      responses: {'200': {description: ok}}\n",
			wantErr: []string{"GET /a: no operationId"},
		},
		{
			name:    "an operationId that is no Go name",
			pkg:     "gfake",
			paths:   "  /a:\n    get:\n" + ok("get-a") + "  /b:\n    get:\n" + ok("func"),
			wantErr: []string{`GET /a: operationId "get-a" makes no Go method name`, `GET /b: operationId "func" makes no Go method name`},
		},
		{
			name:    "two operations, one name",
			pkg:     "gfake",
			paths:   "  /a:\n    get:\n" + ok("getA") + "  /b:\n    get:\n" + ok("GetA"),
			wantErr: []string{`operationId "`, "is also GET /"},
		},
		{
			name:    "no package",
			pkg:     "",
			paths:   "  /a:\n    get:\n" + ok("getA"),
			wantErr: []string{`-fake "" is not a package name`},
		},
		{
			name:    "no operations",
			pkg:     "gfake",
			paths:   "  {}\n",
			wantErr: []string{"the document describes no operations"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := generateFakeRoutes(fakeRoutesDoc(t, tc.paths), "test.yaml", tc.pkg)
			if tc.wantErr != nil {
				require.Error(t, err)
				for _, w := range tc.wantErr {
					assert.Contains(t, err.Error(), w)
				}
				return
			}
			require.NoError(t, err)
			var lines []string
			for l := range strings.SplitSeq(string(src), "\n") {
				lines = append(lines, strings.Join(strings.Fields(l), " "))
			}
			at := 0
			for _, w := range tc.want {
				i := slices.Index(lines[at:], strings.Join(strings.Fields(w), " "))
				if !assert.GreaterOrEqual(t, i, 0, "missing line %q (in order) in\n%s", w, src) {
					continue
				}
				at += i + 1
			}
			for _, n := range tc.not {
				assert.NotContains(t, string(src), n)
			}
		})
	}
}

// TestFakeRoutesUpToDate regenerates every fake's routes_gen.go named by a
// go:generate line under internal/fake and compares it with the committed
// file.
func TestFakeRoutesUpToDate(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(root, "internal", "fake", "*", "*.go"))
	require.NoError(t, err)
	found := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for l := range strings.SplitSeq(string(b), "\n") {
			rest, ok := strings.CutPrefix(l, "//go:generate go run ../../cmd/apigen ")
			if !ok {
				continue
			}
			args := strings.Fields(rest)
			require.Len(t, args, 4, l)
			require.Equal(t, []string{"-group", "-fake"}, []string{args[0], args[2]}, l)
			group, pkg := args[1], args[3]
			assert.Equal(t, filepath.Base(filepath.Dir(f)), pkg, "%s: -fake names the package", f)
			doc, err := apispec.Load(group)
			require.NoError(t, err)
			got, err := generateFakeRoutes(doc, "internal/apispec/"+group+".yaml", pkg)
			require.NoError(t, err, group)
			have, err := os.ReadFile(filepath.Join(filepath.Dir(f), fakeRoutesOut))
			require.NoError(t, err, "%s: run go generate ./...", pkg)
			assert.Equal(t, string(got), string(have), "%s/%s is stale; run go generate ./...", pkg, fakeRoutesOut)
			found[group] = true
		}
	}
	assert.True(t, found["dmp"] && found["deals"], "the fakes' go:generate lines are found: %v", found)
}

func TestRunFake(t *testing.T) {
	var stderr bytes.Buffer
	dir := t.TempDir()
	require.Equal(t, 0, run([]string{"-group", "dmp", "-fake", "dmpfake", "-out", filepath.Join(dir, "x.go")}, &stderr), stderr.String())
	b, err := os.ReadFile(filepath.Join(dir, fakeRoutesOut))
	require.NoError(t, err)
	assert.Contains(t, string(b), "package dmpfake")
	assert.Contains(t, strings.Join(strings.Fields(string(b)), " "), `"POST /audience_segments": ops.createTaxonomy,`)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "-fake writes the routes only")
	assert.Equal(t, 1, run([]string{"-group", "dmp", "-fake", "not-a-name", "-out", filepath.Join(dir, "x.go")}, &stderr))
	assert.Contains(t, stderr.String(), `-fake "not-a-name" is not a package name`)
}
