package rfc2396_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAddGrammar adds a grammar as docs/adding-a-grammar.md says, in a
// copy of the repository: RFC 3986 with "_" allowed in a scheme, as
// package rfc3986x with the full API. It writes the grammar file (a copy
// of rfc3986.peg with scheme's ABNF line and body changed) and the
// manifest (testdata/addgrammar), runs gen standard, takes the lines
// that gen prints as missing from generate.go, runs them and adds them
// there, and then holds the new package, with the test file of
// testdata/addgrammar, to go vet and go test. Only the new grammar's
// steps run, not the whole of go generate.
func TestAddGrammar(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	start := time.Now()
	repo := filepath.Join(t.TempDir(), "repo")
	copyTree(t, ".", repo)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(repo, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	// Step 1: the grammar file, rule by rule under its ABNF and section
	// lines; here RFC 3986's with one more character in scheme.
	const (
		schemeLine     = `# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
		schemeLineEdit = `# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." / "_" )`
		schemeBody     = `scheme <- [A-Za-z] ([A-Za-z] / [0-9] / "+" / "-" / ".")*`
		schemeBodyEdit = `scheme <- [A-Za-z] ([A-Za-z] / [0-9] / "+" / "-" / "." / "_")*`
	)
	write("rfc3986x.peg", read("rfc3986.peg"))
	replaceIn(t, filepath.Join(repo, "rfc3986x.peg"), schemeLine, schemeLineEdit)
	replaceIn(t, filepath.Join(repo, "rfc3986x.peg"), schemeBody, schemeBodyEdit)
	// Step 2: the manifest.
	write("rfc3986x.manifest.json", read("testdata/addgrammar/rfc3986x.manifest.json"))

	// Step 3: gen standard writes the packages and says which lines
	// generate.go lacks.
	out, err := run(t, repo, "go", "run", "./gen", "standard", "rfc3986x.manifest.json")
	if err != nil {
		t.Fatalf("gen standard rfc3986x.manifest.json: %v\n%s", err, out)
	}
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l, ok := strings.CutPrefix(l, "\t//go:generate "); ok {
			lines = append(lines, l)
		}
	}
	want := []string{
		"go run ./gen standard rfc3986x.manifest.json",
		"go tool peg -output rfc3986x/grammar/reference.peg.go rfc3986x.peg",
		"go run ./gen patch rfc3986x/grammar/reference.peg.go",
		"go test ./rfc3986x/grammar -run TestExplainTable -update-explain",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("gen standard printed the go:generate lines\n%s\nwant\n%s\nits output:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"), out)
	}
	abnf := read("grammar/rfc3986x.abnf")
	if !strings.HasPrefix(abnf, "; ") || !strings.Contains(abnf, "\n"+strings.TrimPrefix(schemeLineEdit, "# ")+"\n") {
		t.Errorf("grammar/rfc3986x.abnf has no header or not the edited scheme line:\n%s", abnf)
	}

	// Step 4: the other three lines, run, and all four added to
	// generate.go; gen standard then has nothing to say of them.
	for _, l := range want[1:] {
		f := strings.Fields(l)
		if out, err := run(t, repo, f[0], f[1:]...); err != nil {
			t.Fatalf("%s: %v\n%s", l, err, out)
		}
	}
	gen := filepath.Join(repo, "generate.go")
	const after9112 = "//go:generate go run ./gen patch rfc9112/grammar/reference.peg.go\n"
	const afterTables = "//go:generate go test ./rfc9112/grammar -run TestExplainTable -update-explain\n"
	replaceIn(t, gen, after9112, after9112+"//go:generate "+strings.Join(want[:3], "\n//go:generate ")+"\n")
	replaceIn(t, gen, afterTables, afterTables+"//go:generate "+want[3]+"\n")
	out, err = run(t, repo, "go", "run", "./gen", "standard", "rfc3986x.manifest.json")
	if err != nil || strings.Contains(out, "generate.go lacks") || strings.Contains(out, "wrote") {
		t.Errorf("gen standard, run again: %v, want no lines lacking and nothing written:\n%s", err, out)
	}
	table := read("rfc3986x/grammar/testdata/explain.txt")
	if !strings.Contains(table, "URI-reference\t\"\\x00\"\t0\tURI-reference\t") {
		t.Errorf("TestExplainTable -update-explain did not fill the first row of the explain table:\n%s", table)
	}

	// Step 5: the new package's tests.
	write("rfc3986x/rfc3986x_test.go", read("testdata/addgrammar/rfc3986x_test.go"))
	if out, err := run(t, repo, "go", "vet", "./rfc3986x/..."); err != nil {
		t.Fatalf("go vet ./rfc3986x/...: %v\n%s", err, out)
	}
	out, err = run(t, repo, "go", "test", "./rfc3986x/...")
	if err != nil {
		t.Fatalf("go test ./rfc3986x/...: %v\n%s", err, out)
	}
	if !strings.Contains(out, "ok  \tgithub.com/rfc2396/rfc2396/rfc3986x\t") {
		t.Errorf("go test ./rfc3986x/... did not run the package's tests:\n%s", out)
	}
	t.Logf("added rfc3986x in %v", time.Since(start).Round(time.Second))
}
