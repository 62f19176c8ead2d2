package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// readStandard reads the manifest of a standard (rfc3986.manifest.json)
// and the grammar files it names.
func readStandard(t *testing.T, file string) (*manifest, []bnf.Definition, *pegFile) {
	t.Helper()
	m, err := readManifest(filepath.Join("..", file))
	if err != nil {
		t.Fatal(err)
	}
	abnf, err := os.ReadFile(filepath.Join("..", m.ABNF))
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.ParseABNF(string(abnf))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("..", m.Grammar))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parsePEGFile(string(src), m.Grammar, true)
	if err != nil {
		t.Fatal(err)
	}
	return m, defs, f
}

func readRFC3986(t *testing.T) ([]bnf.Definition, *pegFile) {
	t.Helper()
	_, defs, f := readStandard(t, "rfc3986.manifest.json")
	return defs, f
}

func TestTranscriptionRFC3986(t *testing.T) {
	defs, f := readRFC3986(t)
	only := &pegFile{header: f.header, rules: appendixA(f)}
	sections, err := checkTranscriptionOf(defs, only, "grammar/rfc3986.abnf", "rfc3986.peg")
	if err != nil {
		t.Fatal(err)
	}
	if len(sections) != 36 || sections[0] != "3" || sections[len(sections)-1] != "2.2" {
		t.Errorf("sections: %d, %q ... %q", len(sections), sections[0], sections[len(sections)-1])
	}
	// Drift is refused, with the RFC 3986 file names in the message.
	rule(f, "dec_octet").comment[0] = "dec-octet = DIGIT"
	if _, err := checkTranscriptionOf(defs, only, "grammar/rfc3986.abnf", "rfc3986.peg"); err == nil || !strings.Contains(err.Error(), "rule dec_octet in rfc3986.peg must be preceded") {
		t.Errorf("edited comment: %v", err)
	}
}

// TestFoldLiterals checks that a double-quoted literal reads as peg matches
// it: letters in either case, other bytes exactly; and that RFC 2396's
// grammar still refuses them.
func TestFoldLiterals(t *testing.T) {
	p := &exprParser{src: `"v" / "::" / "aB:"`, fold: true}
	e, err := p.choice()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.String(), `[Vv] / '::' / [Aa] [Bb] ':'`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := (&exprParser{src: `"v"`}).choice(); err == nil {
		t.Errorf("double-quoted literal accepted without fold")
	}
}

// TestDeriveRFC3986 checks the compact grammar of RFC 3986 keeps exactly
// its token rules and turns path-empty's "&.?" into an option.
func TestDeriveRFC3986(t *testing.T) {
	m, _, f := readStandard(t, "rfc3986.manifest.json")
	dir := t.TempDir()
	target := compactTarget{source: "rfc3986.peg", pkg: "compact", pegPath: filepath.Join(dir, "compact.peg"), goPath: filepath.Join(dir, "parser_gen.go"), typeName: "Compact", what: "test"}
	if _, err := deriveCompact(f, m.Keep, target); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(target.pegPath)
	if err != nil {
		t.Fatal(err)
	}
	out := string(src)
	g, err := parsePEG(out)
	if err != nil {
		t.Fatalf("derived grammar does not parse: %v", err)
	}
	if len(g.rules) != len(m.Keep) {
		t.Errorf("%d rules, want %d", len(g.rules), len(m.Keep))
	}
	if strings.Contains(out, "&.?") || strings.Contains(out, "&(.)?") {
		t.Errorf("compact grammar still has the always-true predicate")
	}
}
