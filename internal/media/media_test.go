package media

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMediaType(t *testing.T) {
	assert.Equal(t, "application/vnd.svc.v1+json", MediaType("Application/VND.svc.v1+json; charset=utf-8"))
	assert.Equal(t, "text/xml", MediaType("text/xml;charset"))
	assert.True(t, IsJSON("application/vnd.svc.v1+json"))
	assert.True(t, IsJSON("text/json"))
	assert.False(t, IsJSON("text/html"))
	assert.True(t, IsXML("application/atom+xml"))
	assert.True(t, IsXML("text/xml"))
	assert.False(t, IsXML("application/json"))
}
