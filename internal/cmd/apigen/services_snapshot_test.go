package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
)

// v3Doc is a small document in the shape of a v3.0 group: a snapshot
// record Widget with its own create and update body schemas, a shared
// hand-written ListOptions (info.x-go-embeds), a legacy path and a
// deletion confirmed by the envelope alone. info and paths replace the
// markers INFO and PATHS.
const v3Doc = `openapi: 3.0.3
info:
  title: t
  version: '1'
  x-go-package: pkg
  x-go-services: {Widgets: WidgetService}
INFO
paths:
PATHS
components:
  parameters:
    PageLimit: {name: page_limit, in: query, schema: {type: integer, minimum: 1, maximum: 1000}, x-go-all-limit: DefaultAllPageLimit}
    PageOffset: {name: page_offset, in: query, schema: {type: integer, minimum: 0}}
    Q: {name: q, in: query, schema: {type: string}}
    WidgetID: {name: widget_id, in: path, required: true, schema: {type: integer, minimum: 1}}
  responses:
    Widget:
      description: One widget.
      content: {application/json: {schema: {type: object, properties: {data: {$ref: "#/components/schemas/Widget"}}}}}
    Widgets:
      description: A page of widgets.
      content: {application/json: {schema: {type: object, properties: {data: {type: array, items: {$ref: "#/components/schemas/Widget"}}}}}}
    Deleted:
      description: The envelope alone.
      content: {application/json: {schema: {type: object, properties: {meta: {type: object}}}}}
  schemas:
    Color: {type: string, enum: [red, blue]}
    Widget:
      type: object
      x-go-snapshot: true
      x-go-snapshot-bodies: true
      x-go-validate: {create: WidgetCreate, update: WidgetUpdate}
      required: [version]
      properties:
        id: {type: integer, format: int64, readOnly: true}
        name: {type: string}
        version: {type: integer, format: int64}
    WidgetCreate:
      x-go-skip: true
      type: object
      required: [name]
      properties:
        name: {type: string, minLength: 1}
    WidgetUpdate:
      x-go-skip: true
      type: object
      required: [version]
      properties:
        name: {type: string, minLength: 1}
        version: {type: integer, minimum: 0}
`

const v3Info = "  x-go-embeds: {ListOptions: [page_limit, page_offset, q]}"

const v3Paths = `  /widgets:
    get:
      operationId: listWidgets
      x-go-service: Widgets
      x-go-method: [List, All]
      x-go-options: WidgetListOptions
      x-go-embed: ListOptions
      parameters:
        - $ref: "#/components/parameters/PageLimit"
        - $ref: "#/components/parameters/PageOffset"
        - $ref: "#/components/parameters/Q"
        - {name: color, in: query, schema: {type: array, items: {$ref: "#/components/schemas/Color"}}, x-go-type: "[]Color"}
        - {name: full, in: query, schema: {type: string, enum: ["*"]}, x-go-type: bool}
      responses: {"200": {$ref: "#/components/responses/Widgets"}}
    post:
      operationId: createWidget
      x-go-service: Widgets
      x-go-method: Create
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/WidgetCreate"}}}}
      responses: {"201": {$ref: "#/components/responses/Widget"}}
  /widgets/{widget_id}:
    parameters: [{$ref: "#/components/parameters/WidgetID"}]
    get:
      operationId: getWidget
      x-go-service: Widgets
      x-go-method: Get
      responses: {"200": {$ref: "#/components/responses/Widget"}}
    post:
      operationId: updateWidget
      x-go-service: Widgets
      x-go-method: [Update, Modify]
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/WidgetUpdate"}}}}
      responses: {"200": {$ref: "#/components/responses/Widget"}}
    delete:
      operationId: deleteWidget
      x-go-service: Widgets
      x-go-method: Delete
      responses: {"200": {$ref: "#/components/responses/Deleted"}}
  /widget:
    get:
      operationId: listWidgetsLegacy
      deprecated: true
      x-go-service: Widgets
      x-go-method: [ListV2, AllV2]
      x-go-options: ListOptions
      x-go-embed: ListOptions
      parameters:
        - $ref: "#/components/parameters/PageLimit"
        - $ref: "#/components/parameters/PageOffset"
      responses: {"200": {$ref: "#/components/responses/Widgets"}}
  /widgets/{widget_id}/parts:
    parameters: [{$ref: "#/components/parameters/WidgetID"}]
    get:
      operationId: listParts
      x-go-service: Widgets
      x-go-method: [Parts, AllParts]
      x-go-options: ListOptions
      x-go-embed: ListOptions
      parameters:
        - $ref: "#/components/parameters/PageLimit"
        - $ref: "#/components/parameters/PageOffset"
      responses: {"200": {$ref: "#/components/responses/Widgets"}}
  /red/{widget_id}/parts:
    parameters: [{$ref: "#/components/parameters/WidgetID"}]
    get:
      operationId: listRedParts
      x-go-service: Widgets
      x-go-method: PartsOf
      x-go-handwritten: one method serves both colours' paths, chosen by an argument
      responses: {"200": {$ref: "#/components/responses/Widgets"}}
  /blue/{widget_id}/parts:
    parameters: [{$ref: "#/components/parameters/WidgetID"}]
    get:
      operationId: listBlueParts
      x-go-service: Widgets
      x-go-method: PartsOf
      x-go-handwritten: one method serves both colours' paths, chosen by an argument
      responses: {"200": {$ref: "#/components/responses/Widgets"}}
`

func genV3(t *testing.T, info, paths string) (string, error) {
	t.Helper()
	doc, err := apispec.Parse([]byte(strings.Replace(strings.Replace(v3Doc, "INFO", info, 1), "PATHS", paths, 1)))
	require.NoError(t, err, "the test document must be valid OpenAPI")
	src, err := generateServices(doc, "test.yaml")
	return string(src), err
}

func TestGenerateSnapshotServices(t *testing.T) {
	for _, tc := range []struct {
		name, info, paths string
		want, not         []string
	}{
		{
			name: "a v3.0 group", info: v3Info, paths: v3Paths,
			want: []string{
				// x-go-embed: the hand-written struct embedded, its query first.
				"type WidgetListOptions struct {\nListOptions",
				"func (o *WidgetListOptions) query(limit, offset int) url.Values {\nq := o.ListOptions.query(limit, offset)",
				// An array parameter once per item; a flag on a one-value string enum.
				"for _, v := range o.Color {\nq.Add(\"color\", string(v))\n}",
				"if o.Full {\nq.Set(\"full\", \"*\")\n}",
				// The embedded struct is validated through the options' validate; All's page size.
				"if err := o.validate(); err != nil {",
				"limit = DefaultAllPageLimit",
				// All copies the options deeply: the struct's clone, each list.
				"o.ListOptions = o.ListOptions.clone()\no.Color = slices.Clone(o.Color)",
				"o = o.clone()",
				// The bodies of their own schemas are the record's; widget_id is the record's id.
				"func (s *WidgetService) Create(ctx context.Context, rec *Widget, ro ...adama.RequestOption) (*Widget, error) {",
				`Path: "/widgets/" + strconv.FormatInt(rec.ID, 10), JSON: body}`,
				// The snapshot bodies.
				"func (x *Widget) createRequest() (any, error) {",
				"x.validate(&v, true)",
				"func (x *Widget) updateRequest() (any, error) {",
				`v.Add("widget_id", "must be a positive id", x.ID)`,
				"x.validateChange(&v, orig)",
				"return update.Body(&v, now, before, x.Version, x.createOnlyFields(), x.fixedFields(), func(v *valid.Validator) { x.validate(v, false) })",
				`"github.com/adamasdk/adama-go/internal/update"`,
				// Modify refuses a nil change.
				"if change == nil {\nvar v valid.Validator\nv.Add(\"change\", valid.RuleRequired, nil)",
				// A deletion confirmed by the envelope reads it.
				`return deleteEnveloped(ctx, s.g, &call.Call{Method: http.MethodDelete, Path: "/widgets/" + strconv.FormatInt(widgetID, 10)}, ro)`,
				"func deleteEnveloped(ctx context.Context, g *call.Group, c *call.Call, ro []adama.RequestOption) error {",
				// A deprecated operation names the current method.
				"// Deprecated: use List.\nfunc (s *WidgetService) ListV2(ctx context.Context, opts *ListOptions,",
				"// Deprecated: use All.\nfunc (s *WidgetService) AllV2(",
				// All<Name> iterates; a sub-resource takes the parent id first.
				"func (s *WidgetService) AllParts(ctx context.Context, widgetID int64, opts *ListOptions, ro ...adama.RequestOption) iter.Seq2[*Widget, error] {",
				// One hand-written method serves two operations.
				`{"listRedParts", "GET", "/red/{widget_id}/parts", "Widgets", "PartsOf",`,
				`{"listBlueParts", "GET", "/blue/{widget_id}/parts", "Widgets", "PartsOf",`,
			},
			// The hand-written ListOptions is used, never declared.
			not: []string{"type ListOptions struct", "func (o *ListOptions) query", "Prefetch int"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := genV3(t, tc.info, tc.paths)
			require.NoError(t, err)
			for _, w := range tc.want {
				assert.Contains(t, collapse(src), collapse(w))
			}
			for _, n := range tc.not {
				assert.NotContains(t, src, n)
			}
		})
	}
}

func TestGenerateSnapshotServicesErrors(t *testing.T) {
	for _, tc := range []struct{ name, info, paths, want string }{
		{"an embed info does not list", "", v3Paths, "x-go-embed ListOptions: info.x-go-embeds must list the parameters it holds"},
		{"an embed holding none of the parameters", "  x-go-embeds: {ListOptions: [sort_by]}", v3Paths, "x-go-embed ListOptions holds none of the operation's parameters"},
		{"an embed holding half the paging", "  x-go-embeds: {ListOptions: [page_limit, q]}", v3Paths, "x-go-embed ListOptions: page_limit and page_offset come together"},
		{"an embed that is not a type name", v3Info, strings.Replace(v3Paths, "x-go-embed: ListOptions", "x-go-embed: list.Options", 1), "x-go-embed list.Options is not an exported Go type name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := genV3(t, tc.info, tc.paths)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, src)
		})
	}
	// x-go-all-limit must be a positive integer or a constant's name.
	doc := strings.Replace(v3Doc, "x-go-all-limit: DefaultAllPageLimit", "x-go-all-limit: -3", 1)
	d, err := apispec.Parse([]byte(strings.Replace(strings.Replace(doc, "INFO", v3Info, 1), "PATHS", v3Paths, 1)))
	require.NoError(t, err)
	_, err = generateServices(d, "test.yaml")
	assert.ErrorContains(t, err, "x-go-all-limit -3 is not a positive integer")
	// A snapshot record updated without a version property.
	doc = strings.ReplaceAll(strings.ReplaceAll(v3Doc, "        version:", "        revision:"), "[version]", "[revision]")
	d, err = apispec.Parse([]byte(strings.Replace(strings.Replace(doc, "INFO", v3Info, 1), "PATHS", v3Paths, 1)))
	require.NoError(t, err)
	_, err = generateServices(d, "test.yaml")
	assert.ErrorContains(t, err, "the snapshot record Widget has no version property")
}
