package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		// Left to internal/record: the record has no one-pass decoder.
		{field{typ: "adama.Decimal"}, ""},
		{field{typ: "*adama.Money"}, ""},
		{field{typ: "json.RawMessage"}, ""},
		{field{typ: "*float64"}, ""},
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
		{name: "not an object", schemas: "\n    N:\n      type: integer\n", err: "schema N: only objects are records"},
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
