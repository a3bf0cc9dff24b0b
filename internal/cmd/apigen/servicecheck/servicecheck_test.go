package servicecheck_test

import (
	"context"
	"iter"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/internal/cmd/apigen/servicecheck"
)

type thing struct{}

type thingService struct{}

func (*thingService) Get(context.Context, int64) (*thing, error)     { return nil, nil }
func (*thingService) All(context.Context) iter.Seq2[*thing, error]   { return nil }
func (*thingService) Extra(context.Context) error                    { return nil }
func (*thingService) WithSize(int) *thingService                     { return nil }
func (*thingService) Describe() string                               { return "" }
func (*thingService) Create(context.Context, *thing) (*thing, error) { return nil, nil }
func (*thingService) Validate(context.Context, *thing) (bool, error) { return false, nil }

type client struct {
	Things *thingService
	Name   string // not a service
}

const doc = `openapi: 3.0.3
info: {title: t, version: '1', x-go-package: pkg}
paths:
  /things:
    get:
      operationId: listThings
      responses: {"200": {description: ok}}
    post:
      operationId: createThing
      responses: {"200": {description: ok}}
  /things/{id}:
    get:
      operationId: getThing
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses: {"200": {description: ok}}
`

func TestProblems(t *testing.T) {
	d, err := apispec.Parse([]byte(doc))
	require.NoError(t, err)
	full := []servicecheck.Row{
		{"listThings", "GET", "/things", "Things", "All", ""},
		{"createThing", "POST", "/things", "Things", "Create", ""},
		{"getThing", "GET", "/things/{id}", "Things", "Get", ""},
		{"getThing", "GET", "/things/{id}", "Things", "Extra", "a reason"},
		{"createThing", "POST", "/things", "Things", "Validate", "a reason"},
	}
	for _, tc := range []struct {
		name  string
		table []servicecheck.Row
		want  []string
	}{
		{"all agree", full, nil},
		{"an operation without a method", full[1:], []string{
			"Things.All: reaches the platform but serves no operation of the description",
			"operation listThings (GET /things) has no method",
		}},
		{"a method whose path is not described", append(full[:4:4], servicecheck.Row{"validateThing", "POST", "/things/validate", "Things", "Validate", "r"}), []string{
			"Things.Validate: POST /things/validate is not in the description",
		}},
		{"a method that is not on the service", append(full[:5:5], servicecheck.Row{"getThing", "GET", "/things/{id}", "Things", "Gone", ""}), []string{
			"Things.Gone: no such method",
		}},
		{"a service that is not on the client", append(full[:5:5], servicecheck.Row{"getThing", "GET", "/things/{id}", "Others", "Get", ""}), []string{
			"Others: no such service on the client",
		}},
		{"the wrong operation id", append([]servicecheck.Row{{"fetchThing", "GET", "/things/{id}", "Things", "Get", ""}}, full[:2]...), []string{
			"Things.Extra: reaches the platform but serves no operation of the description",
			"Things.Get: GET /things/{id} is getThing in the description, not fetchThing",
			"Things.Validate: reaches the platform but serves no operation of the description",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, servicecheck.Problems(d, &client{Things: &thingService{}}, tc.table))
		})
	}
	assert.Equal(t, []string{"the client is not a pointer to a struct"}, servicecheck.Problems(d, client{}, full))
}

// selfClient serves the operations itself, with no service fields.
type selfClient struct{ Name string }

func (*selfClient) Things(context.Context) iter.Seq2[*thing, error] { return nil }
func (*selfClient) Thing(context.Context, int64) (*thing, error)    { return nil, nil }
func (*selfClient) Make(context.Context, *thing) (*thing, error)    { return nil, nil }
func (*selfClient) Describe() string                                { return "" }

func TestProblemsOfAClientServingItself(t *testing.T) {
	d, err := apispec.Parse([]byte(doc))
	require.NoError(t, err)
	full := []servicecheck.Row{
		{"listThings", "GET", "/things", "selfClient", "Things", "a reason"},
		{"createThing", "POST", "/things", "selfClient", "Make", "a reason"},
		{"getThing", "GET", "/things/{id}", "selfClient", "Thing", "a reason"},
	}
	assert.Empty(t, servicecheck.Problems(d, &selfClient{}, full))
	assert.Equal(t, []string{
		"operation createThing (POST /things) has no method",
		"selfClient.Make: reaches the platform but serves no operation of the description",
	}, servicecheck.Problems(d, &selfClient{}, []servicecheck.Row{full[0], full[2]}))
	assert.Equal(t, []string{"selfClient.Gone: no such method"},
		servicecheck.Problems(d, &selfClient{}, append(full[:3:3], servicecheck.Row{"getThing", "GET", "/things/{id}", "selfClient", "Gone", ""})))
}
