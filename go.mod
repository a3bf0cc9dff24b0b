module github.com/adamasdk/adama-go

go 1.25

require (
	github.com/anchore/go-lzo v0.1.1
	github.com/getkin/kin-openapi v0.153.0
	github.com/google/go-querystring v1.2.0
	github.com/govalues/decimal v0.1.36
	github.com/hashicorp/go-retryablehttp v0.7.8
	github.com/shopspring/decimal v1.6.0
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5
	golang.org/x/oauth2 v0.35.0
	golang.org/x/time v0.14.0
	gopkg.in/h2non/gock.v1 v1.1.2
)

require (
	github.com/go-openapi/jsonpointer v0.22.5 // indirect
	github.com/go-openapi/swag/jsonname v0.25.5 // indirect
	github.com/h2non/parth v0.0.0-20190131123155-b4df798d6542 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	go.yaml.in/yaml/v4 v4.0.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
