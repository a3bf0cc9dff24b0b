package conformance

import (
	"context"
	"flag"
	"fmt"
	"iter"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/byoa"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/reporting"
	"github.com/adamasdk/adama-go/targeting"
)

var update = flag.Bool("update", false, "rewrite testdata/deviations.txt with the deviations found")

// groups builds every group's client the way a user does.
func groups(t *testing.T) map[string]any {
	c, err := adama.NewClient(adama.WithBaseURL("http://127.0.0.1:1"), adama.WithToken("t"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return map[string]any{
		"entity":    entity.New(c),
		"targeting": targeting.New(c),
		"reporting": reporting.New(c),
		"creatives": creatives.New(c),
		"deals":     deals.New(c),
		"dmp":       dmp.New(c),
		"firehose":  firehose.New(c),
		"byoa":      byoa.New(c),
	}
}

var (
	ctxType    = reflect.TypeFor[context.Context]()
	errType    = reflect.TypeFor[error]()
	optType    = reflect.TypeFor[[]adama.RequestOption]()
	adamaPath  = reflect.TypeFor[adama.Client]().PkgPath()
	versionEnd = regexp.MustCompile(`V[0-9]+$`)
)

// TestServiceShape walks every group's services and checks each method
// against Table 1 of CONTRIBUTING.md. The deviations of groups not yet moved
// onto the convention are listed in testdata/deviations.txt: a deviation not
// listed fails (nothing new drifts), and so does a listed one that is gone
// (the list only shrinks; run with -update after moving a group).
func TestServiceShape(t *testing.T) {
	var found []string
	for name, client := range groups(t) {
		found = append(found, clientDeviations(name, reflect.ValueOf(client))...)
	}
	slices.Sort(found)
	found = slices.Compact(found)

	const file = "testdata/deviations.txt"
	if *update {
		require.NoError(t, os.WriteFile(file, []byte(strings.Join(found, "\n")+"\n"), 0o644))
	}
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var listed []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			listed = append(listed, l)
		}
	}
	for _, d := range found {
		if !slices.Contains(listed, d) {
			t.Errorf("new deviation from CONTRIBUTING.md's method set: %s", d)
		}
	}
	for _, d := range listed {
		if !slices.Contains(found, d) {
			t.Errorf("listed deviation is gone, remove it from %s (go test -run TestServiceShape -update): %s", file, d)
		}
	}
}

func clientDeviations(group string, v reflect.Value) []string {
	var out []string
	t := v.Type()
	if t.Kind() != reflect.Pointer || t.Elem().Name() != "Client" {
		return []string{fmt.Sprintf("%s.New returns %s, not *%s.Client", group, t, group)}
	}
	st := t.Elem()
	for i := range st.NumField() {
		f := st.Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
			continue
		}
		out = append(out, serviceDeviations(group+"."+f.Name, f.Type)...)
	}
	for i := range st.NumField() {
		if n := st.Field(i).Name; versionEnd.MatchString(n) {
			out = append(out, fmt.Sprintf("%s.%s: a separate service for an older API version", group, n))
		}
	}
	return out
}

// serviceDeviations checks one service's methods.
func serviceDeviations(svc string, t reflect.Type) []string {
	var out []string
	bad := func(m reflect.Method, why string) { out = append(out, fmt.Sprintf("%s.%s: %s", svc, m.Name, why)) }
	for i := range t.NumMethod() {
		m := t.Method(i)
		ft := m.Type // receiver first
		ins := make([]reflect.Type, 0, ft.NumIn()-1)
		for j := 1; j < ft.NumIn(); j++ {
			ins = append(ins, ft.In(j))
		}
		outs := make([]reflect.Type, 0, ft.NumOut())
		for j := range ft.NumOut() {
			outs = append(outs, ft.Out(j))
		}
		if strings.Contains(m.Name, "Legacy") {
			bad(m, "older versions are named with a version suffix (GetV1), not Legacy")
		}
		switch m.Name {
		case "Patch", "Replace", "Put", "Set", "ModifyAllowingRemoval":
			bad(m, "writes are Create, Update, Modify, Delete or a named action")
		}
		if !doesIO(outs) {
			continue
		}
		if len(ins) == 0 || ins[0] != ctxType {
			bad(m, "does I/O without context.Context first")
		}
		if !ft.IsVariadic() || ins[len(ins)-1] != optType {
			bad(m, "does not end with ...adama.RequestOption")
		}
		base := versionEnd.ReplaceAllString(m.Name, "")
		if why := checkCore(base, ins, outs); why != "" && !subResource(base, ins, outs) {
			bad(m, why)
		}
	}
	return out
}

// doesIO reports whether a method's results end with an error or are an
// iterator of (record, error): the calls that reach the platform.
func doesIO(outs []reflect.Type) bool {
	if len(outs) > 0 && outs[len(outs)-1] == errType {
		return true
	}
	return len(outs) == 1 && isSeq2Err(outs[0])
}

func isSeq2Err(t reflect.Type) bool {
	if t.Kind() != reflect.Func || t.NumIn() != 1 || t.NumOut() != 0 {
		return false
	}
	y := t.In(0)
	return y.Kind() == reflect.Func && y.NumIn() == 2 && y.In(1) == errType
}

// checkCore checks the signature of the seven core methods against
// Table 1; "" when it fits or the method is not one of them.
func checkCore(name string, ins, outs []reflect.Type) string {
	isID := isKey
	recPtr := func(t reflect.Type) bool { return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct }
	oneRecord := len(outs) == 2 && recPtr(outs[0])
	switch name {
	case "Get":
		if len(ins) == 2 && oneRecord {
			return "" // one record per caller: Get(ctx, ...adama.RequestOption)
		}
		if len(ins) < 3 || !isID(ins[1]) {
			return "Get takes (ctx, id int64, [*GetOptions,] ...adama.RequestOption)"
		}
		if !oneRecord {
			return "Get returns (*T, error)"
		}
	case "List":
		if len(ins) != 3 || ins[1].Kind() != reflect.Pointer {
			return "List takes (ctx, *ListOptions, ...adama.RequestOption)"
		}
		if len(outs) != 2 || !isPage(outs[0]) {
			return "List returns (*adama.Page[*T], error)"
		}
	case "All":
		if len(ins) != 3 || ins[1].Kind() != reflect.Pointer {
			return "All takes (ctx, *ListOptions, ...adama.RequestOption)"
		}
		if len(outs) != 1 || !isSeq2Err(outs[0]) || outs[0].In(0).In(0).Kind() != reflect.Pointer {
			return "All returns iter.Seq2[*T, error]"
		}
	case "Create", "Update":
		if len(ins) != 3 || !recPtr(ins[1]) {
			return name + " takes (ctx, *T, ...adama.RequestOption)"
		}
		if !oneRecord || outs[0] != ins[1] {
			return name + " returns (*T, error) of the record it takes"
		}
	case "Modify":
		if len(ins) != 4 || !isID(ins[1]) || ins[2].Kind() != reflect.Func {
			return "Modify takes (ctx, id int64, func(*T) error, ...adama.RequestOption)"
		}
		if !oneRecord {
			return "Modify returns (*T, error)"
		}
	case "Delete":
		if len(ins) < 3 || !isID(ins[1]) || len(outs) != 1 {
			return "Delete takes (ctx, id int64, ...adama.RequestOption) and returns error"
		}
	}
	return ""
}

// isKey reports whether t identifies a record in Table 1's terms: an
// int64 id, the resource's own named key type (a string type such as
// firehose.ConsumerName), or a key struct named ...Key for a key of
// several parts.
func isKey(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int64:
		return true
	case reflect.String:
		return t.Name() != "string" && t.PkgPath() != ""
	case reflect.Struct:
		return strings.HasSuffix(t.Name(), "Key")
	}
	return false
}

// subResource reports whether a method has the sub-resource form of
// Table 1: the parent's key (an int64 id or a key type) right after ctx, then the method as
// for a resource (List(ctx, creativeID, *ListOptions, ...)).
func subResource(name string, ins, outs []reflect.Type) bool {
	if len(ins) < 2 || !isKey(ins[1]) {
		return false
	}
	rest := append([]reflect.Type{ins[0]}, ins[2:]...)
	return checkCore(name, rest, outs) == ""
}

func isPage(t reflect.Type) bool {
	if t.Kind() != reflect.Pointer || t.Elem().PkgPath() != adamaPath || !strings.HasPrefix(t.Elem().Name(), "Page[") {
		return false
	}
	items, ok := t.Elem().FieldByName("Items")
	return ok && items.Type.Elem().Kind() == reflect.Pointer
}

// The iterator type the convention names, so a change to iter is noticed here.
var _ iter.Seq2[*adama.Page[int], error] = func(func(*adama.Page[int], error) bool) {}
