package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// codePointFiles reads testdata/codepoints.abnf and its transcription
// testdata/codepoints.peg, a grammar with RFC 3987's ucschar and iprivate.
func codePointFiles(t *testing.T) ([]bnf.Definition, *pegFile) {
	t.Helper()
	abnf, err := os.ReadFile("testdata/codepoints.abnf")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.ParseABNF(string(abnf))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("testdata/codepoints.peg")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := parsePEGFile(string(src), "codepoints.peg", false)
	if err != nil {
		t.Fatal(err)
	}
	return defs, ref
}

// codePointOracle is the independent reading of codepoints.abnf's start
// rule: unicode/utf8 decodes s, and each character is checked against
// RFC 3987's ranges directly.
func codePointOracle(s string) bool {
	in := func(r rune, ranges ...rune) bool {
		for i := 0; i < len(ranges); i += 2 {
			if r >= ranges[i] && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	ucschar := func(r rune) bool {
		if in(r, 0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0xE1000, 0xEFFFD) {
			return true
		}
		return r >= 0x10000 && r < 0xE0000 && r&0xFFFF <= 0xFFFD
	}
	query := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return false
		case r == '%':
			if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
				return false
			}
			size = 3
		case r == '?' && !query:
			query = true
		case r < 0x80 && (in(r, 'A', 'Z', 'a', 'z', '0', '9') || strings.ContainsRune("-._~", r)):
		case ucschar(r):
		case query && in(r, 0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD):
		default:
			return false
		}
		i += size
	}
	return true
}

// codePointInputs are the strings the agreement runs: boundary code
// points (U+009F/U+00A0, U+D7FF/U+E000, U+FFFF/U+10000,
// U+10FFFD/U+10FFFE and the others of the ranges) before and after the
// "?", surrogates and over-long forms as bytes, sequences cut short and
// stray bytes, each alone and between ASCII.
func codePointInputs() []string {
	pieces := []string{
		"\u009f", "\u00a0", "\ud7ff", "\ue000", "\uf8ff", "\uf900", "\ufdcf", "\ufdd0", "\ufdef",
		"\ufdf0", "\uffef", "\ufff0", "\uffff", "\U00010000", "\U0001fffd", "\U0001fffe",
		"\U000e0fff", "\U000e1000", "\U000efffd", "\U000f0000", "\U000ffffd", "\U000ffffe",
		"\U00100000", "\U0010fffd", "\U0010fffe", "\U0010ffff",
		"\xed\xa0\x80", "\xed\xbf\xbf", "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf",
		"\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xff",
		"\xc2", "\xe2\x82", "\xf0\x90\x80", "\xef\xb7", "\x80", "\xbf",
		"a", "%41", "%4", "?", " ",
	}
	inputs := []string{""}
	for _, p := range pieces {
		inputs = append(inputs, p, "a"+p+"b", "?"+p, "a?b"+p, p+p, p+"?"+p)
	}
	return inputs
}

// TestCodePointGrammar runs testdata/codepoints.peg through gen: the
// language check against the ABNF, gen's PEG machine, and the parser
// compileCompact writes, each held to codePointOracle.
func TestCodePointGrammar(t *testing.T) {
	defs, ref := codePointFiles(t)
	if err := checkGrammarLanguages(defs, ref, "codepoints.peg"); err != nil {
		t.Fatalf("language check: %v", err)
	}
	m, err := newPEGMachine(ref.rules)
	if err != nil {
		t.Fatal(err)
	}
	inputs := codePointInputs()
	for _, s := range inputs {
		if got, want := m.accepts("text", s), codePointOracle(s); got != want {
			t.Errorf("PEG machine on %+q: %v, want %v", s, got, want)
		}
	}
	if testing.Short() {
		return
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	order, bodies := []string{}, map[string]*expr{}
	for _, r := range ref.rules {
		order = append(order, r.name)
		bodies[r.name] = simplify(r.body)
	}
	acc := &accel{}
	var b bytes.Buffer
	b.Write(compileCompact(compactTarget{pkg: "cp", pegPath: "codepoints.peg", typeName: "P"}, order, bodies, acc))
	writeAccel(&b, acc)
	b.WriteString("\n// Match runs text over s.\nfunc Match(s string) int {\n\tvar p P\n\treturn p.parse(ruletext, s)\n}\n")
	dir := t.TempDir()
	for path, src := range map[string]string{
		"go.mod":  "module cptest\n\ngo 1.22\n",
		"cp/p.go": b.String(),
		"main.go": "package main\n\nimport (\n\t\"bufio\"\n\t\"encoding/hex\"\n\t\"fmt\"\n\t\"os\"\n\n\t\"cptest/cp\"\n)\n\nfunc main() {\n\tsc := bufio.NewScanner(os.Stdin)\n\tfor sc.Scan() {\n\t\ts, _ := hex.DecodeString(sc.Text())\n\t\tfmt.Println(cp.Match(string(s)))\n\t}\n}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, path), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var in strings.Builder
	for _, s := range inputs {
		fmt.Fprintln(&in, hex.EncodeToString([]byte(s)))
	}
	lines := runModule(t, dir, in.String(), len(inputs))
	for i, s := range inputs {
		end, err := strconv.Atoi(lines[i])
		if err != nil {
			t.Fatal(err)
		}
		if got, want := end == len(s), codePointOracle(s); got != want {
			t.Errorf("compiled parser on %+q: ends at %d of %d, want a whole match %v", s, end, len(s), want)
		}
	}
}

// TestPEGRefusesCodePointEscapes checks that a class or literal escape
// beyond a byte is refused with a message that gives the UTF-8 form, not
// read as two bytes: peg reads \0xD7FF as one value.
func TestPEGRefusesCodePointEscapes(t *testing.T) {
	for _, src := range []string{`[\0xA0-\0xD7FF]`, `'\0x10000'`} {
		_, err := (&exprParser{src: src}).choice()
		if err == nil || !strings.Contains(err.Error(), "beyond a byte") {
			t.Errorf("%s: error %v, want one saying the escape is beyond a byte", src, err)
		}
	}
	if _, err := (&exprParser{src: `[\0x80-\0xBF]`}).choice(); err != nil {
		t.Errorf("a byte class: %v", err)
	}
}
