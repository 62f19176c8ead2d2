package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/internal/automaton"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// grammarFile is the RFC 2396 grammar the tests of gen read, from gen's
// directory: rfc2396.peg itself with RFC2396_LONG=1, as CI runs them;
// otherwise testdata/rfc2396.peg, a copy of it kept as it was when the
// tests were written. go generate ./... runs the checks of gen grammar on
// the grammar as edited (its transcription, each rule's language, the
// edits composed with it) and stops on a failure: the default run holds
// the checks to the copy, so that go test ./... after a grammar edit
// takes gen's tests from its cache instead of running them again.
func grammarFile() string {
	if os.Getenv("RFC2396_LONG") != "" {
		return "../rfc2396.peg"
	}
	return "testdata/rfc2396.peg"
}

func readPEG(t *testing.T) *pegFile {
	t.Helper()
	src, err := os.ReadFile(grammarFile())
	if err != nil {
		t.Fatal(err)
	}
	f, err := parsePEG(string(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// readABNF reads the ABNF lines of grammarFile: grammar/rfc2396.abnf,
// which go generate writes from rfc2396.peg, or those of the copy.
func readABNF(t *testing.T) []bnf.Definition {
	t.Helper()
	if grammarFile() != "../rfc2396.peg" {
		defs, _ := readGrammar(t, grammarFile())
		return defs
	}
	src, err := os.ReadFile("../grammar/rfc2396.abnf")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	return defs
}

func TestTranscriptionMatches(t *testing.T) {
	sections, err := checkTranscription(readABNF(t), readPEG(t))
	if err != nil {
		t.Fatal(err)
	}
	if sections[0] != "4" || sections[len(sections)-1] != "1.6" {
		t.Errorf("sections: %q ... %q", sections[0], sections[len(sections)-1])
	}
}

// TestTranscriptionMismatch checks that gen refuses a PEG whose rules or
// comments drift from the ABNF.
func TestTranscriptionMismatch(t *testing.T) {
	defs := readABNF(t)
	edits := []struct {
		name string
		edit func(f *pegFile)
		want string
	}{
		{"renamed", func(f *pegFile) { rule(f, "hier_part").name = "hierpart" }, "is hier_part in grammar/rfc2396.abnf but hierpart"},
		{"missing", func(f *pegFile) { f.rules = f.rules[:len(f.rules)-1] }, "is missing"},
		{"extra", func(f *pegFile) { f.rules = append(f.rules, &pegRule{name: "extra"}) }, "rule extra of rfc2396.peg is not in"},
		{"comment", func(f *pegFile) { rule(f, "uric_no_slash").comment[0] = "uric_no_slash = unreserved" }, "must be preceded by the comment lines"},
		{"section", func(f *pegFile) { rule(f, "uric_no_slash").comment[1] = "3" }, "must be preceded by the comment lines"},
	}
	for _, e := range edits {
		f := readPEG(t)
		e.edit(f)
		_, err := checkTranscription(defs, f)
		if err == nil || !strings.Contains(err.Error(), e.want) {
			t.Errorf("%s: error %v, want it to contain %q", e.name, err, e.want)
		}
	}
}

func rule(f *pegFile, name string) *pegRule {
	for _, r := range f.rules {
		if r.name == name {
			return r
		}
	}
	panic("no rule " + name)
}

func TestExprRoundTrip(t *testing.T) {
	for _, r := range readPEG(t).rules {
		s := r.body.String()
		p := &exprParser{src: s}
		e, err := p.choice()
		if err != nil {
			t.Errorf("rule %s: printed %q does not parse: %v", r.name, s, err)
			continue
		}
		if e.String() != s {
			t.Errorf("rule %s: %q prints back as %q", r.name, s, e.String())
		}
	}
}

func TestSimplify(t *testing.T) {
	tests := []struct{ in, want string }{
		{"[a-z] / [A-Z] / [0-9]", "[0-9A-Za-z]"},
		{"'a' / 'b' / 'c'", "[a-c]"},
		{"[a-f] / '%' [0-9] [0-9] / [:@]", "[:@a-f] / '%' [0-9] [0-9]"},
		// '%' can start the middle alternative, so the class after it cannot
		// move in front of it.
		{"[a-f] / '%' [0-9] / [%]", "[a-f] / '%' [0-9] / [%]"},
		{"(x / (y / z))", "x / y / z"},
		{"[\\-.] / [_]", "[\\-._]"},
	}
	for _, tt := range tests {
		p := &exprParser{src: tt.in}
		e, err := p.choice()
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := simplify(e).String(); got != tt.want {
			t.Errorf("simplify(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDeriveKeepsOnlyTokenRules(t *testing.T) {
	dir := t.TempDir()
	target := compactTarget{source: "rfc2396.peg", pkg: "compact", pegPath: filepath.Join(dir, "compact.peg"), goPath: filepath.Join(dir, "parser_gen.go"), typeName: "Compact", what: "test"}
	if _, err := deriveCompact(readPEG(t), compactKeep, target); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(target.pegPath)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parsePEG(string(out))
	if err != nil {
		t.Fatalf("derived grammar does not parse: %v", err)
	}
	var names []string
	for _, r := range f.rules {
		names = append(names, r.name)
		var walk func(e *expr)
		walk = func(e *expr) {
			if e.op == opRef && !contains(compactKeep, e.text) {
				t.Errorf("rule %s still refers to inlined rule %s", r.name, e.text)
			}
			for _, k := range e.kids {
				walk(k)
			}
		}
		walk(r.body)
	}
	if len(names) != len(compactKeep) {
		t.Errorf("derived rules %v, want %v", names, compactKeep)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestPatch(t *testing.T) {
	dir := t.TempDir()
	// The lines of peg v1.0.1's output that patch rewrites.
	src := "package x\n\n// Code generated by /tmp/go-build1/exe/peg -switch -output out.go in.peg DO NOT EDIT.\n\n" +
		"import (\n\t\"sort\"\n\t\"strconv\"\n)\n\n" +
		"type textPosition struct {\n\tline, symbol int\n}\n\n" +
		"type textPositionMap map[int]textPosition\n\n" +
		"func translatePositions(buffer []rune, positions []int) textPositionMap {\n" +
		"\tsort.Ints(positions)\n" +
		"\treturn nil\n" +
		"}\n\n" +
		"type parseError struct {\n\tp   *X\n\tmax token32\n}\n\n" +
		"func (e *parseError) Error() string {\n" +
		"\ttranslations := translatePositions(e.p.buffer, positions)\n" +
		"\treturn strconv.Quote(string(e.p.buffer[begin:end]))\n" +
		"}\n\n" +
		"func (p *X) Init() {\n" +
		"\tvar (\n" +
		"\t\tmax                  token32\n" +
		"\t\tposition, tokenIndex uint32\n" +
		"\t\tbuffer               []rune\n" +
		"\t)\n" +
		"\tp.reset = func() {\n" +
		"\t\tp.buffer = []rune(p.Buffer)\n" +
		"\t\tif len(p.buffer) == 0 || p.buffer[len(p.buffer)-1] != endSymbol {\n" +
		"\t\t\tp.buffer = append(p.buffer, endSymbol)\n" +
		"\t\t}\n" +
		"\t\tbuffer = p.buffer\n" +
		"\t}\n" +
		"\tmatchDot := func() bool {\n" +
		"\t\tif buffer[position] != endSymbol {\n" +
		"\t\t\tposition++\n" +
		"\t\t\treturn true\n" +
		"\t\t}\n" +
		"\t\treturn false\n" +
		"\t}\n" +
		"\tp.parse = func(rule ...int) error {\n" +
		"\t\treturn &parseError{p, max}\n" +
		"\t}\n" +
		"}\n"
	const header = "// Code generated by go tool peg -switch -output out.go in.peg DO NOT EDIT.\n"
	path := dir + "/out.go"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := patch(path); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(got), header) {
		t.Errorf("patched file does not start with %q:\n%s", header, got)
	}
	for _, want := range []string{"buffer = p.Buffer\n", "buffer               string\n", "if at(buffer, position) != endSymbol", "\t\treturn noMatchError{}\n", noMatchDecl, "import (\n\t\"strconv\"\n)"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("patched file lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(string(got), "p.buffer") || strings.Contains(string(got), "[]rune") {
		t.Errorf("patched file still reads the rune buffer:\n%s", got)
	}
	for _, gone := range []string{"parseError", "translatePositions", "textPosition", "sort"} {
		if strings.Contains(string(got), gone) {
			t.Errorf("patched file still has %q:\n%s", gone, got)
		}
	}
	// Patching again changes nothing.
	if err := patch(path); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); string(again) != string(got) {
		t.Errorf("second patch changed the file:\n%s", again)
	}
	// A declaration among the parse error's that patch does not know.
	odd := strings.Replace(src, "type parseError struct {", "func odd() {}\n\ntype parseError struct {", 1)
	if err := os.WriteFile(path, []byte(odd), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := patch(path); err == nil || !strings.Contains(err.Error(), "func odd()") {
		t.Errorf("patch of a parse error with another declaration: err = %v, want one naming it", err)
	}
	if err := os.WriteFile(path, []byte("package x\n\nfunc f() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := patch(path); err == nil {
		t.Error("patch accepted a file that peg did not write")
	}
}

// TestCharacterLevel checks which rules gen finds to describe single
// characters: exactly those whose every string is one byte or an escape.
// It reads testdata/rfc2396.peg, Appendix A as it was when the test was
// written, since an edit of rfc2396.peg may change which rules those are.
func TestCharacterLevel(t *testing.T) {
	defs, _ := readGrammar(t, "testdata/rfc2396.peg")
	g, err := automaton.NewGrammar(defs, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, d := range g.Defs {
		if g.CharacterLevel(i) {
			got = append(got, d.Name)
		}
	}
	want := []string{"uric_no_slash", "pchar", "uric", "reserved", "unreserved", "mark", "escaped", "hex", "alphanum", "alpha", "lowalpha", "upalpha", "digit"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("character-level rules (-want +got):\n%s", diff)
	}
}
