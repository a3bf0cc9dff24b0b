package conformance

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// groupPackages are the module's API group directories; every package under
// them (but testdata and examples) is walked.
var groupPackages = []string{"entity", "targeting", "reporting", "creatives", "deals", "dmp", "firehose", "byoa"}

// initialisms are the words an enum constant spells in capitals: Go's
// common initialisms, the advertising terms of the platform, image and
// markup formats, and the platform's own short codes (values sent as
// capitals that are not words).
var initialisms = []string{
	// Go's common initialisms.
	"ACL", "API", "ASCII", "CPU", "CSS", "DNS", "EOF", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP",
	"JSON", "LHS", "QPS", "RAM", "RHS", "RPC", "SLA", "SMTP", "SQL", "SSH", "TCP", "TLS", "TTL",
	"UDP", "UI", "UID", "UUID", "URI", "URL", "UTF8", "VM", "XML", "XMPP", "XSRF", "XSS",
	"JS", "US", "OK", "ASAP",
	// Advertising terms.
	"CPA", "CPC", "CPE", "CPM", "CPTS", "CTR", "VCR", "VCPM", "ROI", "RTB", "DMP", "PMP", "MFA",
	"IAB", "VAST", "ISP", "DMA", "OS",
	// Image, video and archive formats.
	"GIF", "JPG", "JPEG", "PNG", "SWF", "TIF", "TIFF",
	// The platform's short codes.
	"RMX", "GBO", "REM", "AUD", "MKT", "DFA", "UAT", "UDI", "VPAN", "PG",
}

// enumConst is one typed constant of a string type declared in its package.
type enumConst struct {
	dir, typ, name string
	pos            token.Position
}

// enumConsts returns the constants of dir's string types (`type T string`),
// generated or written by hand, from the package's non-test files.
func enumConsts(t *testing.T, root, dir string) []enumConst {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, dir))
	require.NoError(t, err)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(root, dir, n), nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, f)
	}
	strType := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" && !ts.Assign.IsValid() {
						strType[ts.Name.Name] = true
					}
				}
			}
		}
	}
	var out []enumConst
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				typ := ""
				if id, ok := vs.Type.(*ast.Ident); ok {
					typ = id.Name
				}
				for i, n := range vs.Names {
					ct := typ
					if ct == "" && i < len(vs.Values) { // const X = T("x")
						if call, ok := vs.Values[i].(*ast.CallExpr); ok {
							if id, ok := call.Fun.(*ast.Ident); ok {
								ct = id.Name
							}
						}
					}
					if strType[ct] && n.IsExported() {
						out = append(out, enumConst{dir: dir, typ: ct, name: n.Name, pos: fset.Position(n.Pos())})
					}
				}
			}
		}
	}
	return out
}

// checkEnumName returns what is wrong with the name of constant name of
// enum type typ, or "".
func checkEnumName(typ, name string) string {
	rest, ok := strings.CutPrefix(name, typ)
	if !ok || rest == "" {
		return "is not <Type><Value>: want the prefix " + typ
	}
	if r := rune(rest[0]); !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return "is not <Type><Value>: the value part " + rest + " must start with a capital or a digit"
	}
	if w := miscasedInitialism(name); w != "" {
		return "spells the initialism " + strings.ToUpper(w) + " as " + w
	}
	return ""
}

// miscasedInitialism returns the first word of name that is a known
// initialism (or its plural) not written in capitals, such as "Cpa" in
// GoalTypeCpa or "Html" in FileTypeHtml5, or "".
func miscasedInitialism(name string) string {
	for _, in := range initialisms {
		w := in[:1] + strings.ToLower(in[1:])
		for i := 0; ; {
			j := strings.Index(name[i:], w)
			if j < 0 {
				break
			}
			end := i + j + len(w)
			next := end
			if next < len(name) && name[next] == 's' { // a plural: Ids, Urls
				next++
			}
			if next == len(name) || !unicode.IsLower(rune(name[next])) {
				return w
			}
			i = i + j + 1
		}
	}
	return ""
}

func TestCheckEnumName(t *testing.T) {
	tests := []struct {
		typ, name string
		want      string
	}{
		{"GoalType", "GoalTypeCPA", ""},
		{"GoalType", "GoalTypeViewabilityRate", ""},
		{"GoalType", "GoalTypeCpa", "initialism CPA as Cpa"},
		{"FileType", "FileTypeHtml5", "initialism HTML as Html"},
		{"FileType", "FileTypeHTML5", ""},
		{"FileType", "FileTypeTiff", "initialism TIFF as Tiff"},
		{"FileType", "FileTypeTIFF", ""},
		{"Field", "FieldUserIds", "initialism ID as Id"},
		{"Field", "FieldIdentity", ""},
		{"Field", "FieldUser", ""},
		{"SupplyType", "SupplyTypeRmxApi", "initialism"},
		{"SupplyType", "SupplyTypeRMXAPI", ""},
		{"SupplyType", "SupplyTypeP1RMX", ""},
		{"AdsTxtVerified", "AdsTxtAny", "want the prefix AdsTxtVerified"},
		{"AdvertiserWith", "WithAgency", "want the prefix AdvertiserWith"},
		{"SortDir", "Asc", "want the prefix SortDir"},
		{"SortDir", "SortDir", "want the prefix SortDir"},
		{"SortDir", "SortDirasc", "must start with a capital"},
		{"VASTVersion", "VASTVersionVAST2", ""},
		{"Last", "Last7Days", ""},
		{"Status", "StatusPushOk", "initialism OK as Ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkEnumName(tt.typ, tt.name)
			if tt.want == "" {
				assert.Empty(t, got)
			} else {
				assert.Contains(t, got, tt.want)
			}
		})
	}
}

// TestEnumNames holds the naming rule of CONTRIBUTING.md's table of values
// over every group package: each constant of a string type is
// <Type><Value>, with initialisms in capitals (GoalTypeCPA, not
// GoalTypeCpa or CPA).
func TestEnumNames(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(root, "go.mod"))
	checked := map[string]int{}
	for _, g := range groupPackages {
		err := filepath.WalkDir(filepath.Join(root, g), func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if n := d.Name(); n == "testdata" || n == "examples" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
				return filepath.SkipDir
			}
			dir, _ := filepath.Rel(root, path)
			for _, c := range enumConsts(t, root, dir) {
				checked[g]++
				msg := checkEnumName(c.typ, c.name)
				if msg != "" {
					t.Errorf("%s: constant %s of type %s %s", c.pos, c.name, c.typ, msg)
				}
			}
			return nil
		})
		require.NoError(t, err)
	}
	var empty []string
	for _, g := range groupPackages {
		if checked[g] == 0 {
			empty = append(empty, g)
		}
	}
	sort.Strings(empty)
	assert.Empty(t, empty, "every group declares enum constants; a walk that finds none is broken")
}

// groupFiles parses the non-test files of every package under the group
// directories, by group.
func groupFiles(t *testing.T) map[string][]*ast.File {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	out := map[string][]*ast.File{}
	for _, g := range groupPackages {
		err := filepath.WalkDir(filepath.Join(root, g), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); n == "testdata" || n == "examples" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
					return filepath.SkipDir
				}
				return nil
			}
			if n := d.Name(); !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.SkipObjectResolution)
			require.NoError(t, err)
			out[g] = append(out[g], f)
			return nil
		})
		require.NoError(t, err)
	}
	return out
}

// recvName is the name of a method's receiver type.
func recvName(fd *ast.FuncDecl) string {
	x := fd.Recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

var (
	versionSuffix = regexp.MustCompile(`V[0-9]+$`)
	versionInside = regexp.MustCompile(`V[0-9]+[A-Z]`)
)

// TestOlderVersionNames holds CONTRIBUTING.md's row "Older API versions":
// an older version of a call is a method of the current service named after
// the current method with the version as suffix (GetV1, ListV2), with a
// Deprecated paragraph; no Legacy spelling, no separate service per
// version, no Client field per version.
func TestOlderVersionNames(t *testing.T) {
	// Exceptions, each with its reason.
	notDeprecated := map[string]string{
		"targeting.PermissionService.GetV2":   "the v2 answer format of the current v3.0 interface, not an older version",
		"targeting.PermissionService.CheckV2": "the v2 answer format of the current v3.0 interface, not an older version",
	}
	suffixAfterVersion := map[string]string{
		"targeting.TargetService.UpdateV3Post": "the older /target path has two update forms, PUT (UpdateV3) and POST",
	}
	methods := 0
	for g, files := range groupFiles(t) {
		for _, f := range files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					name := d.Name.Name
					if d.Recv != nil {
						name = recvName(d) + "." + name
					}
					assert.NotContains(t, name, "Legacy", "%s.%s: name an older version by its number", g, name)
					if d.Recv == nil || !ast.IsExported(recvName(d)) {
						continue
					}
					key := g + "." + name
					if versionInside.MatchString(d.Name.Name) && suffixAfterVersion[key] == "" {
						t.Errorf("%s: the version must be the last part of the name (GetV1)", key)
					}
					if !versionSuffix.MatchString(d.Name.Name) && suffixAfterVersion[key] == "" {
						continue
					}
					methods++
					if notDeprecated[key] == "" {
						assert.Contains(t, d.Doc.Text(), "\nDeprecated: ", "%s: an older version says Deprecated: and names the replacement", key)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						ts, ok := s.(*ast.TypeSpec)
						if !ok {
							continue
						}
						n := ts.Name.Name
						assert.NotContains(t, n, "Legacy", "%s.%s", g, n)
						assert.False(t, regexp.MustCompile(`V[0-9]+Service$`).MatchString(n), "%s.%s: an older version's calls are methods of the current service", g, n)
						if st, ok := ts.Type.(*ast.StructType); ok && n == "Client" {
							for _, fl := range st.Fields.List {
								for _, fn := range fl.Names {
									assert.False(t, versionSuffix.MatchString(fn.Name), "%s.Client.%s: no Client field per version", g, fn.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	assert.Positive(t, methods, "the walk finds the older versions' methods")
}

// TestGroupConstructors holds CONTRIBUTING.md's constructor line: each
// group's New takes the *adama.Client first and returns *Client.
func TestGroupConstructors(t *testing.T) {
	files := groupFiles(t)
	for _, g := range groupPackages {
		t.Run(g, func(t *testing.T) {
			var found *ast.FuncDecl
			for _, f := range files[g] {
				if f.Name.Name != g {
					continue // a sub-package
				}
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "New" {
						found = fd
					}
				}
			}
			require.NotNil(t, found, "%s declares New", g)
			params := found.Type.Params.List
			require.NotEmpty(t, params)
			assert.Equal(t, "*adama.Client", types.ExprString(params[0].Type), "%s.New's first parameter", g)
			require.NotNil(t, found.Type.Results)
			require.Len(t, found.Type.Results.List, 1, "%s.New returns one value", g)
			assert.Equal(t, "*Client", types.ExprString(found.Type.Results.List[0].Type), "%s.New's result", g)
		})
	}
}
