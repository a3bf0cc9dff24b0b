package conformance

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/byoa"
	"github.com/adamasdk/adama-go/creatives"
	"github.com/adamasdk/adama-go/deals"
	"github.com/adamasdk/adama-go/dmp"
	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/firehose"
	"github.com/adamasdk/adama-go/internal/apispec"
	"github.com/adamasdk/adama-go/reporting"
	"github.com/adamasdk/adama-go/targeting"
)

// describedRoute is one described operation as a pattern over the request
// line the SDK sends: the method and the whole path, server prefix included.
type describedRoute struct {
	method string
	path   *regexp.Regexp
	op     string // group and operationId, for messages
}

var (
	serverVar = regexp.MustCompile(`^\{[^}]+\}`)
	pathParam = regexp.MustCompile(`\{[^}]+\}`)
)

// describedRoutes reads every group's description into patterns: a path
// parameter matches one non-empty segment (or the part of one), the server
// URL's path is the prefix. named holds "group.Service.Method" for every
// method an operation names (x-go-service, x-go-method, x-go-also).
func describedRoutes(t *testing.T) (out []describedRoute, named map[string]bool) {
	t.Helper()
	named = map[string]bool{}
	for _, group := range apispec.Groups() {
		doc, err := apispec.Load(group)
		require.NoError(t, err, group)
		prefix := ""
		if len(doc.Servers) > 0 {
			prefix = serverVar.ReplaceAllString(doc.Servers[0].URL, "")
			if u, err := url.Parse(prefix); err == nil && u.Host != "" {
				prefix = u.Path
			}
		}
		for path, item := range doc.Paths.Map() {
			var re strings.Builder
			re.WriteString("^")
			full, at := prefix+path, 0
			for _, loc := range pathParam.FindAllStringIndex(full, -1) {
				re.WriteString(regexp.QuoteMeta(full[at:loc[0]]))
				re.WriteString(`[^/]+`)
				at = loc[1]
			}
			re.WriteString(regexp.QuoteMeta(full[at:]) + "$")
			pattern := regexp.MustCompile(re.String())
			for method, op := range item.Operations() {
				out = append(out, describedRoute{method: method, path: pattern, op: group + "." + op.OperationID})
				svc, _ := op.Extensions["x-go-service"].(string)
				switch m := op.Extensions["x-go-method"].(type) {
				case string:
					named[group+"."+svc+"."+m] = true
				case []any:
					for _, n := range m {
						named[fmt.Sprintf("%s.%s.%v", group, svc, n)] = true
					}
				}
				if also, ok := op.Extensions["x-go-also"].(map[string]any); ok {
					for n := range also {
						named[group+"."+svc+"."+n] = true // a hand-written companion of the operation
					}
				}
			}
		}
	}
	return out, named
}

// recorder is a platform that answers every request with an empty
// successful list and remembers the request lines it was sent.
type recorder struct {
	mu    sync.Mutex
	lines []string
}

// sessionLine is the session bootstrap, described by group A but sent by
// the client for any call that needs the cookie, so it says nothing of the
// method.
const sessionLine = "GET /api/v2.0/session"

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	_, _ = io.Copy(io.Discard, req.Body)
	r.mu.Lock()
	r.lines = append(r.lines, req.Method+" "+req.URL.Path)
	r.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if req.URL.Path == "/api/v2.0/session" {
		// The session the calls made with a session cookie bootstrap first.
		http.SetCookie(w, &http.Cookie{Name: adama.SessionCookieName, Value: "s", Path: "/"})
		_, _ = io.WriteString(w, `{"data":{"session":{"sessionid":"s","expires":"2026-12-31T00:00:00"}},"meta":{"status":"success"}}`)
		return
	}
	_, _ = io.WriteString(w, `{"data":[],"meta":{"status":"success","count":0,"total_count":0}}`)
}

func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.lines
	r.lines = nil
	return out
}

// TestEveryRequestPathIsDescribed calls every method of every group's
// services against a recording platform, twice: once with arguments filled
// with plausible values (an enum's first value, a one-element slice, ...),
// once with zero values. Every request a method sends must be an operation
// of some group's description (apispec): a method that reaches a path no
// description holds fails, naming the method and the request line. A
// method the filled arguments do not get past its own checks sends nothing
// and is not checked here; the share that sent something is logged and
// must stay above a floor, so the walk keeps reaching most of the SDK.
func TestEveryRequestPathIsDescribed(t *testing.T) {
	routes, named := describedRoutes(t)
	rec := &recorder{}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)

	c, err := adama.NewClient(adama.WithBaseURL(srv.URL), adama.WithBYOAURL(srv.URL), adama.WithToken("t"), adama.WithMaxRetries(0))
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	clients := map[string]any{
		"entity":    entity.New(c),
		"targeting": targeting.New(c),
		"reporting": reporting.New(c),
		"creatives": creatives.New(c),
		"deals":     deals.New(c),
		"dmp":       dmp.New(c),
		"firehose":  firehose.New(c),
		"byoa":      byoa.New(c),
	}

	described := func(line string) bool {
		method, path, _ := strings.Cut(line, " ")
		return slices.ContainsFunc(routes, func(r describedRoute) bool { return r.method == method && r.path.MatchString(path) })
	}

	// A method that takes another service (deals' CheckOwners takes the
	// deal service) gets the client's own.
	services := map[reflect.Type]reflect.Value{}
	for _, cl := range clients {
		cv := reflect.ValueOf(cl).Elem()
		for i := range cv.NumField() {
			if f := cv.Type().Field(i); f.IsExported() && f.Type.Kind() == reflect.Pointer {
				services[f.Type] = cv.Field(i)
			}
		}
	}

	methods, sent := 0, 0
	for _, group := range slices.Sorted(maps(clients)) {
		cv := reflect.ValueOf(clients[group])
		ct := cv.Elem().Type()
		for i := range ct.NumField() {
			f := ct.Field(i)
			svc := cv.Elem().Field(i)
			if !f.IsExported() || f.Type.Kind() != reflect.Pointer || svc.IsNil() {
				continue
			}
			for j := range svc.NumMethod() {
				m := svc.Type().Method(j)
				var outs []reflect.Type
				for k := range m.Type.NumOut() {
					outs = append(outs, m.Type.Out(k))
				}
				if !doesIO(outs) {
					continue
				}
				name := fmt.Sprintf("%s.%s.%s", group, f.Name, m.Name)
				methods++
				var lines []string
				for _, fill := range []bool{true, false} {
					invoke(t, name, svc.Method(j), fill, services)
					lines = append(lines, rec.take()...)
				}
				lines = slices.DeleteFunc(lines, func(l string) bool { return l == sessionLine })
				if len(lines) > 0 {
					sent++
				} else {
					assert.True(t, named[group+"."+f.Name+"."+m.Name], "%s sent nothing with made-up arguments, and no operation of the %s description names it (x-go-service %s, x-go-method %s)", name, group, f.Name, m.Name)
				}
				for _, line := range slices.Compact(slices.Sorted(slices.Values(lines))) {
					assert.True(t, described(line), "%s sends %s, which no description (internal/apispec) holds", name, line)
				}
			}
		}
	}
	t.Logf("%d of %d methods that reach the platform sent a request and were checked", sent, methods)
	assert.Greater(t, sent*100, methods*80, "the walk reaches fewer than 80%% of the methods; teach fillValue the new argument types")
}

func maps[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// invoke calls one method with made-up arguments, draining an iterator it
// returns, within a short deadline; a panic is reported as a failure (no
// argument a caller can build may crash the SDK).
func invoke(t *testing.T, name string, m reflect.Value, fill bool, services map[reflect.Type]reflect.Value) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%s (filled=%v) panicked: %v", name, fill, p)
		}
	}()
	mt := m.Type()
	args := make([]reflect.Value, 0, mt.NumIn())
	for k := range mt.NumIn() {
		at := mt.In(k)
		switch {
		case at == ctxType:
			args = append(args, reflect.ValueOf(ctx))
		case mt.IsVariadic() && k == mt.NumIn()-1:
			// no request options
		case services[at].IsValid():
			args = append(args, services[at])
		default:
			args = append(args, argValue(at, fill))
		}
	}
	outs := m.Call(args)
	if len(outs) == 1 && isSeq2Err(outs[0].Type()) {
		drainSeq(outs[0])
	}
	for _, o := range outs {
		if rc, ok := o.Interface().(io.Closer); ok && !o.IsNil() {
			_ = rc.Close()
		}
	}
}

// drainSeq ranges over an iter.Seq2 value, stopping after a few elements.
func drainSeq(seq reflect.Value) {
	n := 0
	yt := seq.Type().In(0)
	yield := reflect.MakeFunc(yt, func([]reflect.Value) []reflect.Value {
		n++
		return []reflect.Value{reflect.ValueOf(n < 3)}
	})
	seq.Call([]reflect.Value{yield})
}

var (
	readerType = reflect.TypeFor[io.Reader]()
	timeType   = reflect.TypeFor[time.Time]()
)

// argValue makes an argument of type t: the zero value, or with fill a
// plausible one.
func argValue(t reflect.Type, fill bool) reflect.Value {
	v := reflect.New(t).Elem()
	switch {
	case t == readerType || t == reflect.TypeFor[io.ReadSeeker]() || t == reflect.TypeFor[io.ReaderAt]():
		v.Set(reflect.ValueOf(strings.NewReader("a,b\n")))
		return v
	case t.Kind() == reflect.Func:
		v.Set(reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
			outs := make([]reflect.Value, t.NumOut())
			for i := range outs {
				outs[i] = reflect.Zero(t.Out(i))
			}
			return outs
		}))
		return v
	case t.Kind() == reflect.Pointer:
		v.Set(reflect.New(t.Elem()))
		if fill {
			fillValue(v.Elem(), 0)
		}
		return v
	}
	if fill {
		fillValue(v, 0)
	}
	return v
}

// fillValue sets v, recursively, to a plausible value: the first of an
// enum's Values, 1 for numbers, "x" for strings, a one-element slice, the
// current time.
func fillValue(v reflect.Value, depth int) {
	if depth > 4 || !v.CanSet() {
		return
	}
	t := v.Type()
	if vals := v.Addr().MethodByName("Values"); vals.IsValid() && vals.Type().NumIn() == 0 && vals.Type().NumOut() == 1 {
		if out := vals.Call(nil)[0]; out.Kind() == reflect.Slice && out.Len() > 0 && out.Index(0).Type() == t {
			v.Set(out.Index(0))
			return
		}
	}
	if t == timeType {
		v.Set(reflect.ValueOf(time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)))
		return
	}
	switch t.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte("x"))
			return
		}
		s := reflect.MakeSlice(t, 1, 1)
		fillValue(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Struct && depth > 1 {
			return
		}
		p := reflect.New(t.Elem())
		fillValue(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() && t.Field(i).Name != "Extra" {
				fillValue(v.Field(i), depth+1)
			}
		}
	}
}
