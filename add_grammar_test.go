package rfc2396_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAddGrammar adds a grammar as docs/adding-a-grammar.md says, in a
// copy of the repository, for each of the two kinds of face the page
// describes, from the files of testdata/addgrammar:
//
//   - rfc3986x, RFC 3986 with "_" allowed in a scheme, with the full API
//     of a URI reference: its grammar file is rfc3986.peg with scheme's
//     ABNF line and body changed;
//   - rfc8089, RFC 8089's file-URI, which imports host and path-absolute
//     from rfc3986.peg and has fewer components than RFC 3986 (no
//     userinfo, port, query or fragment): a value-only face with a
//     package written by hand (testdata/addgrammar/rfc8089), wired into
//     the tools' registry, whose conformance suite is then generated and
//     whose references compare reads.
//
// Each runs gen standard, takes the lines that gen prints as missing from
// generate.go, runs them and adds them there, writes the explain table's
// rows as rule and input, and holds the new package to go vet and go
// test. Only the new grammar's steps run, not the whole of go generate.
func TestAddGrammar(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	t.Run("rfc3986x", testAddRFC3986x)
	t.Run("rfc8089", testAddRFC8089)
}

// addedRepo is a copy of the repository a test adds a grammar to.
type addedRepo struct {
	t   *testing.T
	dir string
}

func newAddedRepo(t *testing.T) addedRepo {
	dir := filepath.Join(t.TempDir(), "repo")
	copyTree(t, ".", dir)
	return addedRepo{t, dir}
}

func (r addedRepo) path(name string) string { return filepath.Join(r.dir, name) }

func (r addedRepo) write(name, text string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Dir(r.path(name)), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(r.path(name), []byte(text), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r addedRepo) read(name string) string {
	r.t.Helper()
	b, err := os.ReadFile(r.path(name))
	if err != nil {
		r.t.Fatal(err)
	}
	return string(b)
}

// run runs a command in the copy and fails the test if it fails.
func (r addedRepo) run(name string, args ...string) string {
	r.t.Helper()
	out, err := run(r.t, r.dir, name, args...)
	if err != nil {
		r.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

// generate performs steps 3 and 4 for the grammar of name.manifest.json,
// whose peg line compiles pegInput: gen standard, which must print the
// four go:generate lines generate.go lacks; the last three of them, run;
// all four added to generate.go after the other grammars' lines of the
// same kind, after which gen standard has nothing to say of them; and a
// first explain table, which TestExplainTable -update-explain filled.
func (r addedRepo) generate(name, pegInput string) {
	r.t.Helper()
	out := r.run("go", "run", "./gen", "standard", name+".manifest.json")
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l, ok := strings.CutPrefix(l, "\t//go:generate "); ok {
			lines = append(lines, l)
		}
	}
	want := []string{
		"go run -trimpath ./gen standard " + name + ".manifest.json",
		"go tool peg -output " + name + "/grammar/reference.peg.go " + pegInput,
		"go run -trimpath ./gen patch " + name + "/grammar/reference.peg.go",
		"go run -trimpath ./gen update ./" + name + "/grammar -run TestExplainTable -update-explain",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		r.t.Fatalf("gen standard printed the go:generate lines\n%s\nwant\n%s\nits output:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"), out)
	}
	for _, l := range want[1:] {
		f := strings.Fields(l)
		r.run(f[0], f[1:]...)
	}
	r.insertAfterLast("generate.go", "//go:generate go run -trimpath ./gen patch ", "//go:generate "+strings.Join(want[:3], "\n//go:generate ")+"\n")
	r.insertAfterLast("generate.go", "//go:generate go run -trimpath ./gen update ./", "//go:generate "+want[3]+"\n", "-run TestExplainTable -update-explain")
	out, err := run(r.t, r.dir, "go", "run", "./gen", "standard", name+".manifest.json")
	if err != nil || strings.Contains(out, "generate.go lacks") || strings.Contains(out, "wrote") {
		r.t.Errorf("gen standard, run again: %v, want no lines lacking and nothing written:\n%s", err, out)
	}
	table := r.read(name + "/grammar/testdata/explain.txt")
	if !strings.Contains(table, "\t\"\\x00\"\t0\t") {
		r.t.Errorf("TestExplainTable -update-explain did not fill the first row of the explain table:\n%s", table)
	}
}

// insertAfterLast inserts text after the last line of the file name that
// starts with prefix (and holds each of also).
func (r addedRepo) insertAfterLast(name, prefix, text string, also ...string) {
	r.t.Helper()
	lines := strings.SplitAfter(r.read(name), "\n")
	last := -1
	for i, l := range lines {
		ok := strings.HasPrefix(l, prefix)
		for _, a := range also {
			ok = ok && strings.Contains(l, a)
		}
		if ok {
			last = i
		}
	}
	if last < 0 {
		r.t.Fatalf("%s: no line starts with %q", name, prefix)
	}
	lines = append(lines[:last+1], append([]string{text}, lines[last+1:]...)...)
	r.write(name, strings.Join(lines, ""))
}

// explainRows replaces the rows of the explain table of name (step 5)
// with rows written as rule and input alone, from the file rows, and has
// TestExplainTable -update-explain complete them.
func (r addedRepo) explainRows(name, rows string) {
	r.t.Helper()
	table := name + "/grammar/testdata/explain.txt"
	var kept []string
	for _, l := range strings.SplitAfter(r.read(table), "\n") {
		if strings.HasPrefix(l, "#") {
			kept = append(kept, l)
		}
	}
	r.write(table, strings.Join(kept, "")+r.read(rows))
	r.run("go", "test", "./"+name+"/grammar", "-run", "TestExplainTable", "-update-explain")
	for _, l := range strings.Split(strings.TrimSpace(r.read(table)), "\n") {
		if !strings.HasPrefix(l, "#") && strings.Count(l, "\t") != 5 {
			r.t.Errorf("%s: the row %q is not completed", table, l)
		}
	}
}

// testPackage holds the package name to go vet and go test (step 5).
func (r addedRepo) testPackage(name string) {
	r.t.Helper()
	r.run("go", "vet", "./"+name+"/...")
	out := r.run("go", "test", "./"+name+"/...")
	if !strings.Contains(out, "ok  \tgithub.com/rfc2396/rfc2396/"+name+"\t") {
		r.t.Errorf("go test ./%s/... did not run the package's tests:\n%s", name, out)
	}
}

func testAddRFC3986x(t *testing.T) {
	start := time.Now()
	r := newAddedRepo(t)

	// Step 1: the grammar file, rule by rule under its ABNF and section
	// lines; here RFC 3986's with one more character in scheme.
	const (
		schemeLine     = `# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
		schemeLineEdit = `# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." / "_" )`
		schemeBody     = `scheme <- [A-Za-z] ([A-Za-z] / [0-9] / "+" / "-" / ".")*`
		schemeBodyEdit = `scheme <- [A-Za-z] ([A-Za-z] / [0-9] / "+" / "-" / "." / "_")*`
	)
	r.write("rfc3986x.peg", r.read("rfc3986.peg"))
	replaceIn(t, r.path("rfc3986x.peg"), schemeLine, schemeLineEdit)
	replaceIn(t, r.path("rfc3986x.peg"), schemeBody, schemeBodyEdit)
	// Step 2: the manifest.
	r.write("rfc3986x.manifest.json", r.read("testdata/addgrammar/rfc3986x.manifest.json"))

	// Steps 3 and 4: gen standard, and generate.go.
	r.generate("rfc3986x", "rfc3986x.peg")
	abnf := r.read("grammar/rfc3986x.abnf")
	if !strings.HasPrefix(abnf, "; ") || !strings.Contains(abnf, "\n"+strings.TrimPrefix(schemeLineEdit, "# ")+"\n") {
		t.Errorf("grammar/rfc3986x.abnf has no header or not the edited scheme line:\n%s", abnf)
	}

	// Step 5: the new package's tests.
	r.write("rfc3986x/rfc3986x_test.go", r.read("testdata/addgrammar/rfc3986x_test.go"))
	r.testPackage("rfc3986x")
	t.Logf("added rfc3986x in %v", time.Since(start).Round(time.Second))
}

func testAddRFC8089(t *testing.T) {
	start := time.Now()
	r := newAddedRepo(t)

	// Steps 1 and 2: the grammar file, which imports RFC 3986's rules,
	// and the manifest.
	for _, f := range []string{"rfc8089.peg", "rfc8089.manifest.json"} {
		r.write(f, r.read("testdata/addgrammar/"+f))
	}
	// Steps 3 and 4: a grammar with imports has its peg line compile the
	// grammar file gen writes with the imported rules in it.
	r.generate("rfc8089", "rfc8089/grammar/reference.peg")

	// Step 5: the package written by hand, its tests and the explain
	// table's rows.
	for _, f := range []string{"doc.go", "file.go", "rfc8089_test.go"} {
		r.write("rfc8089/"+f, r.read("testdata/addgrammar/rfc8089/"+f))
	}
	r.explainRows("rfc8089", "testdata/addgrammar/rfc8089/explain.txt")
	r.testPackage("rfc8089")

	// The tools: the standard in the registry. parse shows a file URI's
	// components, compare reads it beside RFC 2396's profiles, and its
	// conformance suite is generated with no disagreement.
	const registry = "report/standards_other.go"
	replaceIn(t, r.path(registry), "import (\n", "import (\n\t\"github.com/rfc2396/rfc2396/rfc8089\"\n\tg8089 \"github.com/rfc2396/rfc2396/rfc8089/grammar\"\n")
	replaceIn(t, r.path(registry), "\treturn []Standard{\n", "\treturn []Standard{\n\t\tgrammarStandard(rfc8089.Grammar(), nil).withCore(g8089.Definitions(), g8089.NumRules),\n")
	r.run("gofmt", "-w", registry)
	out := r.run("go", "run", "./cmd/rfc2396", "parse", "--standard", "rfc8089", "file://localhost/etc/hosts")
	if !strings.Contains(out, "valid file-URI") || !strings.Contains(out, "/etc/hosts") {
		t.Errorf("rfc2396 parse --standard rfc8089:\n%s", out)
	}
	r.run("go", "test", "./cmd/rfc2396", "-run", "TestComparerVerdicts")
	out = r.run("go", "run", "./cmd/rfc2396", "vectors", "--standard", "rfc8089", "--out", filepath.Join(t.TempDir(), "vectors"))
	if !strings.Contains(out, "rfc8089 (strict)") {
		t.Errorf("rfc2396 vectors --standard rfc8089:\n%s", out)
	}
	t.Logf("added rfc8089 in %v", time.Since(start).Round(time.Second))
}
