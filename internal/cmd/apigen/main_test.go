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
		{field{typ: "*int32"}, ""},
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

// TestGenerateShapes covers the shapes of values.go and the features of
// snapshot.go: records held by value, types written by hand, maps, int
// and float64 fields, snapshots, aliases and the keeping decode mode.
func TestGenerateShapes(t *testing.T) {
	const schemas = `
    Leaf:
      type: object
      properties:
        n: {type: integer, x-go-type: int}
        ratio: {type: number, x-go-type: float64}
    Text:
      type: string
      x-go-hand: true
    Item:
      type: object
      x-go-hand: true
      properties:
        id: {type: integer}
    Node:
      type: object
      required: [leaf]
      x-go-snapshot: true
      properties:
        leaf:
          allOf: [{$ref: "#/components/schemas/Leaf"}]
          x-go-value: true
        leaves:
          type: array
          items: {$ref: "#/components/schemas/Leaf"}
          x-go-value: true
        by_key:
          type: object
          additionalProperties: {$ref: "#/components/schemas/Leaf"}
        labels:
          type: object
          additionalProperties: {type: string}
        code: {$ref: "#/components/schemas/Text"}
        items: {type: array, items: {$ref: "#/components/schemas/Item"}}
        flag:
          type: boolean
          x-go-omitempty: true
          x-adama-aliases: [old_flag]
`
	doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo:\n  title: t\n  version: '1'\n  x-go-package: pkg\n  x-adama-decode: keeping\n" +
		"paths: {}\ncomponents:\n  schemas:\n" + schemas))
	require.NoError(t, err)
	b, err := generate(doc, "test.yaml")
	require.NoError(t, err)
	src := string(b)
	lines := map[string]bool{}
	for l := range strings.SplitSeq(src, "\n") {
		lines[strings.Join(strings.Fields(l), " ")] = true
	}
	for _, w := range []string{
		"N *int `json:\"n,omitempty\"`",
		"Ratio *float64 `json:\"ratio,omitempty\"`",
		"Leaf Leaf `json:\"leaf\"`",
		"Leaves []Leaf `json:\"leaves,omitempty\"`",
		"ByKey map[string]Leaf `json:\"by_key,omitempty\"`",
		"Labels map[string]string `json:\"labels,omitempty\"`",
		"Code Text `json:\"code,omitempty\"`",
		"Items []Item `json:\"items,omitempty\"`",
		"Flag bool `json:\"flag,omitempty\"`",
		"raw []byte",
		"\"unicode/utf8\"",
		// Readers: by value through the record's decodeValid, by hand
		// through UnmarshalJSON, maps key by key, a null not skipped.
		"x.Leaf, ok = func(e []byte) (Leaf, bool) {",
		"err := r.decodeValid(e)",
		"x.Leaves, ok = record.ReadList(v, func(e []byte) (Leaf, bool) {",
		"x.Code, ok = func(e []byte) (Text, bool) {",
		"err := r.UnmarshalJSON(e)",
		"x.ByKey, ok = func(v []byte) (map[string]Leaf, bool) {",
		"if !utf8.Valid(key) {",
		"out[string(key)], ok = read(e)",
		"x.N, ok = record.ReadPtr(v, func(e []byte) (int, bool) {",
		"return int(n), ok && int64(int(n)) == n",
		"x.Ratio, ok = record.ReadPtr(v, func(e []byte) (float64, bool) {",
		// Misfits of held records through record.Nested.
		`out = append(out, record.Nested(x.Leaf, record.MisfitPath(prefix, "leaf"))...)`,
		`out = append(out, record.Nested(x.Leaves, record.MisfitPath(prefix, "leaves"))...)`,
		`out = append(out, record.Nested(x.ByKey, record.MisfitPath(prefix, "by_key"))...)`,
		`out = append(out, record.Nested(x.Items, record.MisfitPath(prefix, "items"))...)`,
		// Aliases, snapshot and the keeping rules.
		`if raw, ok := x.Extra["old_flag"]; ok && !x.Flag {`,
		"_ = record.DecodeValue(raw, &x.Flag)",
		"x.raw = append([]byte(nil), b...)",
		"func (x *Node) Fresh() bool { return x.raw == nil }",
		"if err := record.DecodeKeepingInto(b, (*nodeAlias)(x), nodeIdx, &x.Extra); err != nil {",
	} {
		assert.True(t, lines[strings.Join(strings.Fields(w), " ")], "missing line %q in\n%s", w, src)
	}
	for _, n := range []string{"type Text ", "type Item ", "func (x *Leaf) Fresh", "Labels, record.MisfitPath", "x.Flag = false"} {
		assert.NotContains(t, src, n)
	}
	assert.NotContains(t, src, "if !record.IsNull(v) {\nx.Leaf", "a record held by value reads null through its decoder")
}

func TestGenerateShapeErrors(t *testing.T) {
	for _, tc := range []struct{ name, schemas, want string }{
		{"by value on a scalar", `
    A:
      type: object
      properties:
        n: {type: integer, x-go-value: true}
`, "x-go-value applies to a reference to a record"},
		{"aliases on a list", `
    A:
      type: object
      properties:
        l: {type: array, items: {type: string}, x-adama-aliases: [m]}
`, "x-adama-aliases applies to a plain value"},
		{"a list of maps", `
    A:
      type: object
      properties:
        l: {type: array, items: {type: object, additionalProperties: {type: string}}}
`, "a list of maps is not supported"},
		{"a map of lists", `
    A:
      type: object
      properties:
        m: {type: object, additionalProperties: {type: array, items: {type: string}}}
`, "only values and records may be a map's values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := gen(t, tc.schemas)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, src)
		})
	}
	doc, err := apispec.Parse([]byte("openapi: 3.0.3\ninfo: {title: t, version: '1', x-go-package: pkg, x-adama-decode: strict}\npaths: {}\n"))
	require.NoError(t, err)
	_, err = generate(doc, "x.yaml")
	assert.ErrorContains(t, err, `info.x-adama-decode: want keeping, found "strict"`)
}
