package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// publicPackages are the module's packages a user imports, by import path
// below the module path. Everything else is under internal/ or examples/.
var publicPackages = []string{
	"adama", "adama/adamatest", "entity", "targeting", "reporting", "creatives",
	"deals", "dmp", "firehose", "byoa", "qlang",
}

// sdkOnlyAllowed lists the exported names (package.Name, package.Type.Name)
// that other packages of the module use while no user-facing code does, and
// stay exported on purpose, each with its reason.
var sdkOnlyAllowed = map[string]string{
	"adama.Client.StrictDecoding": "a setting of the client a caller of Client.Do reads to decode its answers the same way; " +
		"the call layer reads it through the same getter",
	"adama.CodeBodyTooLarge":      "a documented value of Error.Code, which callers may switch on",
	"adama.CodeMisfit":            "a documented value of Error.Code (WithStrictDecoding), which callers may switch on",
	"adama.CodeTransport":         "a documented value of Error.Code, which callers may switch on",
	"adama.CodeUnexpectedContent": "a documented value of Error.Code, which callers may switch on",
	"adama.DefaultModifyAttempts": "the number of rounds every Modify makes, which each Modify's doc names for the caller",
	"adama.MisfitError":           "what errors.As gives a caller of a client made WithStrictDecoding: the fields that did not fit",
	"byoa.Model.Key":              "an accessor of a record, the key a caller names a model by; the fake stores models by it",
}

// listedPackage is what `go list -json` says of one package.
type listedPackage struct {
	ImportPath   string
	Dir          string
	Export       string
	GoFiles      []string
	TestGoFiles  []string
	XTestGoFiles []string
	Module       *struct{ Path string }
}

// exportUses counts, for one exported name of a public package, where the
// module refers to it.
type exportUses struct {
	user int             // uses in examples/, README.md's code and Example functions
	sdk  map[string]bool // the other packages whose non-test code uses it, by path below the module
}

// TestNoSDKOnlyExports fails when an exported name of a public package is
// used by the non-test code of other packages of this module (the call
// layer, the codecs, the fakes, another group's code, generated or not)
// and by nothing written for a user: no example program under examples/,
// no code in README.md and no Example function. Such a name is plumbing in
// the public API; it belongs under internal/ or unexported. Tests do not
// count either way: a test of the package calls its plumbing too.
//
// A name a user meets in the public API anyway is not judged: a type that
// an exported signature or field shows, the constants of such a type, an
// alias, and the methods the standard library and encoders call (String,
// MarshalJSON, ...). Nor is a name no other package uses: that is the
// package's own API. Fields are not judged (records are data the fakes
// fill in). sdkOnlyAllowed lists the rest that stay, with the reason.
func TestNoSDKOnlyExports(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	pkgs, modPath := listModule(t, root)

	public := map[string]bool{}
	for _, p := range publicPackages {
		public[modPath+"/"+p] = true
	}

	fset := token.NewFileSet()
	exports := map[string]string{}
	for _, p := range pkgs {
		if p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})

	// The exported names of the public packages, from their non-test files.
	uses := map[string]*exportUses{}
	for _, p := range pkgs {
		if !public[p.ImportPath] {
			continue
		}
		tp, err := imp.Import(p.ImportPath)
		require.NoError(t, err)
		for _, key := range exportedKeys(tp) {
			uses[key] = &exportUses{sdk: map[string]bool{}}
		}
	}
	require.NotEmpty(t, uses)

	// The names a user meets in the public API itself: a type in an
	// exported signature or field, a constant of such a type, a method the
	// standard library calls.
	inAPI := map[string]bool{}
	for _, p := range pkgs {
		if public[p.ImportPath] {
			tp, err := imp.Import(p.ImportPath)
			require.NoError(t, err)
			markAPITypes(tp, inAPI)
		}
	}

	// Every reference in the module, test files included.
	for _, p := range pkgs {
		if p.Module == nil || p.Module.Path != modPath {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, modPath), "/")
		user := rel == "examples" || strings.HasPrefix(rel, "examples/")
		sets := [][]string{append(append([]string{}, p.GoFiles...), p.TestGoFiles...), p.XTestGoFiles}
		for i, names := range sets {
			if len(names) == 0 {
				continue
			}
			var files []*ast.File
			for _, n := range names {
				f, err := parser.ParseFile(fset, filepath.Join(p.Dir, n), nil, parser.SkipObjectResolution)
				require.NoError(t, err)
				files = append(files, f)
			}
			path := p.ImportPath
			if i == 1 {
				path += "_test"
			}
			info := &types.Info{
				Uses: map[*ast.Ident]types.Object{},
			}
			conf := types.Config{Importer: imp, Error: func(error) {}}
			_, _ = conf.Check(path, fset, files, info) // export_test.go names an external test uses are missing: not ours to judge
			examples := exampleRanges(files)
			for id, obj := range info.Uses {
				u := uses[objectKey(obj)]
				if u == nil {
					continue // not an exported name of a public package
				}
				own := obj.Pkg().Path() == p.ImportPath || obj.Pkg().Path()+"_test" == path
				test := strings.HasSuffix(fset.Position(id.Pos()).Filename, "_test.go")
				switch {
				case user || examples.contain(id.Pos()):
					u.user++
				case !test && !own:
					u.sdk[rel] = true
				}
			}
		}
	}

	// README's code: names written in backticks or code blocks.
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	code := readmeCode(readme)
	for key, u := range uses {
		name := key[strings.LastIndex(key, ".")+1:]
		if regexp.MustCompile(`\b` + name + `\b`).MatchString(code) {
			u.user++
		}
	}

	// A walk that saw no use of the client from the call layer is broken.
	require.NotEmpty(t, uses[modPath+"/adama.Client"].sdk, "no package of the module was seen using adama.Client")

	var found []string
	for key, u := range uses {
		short := strings.TrimPrefix(key, modPath+"/")
		if len(u.sdk) == 0 || u.user > 0 || inAPI[key] {
			continue
		}
		if _, ok := sdkOnlyAllowed[short]; ok {
			continue
		}
		var by []string
		for d := range u.sdk {
			by = append(by, d)
		}
		sort.Strings(by)
		found = append(found, short+" (used by "+strings.Join(by, ", ")+")")
	}
	sort.Strings(found)
	assert.Empty(t, found, "exported names only the SDK uses: move them under internal/ or unexport them, "+
		"or list them in sdkOnlyAllowed with the reason a user needs them")
	for key := range sdkOnlyAllowed {
		assert.Contains(t, uses, modPath+"/"+key, "sdkOnlyAllowed lists a name that is no longer exported")
	}
}

// TestNoExportedMutableVars fails when a public package exports a variable
// other than a sentinel error: an exported slice, map or setting is state
// any importer can change behind every other caller (the house rule: no
// globals). A list a caller may read is a function returning a fresh copy.
func TestNoExportedMutableVars(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the module's public packages")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	pkgs, modPath := listModule(t, root)
	exports := map[string]string{}
	for _, p := range pkgs {
		exports[p.ImportPath] = p.Export
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(exports[path])
	})
	errType := types.Universe.Lookup("error").Type()
	var found []string
	for _, p := range publicPackages {
		tp, err := imp.Import(modPath + "/" + p)
		require.NoError(t, err)
		for _, n := range tp.Scope().Names() {
			if v, ok := tp.Scope().Lookup(n).(*types.Var); ok && v.Exported() && !types.Identical(v.Type(), errType) {
				found = append(found, p+"."+n+" ("+v.Type().String()+")")
			}
		}
	}
	assert.Empty(t, found, "exported variables other than sentinel errors")
}

// listModule lists every package of the module and its dependencies, with
// export data built.
func listModule(t *testing.T, root string) ([]listedPackage, string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-export", "-deps", "-json", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		pkgs = append(pkgs, p)
	}
	mod := exec.Command("go", "list", "-m")
	mod.Dir = root
	m, err := mod.Output()
	require.NoError(t, err)
	return pkgs, strings.TrimSpace(string(m))
}

// exportedKeys names the exported package-level names of pkg and the
// exported methods of its named types.
func exportedKeys(pkg *types.Package) []string {
	var keys []string
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if !obj.Exported() {
			continue
		}
		keys = append(keys, pkg.Path()+"."+n)
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		for i := range named.NumMethods() {
			if m := named.Method(i); m.Exported() {
				keys = append(keys, pkg.Path()+"."+n+"."+m.Name())
			}
		}
	}
	return keys
}

// standardMethods are the methods a type has for the standard library or
// an encoder to call; they are part of the type, whoever else calls them.
var standardMethods = map[string]bool{
	"String": true, "GoString": true, "Format": true, "Error": true, "Unwrap": true, "Is": true, "As": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true,
	"MarshalXML": true, "UnmarshalXML": true, "EncodeValues": true, "LogValue": true,
	"ServeHTTP": true, "Read": true, "Write": true, "Close": true, "Seq": true,
}

// markAPITypes marks in seen, by the keys of exportedKeys, the names pkg's
// exported API shows a user: every named type of a module package that an
// exported signature, field, variable or constant of pkg mentions, the
// constants of those types, and the standard methods of pkg's types.
func markAPITypes(pkg *types.Package, seen map[string]bool) {
	mod := strings.SplitN(pkg.Path(), "/", 4)
	prefix := strings.Join(mod[:min(3, len(mod))], "/")
	var walk func(t types.Type, inside map[types.Type]bool)
	walk = func(t types.Type, inside map[types.Type]bool) {
		if t == nil || inside[t] {
			return
		}
		inside[t] = true
		switch t := t.(type) {
		case *types.Named:
			if o := t.Obj(); o.Pkg() != nil && strings.HasPrefix(o.Pkg().Path(), prefix) && o.Exported() {
				seen[o.Pkg().Path()+"."+o.Name()] = true
			}
			for i := range t.TypeArgs().Len() {
				walk(t.TypeArgs().At(i), inside)
			}
		case *types.Alias:
			walk(types.Unalias(t), inside)
		case *types.Pointer:
			walk(t.Elem(), inside)
		case *types.Slice:
			walk(t.Elem(), inside)
		case *types.Array:
			walk(t.Elem(), inside)
		case *types.Map:
			walk(t.Key(), inside)
			walk(t.Elem(), inside)
		case *types.Chan:
			walk(t.Elem(), inside)
		case *types.Signature:
			for i := range t.Params().Len() {
				walk(t.Params().At(i).Type(), inside)
			}
			for i := range t.Results().Len() {
				walk(t.Results().At(i).Type(), inside)
			}
		case *types.Struct:
			for i := range t.NumFields() {
				if f := t.Field(i); f.Exported() || f.Embedded() {
					walk(f.Type(), inside)
				}
			}
		case *types.Interface:
			for i := range t.NumMethods() {
				if m := t.Method(i); m.Exported() {
					walk(m.Type(), inside)
				}
			}
			for i := range t.NumEmbeddeds() {
				walk(t.EmbeddedType(i), inside)
			}
		}
	}
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.TypeName:
			walk(obj.Type().Underlying(), map[types.Type]bool{})
			if named, ok := obj.Type().(*types.Named); ok {
				for i := range named.NumMethods() {
					if m := named.Method(i); m.Exported() {
						walk(m.Type(), map[types.Type]bool{})
						if standardMethods[m.Name()] {
							seen[pkg.Path()+"."+n+"."+m.Name()] = true
						}
					}
				}
			}
		default:
			walk(obj.Type(), map[types.Type]bool{})
		}
	}
	// An alias names the type it stands for: byoa.Imp is openrtb.Imp.
	for _, n := range scope.Names() {
		if tn, ok := scope.Lookup(n).(*types.TypeName); ok && tn.Exported() && tn.IsAlias() {
			walk(types.Unalias(tn.Type()), map[types.Type]bool{})
			seen[pkg.Path()+"."+n] = true
		}
	}
	// The constants of a type the API shows are its values.
	for _, n := range scope.Names() {
		if c, ok := scope.Lookup(n).(*types.Const); ok && c.Exported() {
			if named, ok := c.Type().(*types.Named); ok && seen[pkg.Path()+"."+named.Obj().Name()] {
				seen[pkg.Path()+"."+n] = true
			}
		}
	}
}

// objectKey names obj as exportedKeys does: package.Name for a
// package-level name, package.Type.Method for a method. A field gets a key
// no export has.
func objectKey(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	if fn, ok := obj.(*types.Func); ok {
		if recv := fn.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok {
				return obj.Pkg().Path() + "." + n.Origin().Obj().Name() + "." + obj.Name()
			}
			return ""
		}
	}
	if obj.Parent() != obj.Pkg().Scope() {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// posRanges are the spans of a file set's Example functions.
type posRanges [][2]token.Pos

func (r posRanges) contain(p token.Pos) bool {
	for _, s := range r {
		if p >= s[0] && p < s[1] {
			return true
		}
	}
	return false
}

// exampleRanges returns the spans of the Example functions of files.
func exampleRanges(files []*ast.File) posRanges {
	var out posRanges
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Example") {
				out = append(out, [2]token.Pos{fd.Pos(), fd.End()})
			}
		}
	}
	return out
}

// readmeCode returns README's code: fenced blocks and backticked spans.
func readmeCode(md []byte) string {
	var b strings.Builder
	fenced := false
	for _, line := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			b.WriteString(line + "\n")
			continue
		}
		for _, m := range regexp.MustCompile("`[^`]+`").FindAllString(line, -1) {
			b.WriteString(m + "\n")
		}
	}
	return b.String()
}
