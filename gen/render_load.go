package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// loadPackage type-checks the package in dir as the go command builds it
// for this machine, without the file gen render writes (it may be stale,
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
		Importer: depImporter(fset, bp.Imports),
		Error: func(err error) {
			te, ok := err.(types.Error)
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

// depImporter returns an importer of the packages the package being
// loaded imports (imports) and theirs. It reads the compiler's export
// data, which go list -export builds or finds in the build cache (the
// same compilations go build and go test make of them), instead of
// type-checking every dependency from source again: after a grammar edit
// that is the difference between a second and a quarter of a minute.
// Where go list fails (no go command), it type-checks from source.
func depImporter(fset *token.FileSet, imports []string) types.Importer {
	if len(imports) == 0 {
		return importer.ForCompiler(fset, "source", nil)
	}
	args := append([]string{"list", "-e", "-deps", "-export", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}"}, imports...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return importer.ForCompiler(fset, "source", nil)
	}
	exports := map[string]string{}
	for line := range strings.SplitSeq(string(out), "\n") {
		if path, file, ok := strings.Cut(line, "="); ok {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("go list -export gave no export data for %s: does it compile? (go build %s says)", path, path)
		}
		return os.Open(file)
	})
}
