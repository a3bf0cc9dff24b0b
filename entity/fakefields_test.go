package entity

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/internal/fake/entityfake"
)

// formFields returns the form keys a record type can send (url tags,
// embedded structs included).
func formFields(t reflect.Type, out map[string]bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("url")
		if f.Anonymous && tag == "" {
			formFields(f.Type, out)
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if name != "" && name != "-" {
			out[name] = true
		}
	}
}

// services returns every collection of the client with its record type.
func services(c *Client) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	v := reflect.ValueOf(c).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if f.Kind() != reflect.Pointer || f.IsNil() || !strings.HasPrefix(f.Type().Elem().Name(), "Service[") {
			continue
		}
		coll := f.MethodByName("Collection").Call(nil)[0].String()
		out[coll] = f.MethodByName("Get").Type().Out(0).Elem()
	}
	return out
}

// The fake rejects form fields it does not know (spec 7); every field a
// record sends must be one it knows, and every collection of the client
// must be one it serves.
func TestFakeKnowsEveryFieldTheSDKSends(t *testing.T) {
	svcs := services(New(nil))
	require.Greater(t, len(svcs), 30)
	for coll, typ := range svcs {
		fields := map[string]bool{}
		formFields(typ, fields)
		for f := range fields {
			assert.True(t, entityfake.Accepts(coll, f), "%s: %s (%s)", coll, f, typ.Name())
		}
	}
}
