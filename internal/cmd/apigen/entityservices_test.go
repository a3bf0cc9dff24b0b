package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
)

// entityDoc is a small embedding-records document with one record, Thing,
// and the paths given (indented by two spaces).
func entityDoc(paths string) []byte {
	return []byte(`openapi: 3.0.3
info:
  title: t
  version: '1'
  x-go-package: pkg
  x-go-embedding-records: true
paths:
` + paths + `
components:
  parameters:
    id: {name: id, in: path, required: true, schema: {type: integer, format: int64, minimum: 1}}
  schemas:
    Thing:
      type: object
      properties:
        name: {type: string}
`)
}

const entityList = `  /api/v9/things:
    x-adama-fast-fields: [id, status]
    get:
      operationId: listThings
      x-go-service: Things
      x-go-method: [List, All]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: {type: array, items: {$ref: "#/components/schemas/Thing"}}
`

func TestGenerateEntityServices(t *testing.T) {
	tests := []struct {
		name, paths string
		want        []string // substrings of the generated file
		wantErr     string
	}{
		{
			name: "a collection and a hand-written client operation",
			paths: entityList + `  /api/v9/things/{id}:
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      parameters: [$ref: "#/components/parameters/id"]
      responses: {"200": {description: ok}}
  /api/v9/session:
    get:
      operationId: getSession
      x-go-service: Client
      x-go-method: Session
      x-go-handwritten: a call of its own outside the collections
      responses: {"200": {description: ok}}
`,
			want: []string{
				`const pathPrefix = "/api/v9"`,
				"// Things serves /api/v9/things.\n\tThings *Service[Thing]\n",
				`Things: newService[Thing](g, "things", "id", "status"),`,
				`{"listThings", "GET", "/api/v9/things", "Things", "List", ""},`,
				`{"listThings", "GET", "/api/v9/things", "Things", "All", ""},`,
				`{"getThing", "GET", "/api/v9/things/{id}", "Things", "Get", ""},`,
				`{"getSession", "GET", "/api/v9/session", "Client", "Session", "a call of its own outside the collections"},`,
				"(*Client).Session,",
			},
		},
		{
			name: "a client operation without its reason",
			paths: entityList + `  /api/v9/session:
    get:
      operationId: getSession
      x-go-service: Client
      x-go-method: Session
      responses: {"200": {description: ok}}
`,
			wantErr: "x-go-handwritten must give the reason",
		},
		{
			name: "a service that is no collection",
			paths: `  /api/v9/things/{id}:
    get:
      operationId: getThing
      x-go-service: Things
      x-go-method: Get
      parameters: [$ref: "#/components/parameters/id"]
      responses: {"200": {description: ok}}
`,
			wantErr: `x-go-service "Things" is no collection`,
		},
		{
			name: "a method Service[T] lacks",
			paths: entityList + `  /api/v9/things/{id}/copy:
    post:
      operationId: copyThing
      x-go-service: Things
      x-go-method: Copy
      parameters: [$ref: "#/components/parameters/id"]
      responses: {"200": {description: ok}}
`,
			wantErr: "Copy is not a method of Service[T]",
		},
		{
			name: "a delete in another form than the platform's",
			paths: entityList + `  /api/v9/things/{id}:
    delete:
      operationId: deleteThing
      x-go-service: Things
      x-go-method: Delete
      parameters: [$ref: "#/components/parameters/id"]
      responses: {"204": {description: ok}}
`,
			wantErr: "a collection's Delete is POST /api/v9/things/{id}/delete",
		},
		{
			name: "a delete at the collection's path",
			paths: entityList + `  /api/v9/things/{id}/delete:
    post:
      operationId: deleteThing
      x-go-service: Things
      x-go-method: Delete
      parameters: [$ref: "#/components/parameters/id"]
      responses: {"200": {description: ok}}
`,
			want: []string{
				"Things *DeletableService[Thing]\n",
				`Things: newDeletable[Thing](g, "things", "id", "status"),`,
				`{"deleteThing", "POST", "/api/v9/things/{id}/delete", "Things", "Delete", ""},`,
			},
		},
		{
			name: "a delete under a parent's path",
			paths: entityList + `  /api/v9/boxes/{box_id}/things/{id}/delete:
    post:
      operationId: deleteThing
      x-go-service: Things
      x-go-method: Delete
      parameters: [{name: box_id, in: path, required: true, schema: {type: integer}}, $ref: "#/components/parameters/id"]
      responses: {"200": {description: ok}}
`,
			want: []string{
				"Things *SubDeletableService[Thing]\n",
				`Things: newSubDeletable[Thing](g, "boxes", "things", "id", "status"),`,
			},
		},
		{
			name: "an operation outside its collection",
			paths: entityList + `  /api/v9/other/{id}:
    get:
      operationId: getOther
      x-go-service: Things
      x-go-method: Get
      parameters: [$ref: "#/components/parameters/id"]
      responses: {"200": {description: ok}}
`,
			wantErr: "is not under its collection's path",
		},
		{
			name: "a list answering no record",
			paths: `  /api/v9/things:
    get:
      operationId: listThings
      x-go-service: Things
      x-go-method: List
      responses: {"200": {description: ok}}
`,
			wantErr: "answers no application/json 200",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := apispec.Parse(entityDoc(tt.paths))
			require.NoError(t, err)
			src, err := generateServices(doc, "internal/apispec/pkg.yaml")
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			for _, w := range tt.want {
				assert.Contains(t, string(src), w)
			}
		})
	}
}

// TestGenerateEntityServicesWithoutPaths: a records-only document writes
// no services file.
func TestGenerateEntityServicesWithoutPaths(t *testing.T) {
	doc, err := apispec.Parse(entityDoc("  {}"))
	require.NoError(t, err)
	src, err := generateServices(doc, "internal/apispec/pkg.yaml")
	require.NoError(t, err)
	assert.Nil(t, src)
}

// TestEntityServicesEveryCollection: entity's description generates one
// Service per collection the Client serves (TestServicesUpToDate holds
// entity/services_gen.go to it).
func TestEntityServicesEveryCollection(t *testing.T) {
	doc, err := apispec.Load("entity")
	require.NoError(t, err)
	src, err := generateServices(doc, "internal/apispec/entity.yaml")
	require.NoError(t, err)
	assert.Equal(t, 39, strings.Count(string(src), "newService[")+strings.Count(string(src), "newDeletable[")+strings.Count(string(src), "newSubDeletable["), "one Service per collection")
	assert.Equal(t, 4, strings.Count(string(src), "newDeletable["), "the collections deleted at their own path")
	assert.Equal(t, 1, strings.Count(string(src), "newSubDeletable["), "budget flights, deleted under their campaign")
	own := 0
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.Extensions["x-go-service"] == "Client" {
				own++
			}
		}
	}
	assert.Equal(t, own, strings.Count(string(src), "(*Client)."), "the Client's own hand-written operations")
}
