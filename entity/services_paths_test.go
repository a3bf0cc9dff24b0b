package entity_test

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/entity"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServicesSendDescribedPaths: for every collection of the Client,
// Get, History and a limited List reach the paths the description gives
// for them (ids 7 and 9 put in).
func TestServicesSendDescribedPaths(t *testing.T) {
	ec, srv := newTestClient(t)
	seen := func(want string) bool {
		for _, r := range srv.Requests() {
			if r.Method == http.MethodGet && r.Path == want {
				return true
			}
		}
		return false
	}
	v := reflect.ValueOf(ec).Elem()
	ctx := reflect.ValueOf(context.Background())
	id := reflect.ValueOf(int64(7))
	n := 0
	for _, r := range entity.ServiceOperations {
		if r.Service == "Client" || r.HTTPMethod != http.MethodGet {
			continue
		}
		svc := v.FieldByName(r.Service)
		require.True(t, svc.IsValid(), r.Service)
		want := strings.NewReplacer("{id}", "7", "{relation}", "advertiser", "{related_id}", "9").Replace(r.Path)
		switch {
		case r.Method == "Get" || r.Method == "History":
			m := svc.MethodByName(r.Method)
			args := []reflect.Value{ctx, id}
			if r.Method == "Get" {
				args = append(args, reflect.ValueOf((*entity.GetOptions)(nil)))
			}
			m.Call(args)
		case r.Method == "List" && strings.Contains(r.Path, "/limit/"):
			svc.MethodByName("List").Call([]reflect.Value{ctx, reflect.ValueOf(&entity.ListOptions{Limit: entity.LimitTo("advertiser", 9)})})
		case r.Method == "List":
			svc.MethodByName("List").Call([]reflect.Value{ctx, reflect.ValueOf(&entity.ListOptions{})})
		default:
			continue
		}
		n++
		assert.True(t, seen(want), "%s.%s: GET %s", r.Service, r.Method, want)
	}
	assert.Equal(t, 38*4+3, n, "38 collections with a limited list, contracts without")
}
