package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
)

// loadPackage type-checks the package in dir as the go command builds it
// for this machine, without the file rendergen writes (it may be stale,
// or absent): the calls of the rest of the package into it are the only
// errors allowed.
func loadPackage(dir string) (*types.Package, error) {
	ctx := build.Default
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	names := append([]string(nil), bp.GoFiles...)
	sort.Strings(names)
	for _, name := range names {
		if name == "render_gen.go" {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	var bad []string
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "source", nil),
		Error: func(err error) {
			te, ok := err.(types.Error)
			if ok && te.Soft && strings.HasPrefix(te.Msg, "undefined: render") {
				return
			}
			if ok && strings.HasPrefix(te.Msg, "undefined: render") {
				return
			}
			bad = append(bad, err.Error())
		},
	}
	path := bp.ImportPath
	if path == "" || path == "." {
		path = "github.com/rfc2396/rfc2396/site"
	}
	pkg, _ := conf.Check(path, fset, files, nil)
	if len(bad) > 0 {
		more := ""
		if len(bad) > 1 {
			more = fmt.Sprintf(" (and %d more errors)", len(bad)-1)
		}
		return nil, fmt.Errorf("package %s does not type-check: %s%s", dir, bad[0], more)
	}
	return pkg, nil
}
