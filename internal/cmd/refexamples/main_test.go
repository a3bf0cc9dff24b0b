package main

import (
	"encoding/json"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBuild(t *testing.T) {
	const doc = `{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{
	  "small": {"type":"object","properties":{"id":{"type":"integer"}}},
	  "big": {"type":"object","properties":{"id":{"type":"integer","example":7},"name":{"type":"string","example":"Spring"}}},
	  "answer": {"type":"object","properties":{
	    "data": {"anyOf":[{"$ref":"#/components/schemas/small"},{"$ref":"#/components/schemas/big"}]},
	    "kind": {"type":"string","enum":["a","b"]},
	    "created_on": {"type":"string"},
	    "start": {"type":"string","format":"date"},
	    "rate": {"type":"number"},
	    "on": {"type":"boolean"},
	    "tags": {"type":"array","items":{"type":"string","example":"x"}},
	    "none": {"type":"array","items":{}},
	    "nested": {"items":{"type":"integer","example":3}},
	    "both": {"allOf":[{"$ref":"#/components/schemas/small"}],"properties":{"extra":{"type":"boolean","example":false}}}
	  }}}}}`
	d, err := openapi3.NewLoader().LoadFromData([]byte(doc))
	require.NoError(t, err)
	got, err := json.Marshal(build("", d.Components.Schemas["answer"].Value, 0))
	require.NoError(t, err)
	assert.JSONEq(t, `{"data":{"id":7,"name":"Spring"},"kind":"a","created_on":"2026-03-01T10:00:00+0000","start":"2026-03-01",
	  "rate":1,"on":true,"tags":["x"],"none":[],"nested":3,"both":{"id":1,"extra":false}}`, string(got))
}

func TestNeutral(t *testing.T) {
	in := "{\n  \"t1as\": true,\n  \"sizmek_tag_status\": \"NOT_USED\",\n  \"t1_html\": 1,\n  \"next\": \"https://api.mediamath.com/x\",\n  \"ad_server_type\": \"TERMINALONE\",\n  \"mediamath_organization_id\": 2\n}"
	assert.JSONEq(t, `{"p1as":true,"p1_html":1,"next":"https://api.adama.example/x","ad_server_type":"PLATFORM","svc_organization_id":2}`, string(neutral([]byte(in))))
}
