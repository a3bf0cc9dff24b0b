package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// prefixed is a path under a prefix the client chooses, read through the
// package's hooks, with an id bounded above.
const prefixed = `  /v3.0/things/{tid}:
    parameters:
      - {name: tid, in: path, required: true, schema: {type: integer, format: int64, minimum: 1, maximum: 2147483647}}
    x-go-group: {field: v3, prefix: /v3.0}
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      x-go-call: readOne
      responses: {"200": {$ref: "#/components/responses/Thing"}}
    delete:
      operationId: deleteThing
      x-go-service: Things
      x-go-method: Delete
      x-go-call: noAnswer
      responses: {"204": {description: Gone.}}
`

func TestCallGroup(t *testing.T) {
	for _, tc := range []struct {
		name, paths string
		want, not   []string
		err         string
	}{
		{
			name: "group, hooks and maximum", paths: prefixed,
			want: []string{
				"func (s *ThingService) Get(ctx context.Context, tid int64, ro ...adama.RequestOption) (*Thing, error) {",
				`if err := idBetween("tid", tid, 2147483647); err != nil {`,
				`return readOne[Thing](ctx, s.v3, &call.Call{Path: "/things/" + strconv.FormatInt(tid, 10)}, ro...)`,
				"func (s *ThingService) Delete(ctx context.Context, tid int64, ro ...adama.RequestOption) error {",
				`return noAnswer(ctx, s.v3, &call.Call{Method: http.MethodDelete, Path: "/things/" + strconv.FormatInt(tid, 10)}, ro...)`,
				"func idBetween(field string, id, max int64) error {",
				`v.Add(field, "between 1 and "+strconv.FormatInt(max, 10), id)`,
				// The table and the doc keep the described path.
				`{"getThing", "GET", "/v3.0/things/{tid}", "Things", "Get", ""},`,
				"// Get calls GET /v3.0/things/{tid}.",
			},
			not: []string{"call.One[", "s.g", "positiveID", `"/v3.0/things/"`},
		},
		{
			name: "without the extensions the path is whole and call.One reads",
			paths: `  /v3.0/things/{id}:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			want: []string{
				`if err := positiveID("id", id); err != nil {`,
				`return call.One[Thing](ctx, s.g, &call.Call{Path: "/v3.0/things/" + strconv.FormatInt(id, 10)}, ro...)`,
			},
			not: []string{"idBetween"},
		},
		{
			name: "the prefix must lead the path",
			paths: `  /v3.0/things/{id}:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      x-go-group: {field: g, prefix: /v2.0}
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			err: "x-go-group: prefix /v2.0 is not a leading part of the path /v3.0/things/{id}",
		},
		{
			name: "the field must be a Go name",
			paths: `  /v3.0/things/{id}:
    parameters: [{$ref: "#/components/parameters/ID"}]
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      x-go-group: {field: "not a name", prefix: /v3.0}
      responses: {"200": {$ref: "#/components/responses/Thing"}}
`,
			err: "x-go-group: field not a name is not a Go field name",
		},
		{
			name: "a hook reads a list in listPage's stead",
			paths: `  /v3.0/things:
    get:
      operationId: listThings
      x-go-service: Things
      x-go-method: List
      x-go-options: ThingListOptions
      x-go-group: {field: g, prefix: /v3.0}
      x-go-call: readPage
      responses: {"200": {$ref: "#/components/responses/Things"}}
`,
			want: []string{
				"func (s *ThingService) List(ctx context.Context, opts *ThingListOptions, ro ...adama.RequestOption) (*adama.Page[*Thing], error) {",
				`return readPage[Thing](ctx, s.g, &call.Call{Path: "/things", Query: o.query(0, 0)}, ro)`,
			},
			not: []string{"func listPage["},
		},
		{
			name: "a hook does not read an enveloped delete",
			paths: `  /things/{id}:
    parameters: [{$ref: "#/components/parameters/ID"}]
    delete:
      operationId: deleteThing
      x-go-service: Things
      x-go-method: Delete
      x-go-call: noAnswer
      responses: {"200": {description: Gone., content: {application/json: {schema: {type: object}}}}}
`,
			err: "x-go-call does not apply to a delete answered with an envelope",
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
				assert.Contains(t, got, w)
			}
			for _, n := range tc.not {
				assert.NotContains(t, got, n)
			}
		})
	}
}
