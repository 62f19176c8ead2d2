package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestExamplesCheckErrors checks that no Example of the repository
// throws away an error: a result in the last place of an assignment from
// a call ("u, _ := parser.Parse(...)"), where Go puts an error, is not
// "_". An Example whose input an edit of the grammar makes invalid then
// prints the error, or stops on it (log.Fatal), instead of printing zero
// values that examples outputs would write into its output comment as if they
// were what the grammar says.
func TestExamplesCheckErrors(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	examples := 0
	err := walkTestFiles(root, func(path string) error {
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Example") {
				continue
			}
			examples++
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Rhs) != 1 {
					return true
				}
				if _, ok := as.Rhs[0].(*ast.CallExpr); !ok {
					return true
				}
				if last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && last.Name == "_" {
					t.Errorf("%s: %s throws away the last result of a call, an error: print it, or stop on it with log.Fatal where the input is meant to be valid", fset.Position(as.Pos()), fn.Name.Name)
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if examples == 0 {
		t.Fatal("no Example function found")
	}
}
