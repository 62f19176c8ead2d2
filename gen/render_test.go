package main

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// compileTemplate compiles template text, as the file t.html, against
// the package testdata/render/fake, as gen render compiles package
// site's.
func compileTemplate(t *testing.T, text string) ([]byte, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "templates"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fake.go", "helpers.go"} {
		src, err := os.ReadFile(filepath.Join("testdata", "render", "fake", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "templates", "t.html"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := compileTemplates(dir, []renderEntry{{"t", []string{"t.html"}, "t.html", "*data", "renderT"}})
	if err != nil {
		return nil, err
	}
	// What it writes type-checks with the package.
	if err := os.WriteFile(filepath.Join(dir, "render_gen.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range []string{"fake.go", "helpers.go", "render_gen.go"} {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		files = append(files, f)
	}
	// The packages it imports are read from their export data, as gen
	// render reads them (depImporter), not type-checked from source:
	// finding their source stats the repository's directories, whose
	// times change with every file written in them, and go test's cache
	// of package gen would then not survive a grammar edit.
	var imports []string
	for _, f := range files {
		for _, spec := range f.Imports {
			if path, err := strconv.Unquote(spec.Path.Value); err == nil && !slices.Contains(imports, path) {
				imports = append(imports, path)
			}
		}
	}
	conf := types.Config{Importer: depImporter(fset, imports)}
	if _, err := conf.Check("fake", fset, files, nil); err != nil {
		t.Fatalf("the generated code does not type-check: %v\n%s", err, src)
	}
	return src, nil
}

// The template compiler (gen render) refuses what it does not translate, saying where and what.
func TestRenderUnsupported(t *testing.T) {
	f, err := os.Open("testdata/render/unsupported.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		quoted, want, ok := strings.Cut(line, "\t")
		text, err := strconv.Unquote(quoted)
		if !ok || err != nil {
			t.Fatalf("testdata/render/unsupported.txt: bad line %q", line)
		}
		_, err = compileTemplate(t, text)
		if err == nil {
			t.Errorf("%s: compiled, want error %q", text, want)
			continue
		}
		// The position is in the template file, under the package's
		// directory: compare from the file's name on.
		got := err.Error()
		if i := strings.Index(got, "t.html:"); i >= 0 {
			got = got[i:]
		}
		if got != want {
			t.Errorf("%s:\n got %s\nwant %s", text, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// A template the compiler takes: Go that calls the escapers each context
// needs (package site's test holds the result to html/template's bytes).
func TestRenderCompiles(t *testing.T) {
	src, err := compileTemplate(t, `<a href="{{.Name}}" title="{{.Name}}">{{.H}}</a>{{range $i, $e := .Items}}{{if $i}},{{end}}{{$e}}{{end}}`+
		`{{or .Name "none"}}{{if and .Items .Name (not .H)}}{{len .Items}}{{end}}{{with $x := .Use}}{{$x}}{{end}}`+
		`{{if gt (len .Items) 1}}{{index .Items 1}}{{index (slice .Items 1 2) 0}}{{end}}{{if eq .Name "a" "b"}}<title>{{.H}}</title>{{end}}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"func renderT(w *strings.Builder, dot *data) (err error) {",
		"defer recoverTemplate(&err, \"t.html\")",
		"safeout.NormalizeURL(",
		"safeout.FilterURL(",
		"writeString(w, string(",
		"for v",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the generated code has no %q:\n%s", want, src)
		}
	}
}
