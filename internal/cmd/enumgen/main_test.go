package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/adamasdk/adama-go/entity"
	"github.com/adamasdk/adama-go/reporting"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden generates testdata/basic and compares with the committed
// enums_gen.go there, then type-checks the package with it.
func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "basic")
	got, err := generate(dir, defaultOut)
	require.NoError(t, err)
	golden := filepath.Join(dir, defaultOut)
	if *update {
		require.NoError(t, os.WriteFile(golden, got, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	// The input plus the output is a package that compiles.
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range []string{"a.go", "b.go", defaultOut} {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, 0)
		require.NoError(t, err)
		files = append(files, f)
	}
	pkg, err := new(types.Config).Check("basic", fset, files, nil)
	require.NoError(t, err)
	for _, name := range []string{"Color", "Old", "Shape"} {
		obj := pkg.Scope().Lookup(name)
		require.NotNil(t, obj, name)
		ms := types.NewMethodSet(obj.Type())
		assert.NotNil(t, ms.Lookup(pkg, "Values"), name)
		assert.NotNil(t, ms.Lookup(pkg, "Valid"), name)
	}
	assert.Zero(t, types.NewMethodSet(pkg.Scope().Lookup("Plain").Type()).Len(), "Plain is not marked")
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string
	}{
		{
			name:    "not a string",
			files:   map[string]string{"a.go": "package p\n\n//adama:enum\ntype N int\n\nconst A N = 1\n"},
			wantErr: "N is marked //adama:enum and must be declared as `type N string`",
		},
		{
			name:    "alias",
			files:   map[string]string{"a.go": "package p\n\n//adama:enum\ntype N = string\n"},
			wantErr: "must be declared as `type N string`",
		},
		{
			name:    "directive on the const block",
			files:   map[string]string{"a.go": "package p\n\ntype N string\n\n//adama:enum\nconst A N = \"a\"\n"},
			wantErr: "//adama:enum must be the last line of a type's doc comment",
		},
		{
			name:    "no constants",
			files:   map[string]string{"a.go": "package p\n\n//adama:enum\ntype N string\n"},
			wantErr: "N is marked //adama:enum but no constant of type N is declared",
		},
		{
			name:    "conversion",
			files:   map[string]string{"a.go": "package p\n\n//adama:enum\ntype N string\n\nconst A = N(\"a\")\n"},
			wantErr: "declare A as A N = \"...\", not a conversion",
		},
		{
			name:    "not a literal",
			files:   map[string]string{"a.go": "package p\n\n//adama:enum\ntype N string\n\nconst B = \"b\"\nconst A N = B\n"},
			wantErr: "A must have a string literal value",
		},
		{
			name: "two packages",
			files: map[string]string{
				"a.go": "package p\n\n//adama:enum\ntype N string\n\nconst A N = \"a\"\n",
				"b.go": "package q\n",
			},
			wantErr: "package q, want p",
		},
		{
			name:    "syntax error",
			files:   map[string]string{"a.go": "package p\n\ntype N string {\n"},
			wantErr: "a.go:3",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, src := range tt.files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte(src), 0o644))
			}
			src, err := generate(dir, defaultOut)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			assert.Nil(t, src)

			var stderr bytes.Buffer
			assert.Equal(t, 1, run([]string{dir}, &stderr))
			assert.Contains(t, stderr.String(), tt.wantErr)
			assert.NoFileExists(t, filepath.Join(dir, defaultOut), "nothing is written on error")
		})
	}
}

// TestRun covers writing, leaving an up-to-date file alone and removing a
// stale file from a package that no longer declares an enum.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	decl := filepath.Join(dir, "a.go")
	out := filepath.Join(dir, "gen.go")
	require.NoError(t, os.WriteFile(decl, []byte("package p\n\n//adama:enum\ntype N string\n\nconst A N = \"a\"\n"), 0o644))

	var stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"-out", "gen.go", dir}, &stderr), stderr.String())
	first, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(first), "func (v N) Valid() bool")
	assert.True(t, strings.HasPrefix(string(first), "// Code generated "), "go tools treat it as generated")

	// A second run reads its own output as nothing and changes nothing.
	require.Equal(t, 0, run([]string{"-out", "gen.go", dir}, &stderr), stderr.String())
	second, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, first, second)

	require.NoError(t, os.WriteFile(decl, []byte("package p\n\ntype N string\n"), 0o644))
	require.Equal(t, 0, run([]string{"-out", "gen.go", dir}, &stderr), stderr.String())
	assert.NoFileExists(t, out)
	// And with neither enum nor file there is nothing to do.
	require.Equal(t, 0, run([]string{"-out", "gen.go", dir}, &stderr), stderr.String())
	assert.NoFileExists(t, out)

	assert.Equal(t, 2, run([]string{"a", "b"}, &stderr))
	assert.Equal(t, 2, run([]string{"-nope"}, &stderr))
	assert.Equal(t, 1, run([]string{filepath.Join(dir, "missing")}, &stderr))
}

// TestModuleUpToDate regenerates every package of the module and compares
// with its committed enums_gen.go, so a stale file fails the tests as well
// as CI's go generate step.
func TestModuleUpToDate(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(root, "go.mod"))
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); path != root && (n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		got, err := generate(path, defaultOut)
		if !assert.NoError(t, err, rel) {
			return nil
		}
		have, readErr := os.ReadFile(filepath.Join(path, defaultOut))
		if got == nil {
			assert.ErrorIs(t, readErr, fs.ErrNotExist, "%s: %s declares no enum any more; run go generate ./...", rel, defaultOut)
			return nil
		}
		checked++
		if assert.NoError(t, readErr, "%s: run go generate ./...", rel) {
			assert.Equal(t, string(got), string(have), "%s/%s is stale; run go generate ./...", rel, defaultOut)
		}
		return nil
	})
	require.NoError(t, err)
	_ = checked // every group's enums now come from internal/cmd/apigen
}

type enumType[E any] interface {
	~string
	Values() []E
	Valid() bool
}

// checkGenerated checks the generated methods of one enum of the module.
func checkGenerated[E enumType[E]](t *testing.T, wantLen int) {
	t.Helper()
	var zero E
	vals := zero.Values()
	require.Len(t, vals, wantLen)
	for _, v := range vals {
		assert.True(t, v.Valid(), v)
	}
	assert.False(t, E("not-a-known-value").Valid())
	assert.False(t, zero.Valid())

	// Values returns a new slice each call.
	vals[0] = "changed"
	assert.NotEqual(t, E("changed"), zero.Values()[0])

	// An unknown value from the server decodes without error and is kept.
	var got struct{ V E }
	require.NoError(t, json.Unmarshal([]byte(`{"V":"from-a-newer-server"}`), &got))
	assert.Equal(t, E("from-a-newer-server"), got.V)
	assert.False(t, got.V.Valid())
}

func TestGeneratedMethods(t *testing.T) {
	t.Run("entity.GoalType", func(t *testing.T) { checkGenerated[entity.GoalType](t, 10) })
	t.Run("entity.FrequencyType", func(t *testing.T) { checkGenerated[entity.FrequencyType](t, 3) })
	t.Run("entity.UserType", func(t *testing.T) { checkGenerated[entity.UserType](t, 4) })
	t.Run("reporting.FieldType", func(t *testing.T) { checkGenerated[reporting.FieldType](t, 13) })
	t.Run("reporting.Operator", func(t *testing.T) { checkGenerated[reporting.Operator](t, 11) })
	t.Run("reporting.Report", func(t *testing.T) { checkGenerated[reporting.Report](t, 21) })
	t.Run("reporting.TimeRollup", func(t *testing.T) { checkGenerated[reporting.TimeRollup](t, 5) })
}
