package parser_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGoDocGrouping reads packages parser and rfc3986 as go doc does and
// checks that every function it lists under a type T is a constructor of
// T: its first result is T, *T or a slice of them. (go doc lists a
// function under any type of the package among its results, so that
// Resolve, returning a string and its warnings, once sat under Warning.)
// Resolve must be among the package's functions.
func TestGoDocGrouping(t *testing.T) {
	for _, dir := range []string{".", "../rfc3986"} {
		fset := token.NewFileSet()
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		byPackage := map[string][]*ast.File{}
		for _, file := range names {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			byPackage[f.Name.Name] = append(byPackage[f.Name.Name], f)
		}
		for name, files := range byPackage {
			p, err := doc.NewFromFiles(fset, files, "example.com/"+name)
			if err != nil {
				t.Fatal(err)
			}
			for _, typ := range p.Types {
				for _, f := range typ.Funcs {
					if first := firstResultType(f.Decl); first != typ.Name {
						t.Errorf("%s: go doc lists func %s under type %s, but its first result is of type %q", name, f.Name, typ.Name, first)
					}
				}
			}
			checkPackageDoc(t, name, p.Doc)
			found := false
			for _, f := range p.Funcs {
				found = found || f.Name == "Resolve"
			}
			if !found {
				t.Errorf("%s: go doc does not list Resolve among the package's functions", name)
			}
		}
	}
}

// firstResultType is the name of the type of decl's first result, through
// pointers and slices.
func firstResultType(decl *ast.FuncDecl) string {
	if decl.Type.Results == nil || len(decl.Type.Results.List) == 0 {
		return ""
	}
	x := decl.Type.Results.List[0].Type
	for {
		switch e := x.(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.ArrayType:
			x = e.Elt
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

// checkPackageDoc holds a package comment to leading with what a caller
// does: its first headings are Parse, Check, Errors and Resolve, in that
// order, and the engines come after them, under "How it is built", which
// points to docs/how-it-is-built.md.
func checkPackageDoc(t *testing.T, name, text string) {
	t.Helper()
	var headings []string
	for _, line := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(line, "# "); ok {
			headings = append(headings, h)
		}
	}
	if len(headings) < 5 || !slices.Equal(headings[:4], []string{"Parse", "Check", "Errors", "Resolve"}) {
		t.Errorf("%s: the package comment's headings are %q, not Parse, Check, Errors, Resolve first", name, headings)
	}
	caller, built, ok := strings.Cut(text, "# How it is built")
	if !ok || !strings.Contains(built, "docs/how-it-is-built.md") {
		t.Errorf("%s: no section How it is built pointing to docs/how-it-is-built.md", name)
	}
	for _, word := range []string{"automat", "PEG", "WebAssembly", "tables"} {
		if strings.Contains(caller, word) {
			t.Errorf("%s: the package comment speaks of %q before How it is built", name, word)
		}
	}
}
