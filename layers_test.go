package rfc2396_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// module is the module path every import of the repository's own packages
// starts with.
const module = "github.com/rfc2396/rfc2396"

// layers are the rules of docs/how-it-is-built.md's package map: which of
// the module's packages a package of each layer may import (its non-test
// files; tests may import what they need). A layer is named by the
// directories it covers; the first layer whose pattern matches a package
// holds it.
var layers = []struct {
	name    string
	covers  func(dir string) bool
	mayUse  func(imp string) bool
	because string
}{
	{
		name:    "internal",
		covers:  func(dir string) bool { return dir == "internal" || strings.HasPrefix(dir, "internal/") },
		mayUse:  func(imp string) bool { return isInternal(imp) || isGrammarData(imp) },
		because: "internal/ is below the faces: it may use other internal packages and the grammars' data packages, never a face or a tool",
	},
	{
		name:    "core",
		covers:  func(dir string) bool { return dir == "uri" },
		mayUse:  isInternal,
		because: "the run-time core runs any grammar's data, so it imports no grammar and no face",
	},
	{
		name:    "grammar data",
		covers:  isGrammarData,
		mayUse:  func(imp string) bool { return isInternal(imp) || imp == "uri" || isGrammarData(imp) },
		because: "a grammar's data package holds what gen made of the grammar, for the core to run",
	},
	{
		name:   "face",
		covers: isFace,
		mayUse: func(imp string) bool {
			return isInternal(imp) || imp == "uri" || isGrammarData(imp)
		},
		because: "a face holds what its RFC does differently over the core and its grammar's data; it imports no other face and no tool",
	},
}

// isInternal reports whether imp (a path inside the module) is under internal/.
func isInternal(imp string) bool { return imp == "internal" || strings.HasPrefix(imp, "internal/") }

// isGrammarData reports whether dir holds a grammar's generated data or the
// BNF reader below it: grammar (RFC 2396's), grammar/bnf, NAME/grammar.
func isGrammarData(dir string) bool {
	return dir == "grammar" || dir == "grammar/bnf" || path.Base(dir) == "grammar" && strings.Count(dir, "/") == 1
}

// isFace reports whether dir is a grammar's public package: parser (RFC
// 2396) or rfcNNNN.
func isFace(dir string) bool {
	if dir == "parser" {
		return true
	}
	n, ok := strings.CutPrefix(dir, "rfc")
	_, err := strconv.Atoi(n)
	return ok && err == nil
}

// TestLayers holds every package of the repository to the layers above,
// reading the imports of its non-test Go files: no import runs from a
// lower package to a higher one.
func TestLayers(t *testing.T) {
	var bad []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || strings.HasPrefix(name, "zz")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(p))
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, l := range layers {
			if !l.covers(dir) {
				continue
			}
			for _, is := range f.Imports {
				imp, _ := strconv.Unquote(is.Path.Value)
				own, ok := strings.CutPrefix(imp, module+"/")
				if ok && !l.mayUse(own) {
					bad = append(bad, p+" ("+l.name+") imports "+own+": "+l.because)
				}
			}
			break
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string(nil), bad); diff != "" {
		t.Errorf("imports that run up the layers (-want +got):\n%s", diff)
	}
}

// TestLayersSeeEveryKind checks the test's own classification on the
// repository's directories, so that a rename cannot leave TestLayers with
// nothing to hold.
func TestLayersSeeEveryKind(t *testing.T) {
	for _, c := range []struct {
		dir  string
		want string
	}{
		{"internal/syntax", "internal"},
		{"internal/oracle/lang", "internal"},
		{"uri", "core"},
		{"grammar", "grammar data"},
		{"grammar/bnf", "grammar data"},
		{"rfc3987/grammar", "grammar data"},
		{"parser", "face"},
		{"rfc3986", "face"},
		{"rfc9112", "face"},
		{"report", ""},
		{"cmd/rfc2396", ""},
		{"format", ""},
	} {
		got := ""
		for _, l := range layers {
			if l.covers(c.dir) {
				got = l.name
				break
			}
		}
		if got != c.want {
			t.Errorf("layer of %s = %q, want %q", c.dir, got, c.want)
		}
	}
}
