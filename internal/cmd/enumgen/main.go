package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// directive marks a type whose methods enumgen writes.
const directive = "//adama:enum"

// defaultOut is the name of the generated file in the package directory.
const defaultOut = "enums_gen.go"

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// run is main without the exit, for tests.
func run(args []string, stderr io.Writer) int {
	fl := flag.NewFlagSet("enumgen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	out := fl.String("out", defaultOut, "name of the generated file in the package directory")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 1 {
		fmt.Fprintln(stderr, "usage: enumgen [-out enums_gen.go] [dir]")
		return 2
	}
	dir := "."
	if fl.NArg() == 1 {
		dir = fl.Arg(0)
	}
	if err := write(dir, *out); err != nil {
		fmt.Fprintln(stderr, "enumgen:", err)
		return 1
	}
	return 0
}

// write generates dir's enum methods into dir/out, leaving the file alone
// when it is already up to date and removing it when dir declares no enum.
func write(dir, out string) error {
	src, err := generate(dir, out)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, out)
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	switch {
	case src == nil && err == nil:
		return os.Remove(path)
	case src == nil, bytes.Equal(old, src):
		return nil
	}
	return os.WriteFile(path, src, 0o644)
}

// enum is one marked type and its values.
type enum struct {
	name       string
	deprecated string // the type's "Deprecated:" paragraph, or ""
	consts     []string
	seen       map[string]bool // values already listed
}

// generate returns the source of dir's generated file, or nil when the
// package marks no type. Test files and the file named out are not read.
func generate(dir, out string) ([]byte, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	pkg := ""
	for _, e := range entries { // ReadDir sorts by name
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == out {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if pkg == "" {
			pkg = f.Name.Name
		} else if f.Name.Name != pkg {
			return nil, fmt.Errorf("%s: package %s, want %s", fset.Position(f.Package), f.Name.Name, pkg)
		}
		files = append(files, f)
	}

	var enums []*enum
	byName := map[string]*enum{}
	for _, f := range files {
		used := map[*ast.Comment]bool{}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				c := findDirective(doc)
				if c == nil {
					continue
				}
				used[c] = true
				if id, ok := ts.Type.(*ast.Ident); !ok || id.Name != "string" || ts.Assign.IsValid() || ts.TypeParams != nil {
					return nil, fmt.Errorf("%s: %s is marked %s and must be declared as `type %s string`",
						fset.Position(ts.Pos()), ts.Name.Name, directive, ts.Name.Name)
				}
				e := &enum{name: ts.Name.Name, deprecated: deprecated(doc), seen: map[string]bool{}}
				enums = append(enums, e)
				byName[e.name] = e
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.TrimSpace(c.Text) == directive && !used[c] {
					return nil, fmt.Errorf("%s: %s must be the last line of a type's doc comment", fset.Position(c.Pos()), directive)
				}
			}
		}
	}
	if len(enums) == 0 {
		return nil, nil
	}

	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				if err := addConsts(fset, byName, s.(*ast.ValueSpec)); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, e := range enums {
		if len(e.consts) == 0 {
			return nil, fmt.Errorf("%s is marked %s but no constant of type %s is declared", e.name, directive, e.name)
		}
	}
	return render(pkg, enums)
}

// findDirective returns the directive line of doc, or nil.
func findDirective(doc *ast.CommentGroup) *ast.Comment {
	if doc == nil {
		return nil
	}
	for _, c := range doc.List {
		if strings.TrimSpace(c.Text) == directive {
			return c
		}
	}
	return nil
}

// deprecated returns the "Deprecated:" paragraph of doc, or "".
func deprecated(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	for p := range strings.SplitSeq(doc.Text(), "\n\n") {
		if strings.HasPrefix(p, "Deprecated:") {
			return strings.TrimSpace(p)
		}
	}
	return ""
}

// addConsts records the constants of vs that belong to a marked type.
func addConsts(fset *token.FileSet, byName map[string]*enum, vs *ast.ValueSpec) error {
	if id, ok := vs.Type.(*ast.Ident); ok {
		e := byName[id.Name]
		if e == nil {
			return nil
		}
		for i, n := range vs.Names {
			if n.Name == "_" {
				continue
			}
			var lit *ast.BasicLit
			if i < len(vs.Values) {
				lit, _ = vs.Values[i].(*ast.BasicLit)
			}
			if lit == nil || lit.Kind != token.STRING {
				return fmt.Errorf("%s: %s must have a string literal value: %s %s = \"...\"", fset.Position(n.Pos()), n.Name, n.Name, e.name)
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil {
				return fmt.Errorf("%s: %w", fset.Position(lit.Pos()), err)
			}
			if !e.seen[v] {
				e.seen[v] = true
				e.consts = append(e.consts, n.Name)
			}
		}
		return nil
	}
	// Untyped declarations: refuse T("x"), which would silently be left out.
	for i, x := range vs.Values {
		if call, ok := x.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && byName[id.Name] != nil && i < len(vs.Names) {
				return fmt.Errorf("%s: declare %s as %s %s = \"...\", not a conversion", fset.Position(x.Pos()), vs.Names[i].Name, vs.Names[i].Name, id.Name)
			}
		}
	}
	return nil
}

// render writes the generated file.
func render(pkg string, enums []*enum) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by enumgen from the " + directive + " types of this package. DO NOT EDIT.\n")
	b.WriteString("// Regenerate with `go generate ./...`; see internal/cmd/enumgen.\n\n")
	fmt.Fprintf(&b, "package %s\n", pkg)
	for _, e := range enums {
		dep := ""
		if e.deprecated != "" {
			dep = "//\n" + comment(e.deprecated)
		}
		fmt.Fprintf(&b, "\n// Values returns every known %s in declaration order, in a new slice.\n%s", e.name, dep)
		fmt.Fprintf(&b, "func (%s) Values() []%s {\n\treturn []%s{\n", e.name, e.name, e.name)
		for _, c := range e.consts {
			fmt.Fprintf(&b, "\t\t%s,\n", c)
		}
		b.WriteString("\t}\n}\n")
		fmt.Fprintf(&b, "\n// Valid reports whether v is a known %s.\n%s", e.name, dep)
		fmt.Fprintf(&b, "func (v %s) Valid() bool {\n\tswitch v {\n\tcase ", e.name)
		b.WriteString(strings.Join(e.consts, ",\n\t\t"))
		b.WriteString(":\n\t\treturn true\n\t}\n\treturn false\n}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated file: %w", err)
	}
	return src, nil
}

// comment turns text into // lines.
func comment(text string) string {
	lines := strings.Split(text, "\n")
	return "// " + strings.Join(lines, "\n// ") + "\n"
}
