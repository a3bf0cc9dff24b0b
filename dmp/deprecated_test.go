package dmp_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryExportedNameIsDeprecated parses the package and checks that
// the package doc and every exported type, function, method, constant and
// variable carry a "Deprecated:" paragraph that names the v3.0 interface
// and either the targeting method that replaces it or says that nothing
// does.
func TestEveryExportedNameIsDeprecated(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	checked := 0
	check := func(name string, docs ...*ast.CommentGroup) {
		checked++
		for _, d := range docs {
			if d == nil {
				continue
			}
			_, note, ok := strings.Cut(d.Text(), "Deprecated:")
			if ok && strings.Contains(note, "v3.0") && (strings.Contains(note, "targeting.") || strings.Contains(note, "nothing")) {
				return
			}
		}
		t.Errorf("%s has no Deprecated: paragraph naming the v3.0 interface and its replacement (a targeting method, or nothing)", name)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		file, err := parser.ParseFile(fset, f, src, parser.ParseComments)
		require.NoError(t, err)
		if f == "doc.go" {
			check("package dmp", file.Doc)
		}
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv != nil {
					recv := d.Recv.List[0].Type
					if st, ok := recv.(*ast.StarExpr); ok {
						recv = st.X
					}
					if id, ok := recv.(*ast.Ident); ok && !id.IsExported() {
						continue
					}
				}
				check(d.Name.Name, d.Doc)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							check(s.Name.Name, d.Doc, s.Doc)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								check(n.Name, d.Doc, s.Doc)
							}
						}
					}
				}
			}
		}
	}
	assert.Greater(t, checked, 30)
}
