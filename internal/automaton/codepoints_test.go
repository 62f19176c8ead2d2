package automaton

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// codePointGrammar reads gen/testdata/codepoints.abnf, a grammar with RFC
// 3987's ucschar and iprivate, and returns its automaton grammar and the
// index of its start rule, text.
func codePointGrammar(t *testing.T) (*Grammar, int) {
	t.Helper()
	src, err := os.ReadFile("../../gen/testdata/codepoints.abnf")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.ParseABNF(string(src))
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGrammar(bnf.WithCore(defs), nil, []string{"ucschar", "iprivate", "unreserved"})
	if err != nil {
		t.Fatal(err)
	}
	i, _ := g.Index("text")
	return g, i
}

// ucscharRanges and iprivateRanges are RFC 3987 section 2.2's, for the
// oracle.
var (
	ucscharRanges = [][2]rune{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}, {0x10000, 0x1FFFD}, {0x20000, 0x2FFFD},
		{0x30000, 0x3FFFD}, {0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD}, {0xA0000, 0xAFFFD},
		{0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD}, {0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivateRanges = [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
)

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

// oracleText is the independent reading of the grammar's rule text:
// unicode/utf8 decodes s, and each character is checked against the
// ranges directly. It returns whether s matches, and, if not, the offset
// of the first byte of the first character (or byte that is not UTF-8)
// that cannot come where it is, len(s) when s ends too early.
func oracleText(s string) (bool, int) {
	query := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return false, i // not UTF-8, or cut short
		case r == '%':
			if i+2 >= len(s) {
				if i+1 < len(s) && !isHexDigit(s[i+1]) {
					return false, i + 1
				}
				return false, len(s)
			}
			if !isHexDigit(s[i+1]) {
				return false, i + 1
			}
			if !isHexDigit(s[i+2]) {
				return false, i + 2
			}
			i += 3
			continue
		case r == '?' && !query:
			query = true
		case r < 0x80 && (r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~", r)):
		case inRanges(r, ucscharRanges):
		case query && inRanges(r, iprivateRanges):
		default:
			return false, i
		}
		i += size
	}
	return true, len(s)
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// codePointInputs returns the inputs the code-point tests run: the
// boundaries of the ranges and of the encoding's lengths, in both parts of
// the grammar, encoded surrogates, over-long forms, sequences cut short,
// stray continuation bytes, and random strings of the grammar's pieces.
func codePointInputs() []string {
	pieces := []string{
		"a", "Z", "0", "-", "~", "%41", "%", "%4", "%G1", "?", "/", " ",
		"\u009f", "\u00a0", "\ud7ff", "\ue000", "\uf8ff", "\uf900", "\ufdcf", "\ufdd0",
		"\ufdef", "\ufdf0", "\uffef", "\ufff0", "\ufffd", "\uffff", "\U00010000",
		"\U0001fffd", "\U0001fffe", "\U000e0fff", "\U000e1000", "\U000efffd",
		"\U000f0000", "\U000ffffd", "\U000ffffe", "\U00100000", "\U0010fffd",
		"\U0010fffe", "\U0010ffff",
		"\xed\xa0\x80", "\xed\xbf\xbf", // surrogates U+D800, U+DFFF as bytes
		"\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", // over-long
		"\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xfe", // beyond U+10FFFF, never UTF-8
		"\xc2", "\xe2\x82", "\xf0\x90\x80", "\xef\xb7", // cut short
		"\x80", "\xbf", // stray continuation bytes
	}
	var inputs []string
	for _, p := range pieces {
		inputs = append(inputs, p, "a"+p, "?"+p, "a?"+p+"b", p+"?")
	}
	rng := rand.New(rand.NewPCG(3, 29))
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	return inputs
}

func TestCodePointRangesAgreeWithDecoding(t *testing.T) {
	g, start := codePointGrammar(t)
	d := g.Build(start)
	min := Minimal(d)
	l := g.Lazy(start, 64)
	for _, s := range codePointInputs() {
		want, wantOff := oracleText(s)
		if got := l.Match(s); got != want {
			t.Errorf("Lazy.Match(%+q) = %v, want %v", s, got, want)
		}
		for name, dfa := range map[string]*DFA{"Build": d, "Minimal": min} {
			if got := runDFA(dfa, s); got != want {
				t.Errorf("%s DFA on %+q: %v, want %v", name, s, got, want)
			}
		}
		off, matched, _ := l.Explain(s)
		if matched != want || !want && off != wantOff {
			t.Errorf("Lazy.Explain(%+q) = offset %d, matched %v; want offset %d, matched %v", s, off, matched, wantOff, want)
		}
	}
}

// runDFA reports whether d accepts s.
func runDFA(d *DFA, s string) bool {
	st := int32(0)
	for i := 0; i < len(s); i++ {
		st = d.Trans[int(st)*d.Classes+int(d.ClassOf[s[i]])]
		if st < 0 {
			return false
		}
	}
	return d.States[st].Accepting
}

func TestCodePointErrorsPointAtTheCharacter(t *testing.T) {
	g, start := codePointGrammar(t)
	l := g.Lazy(start, 64)
	tests := []struct {
		in  string
		off int
	}{
		{"ab\ufdd0", 2},       // EF B7 90: the automaton stops at 90
		{"ab\ue000", 2},       // iprivate outside the query: stops at EE
		{"ab\xed\xa0\x80", 2}, // a surrogate: stops at A0
		{"ab\xe2\x82", 2},     // cut short by the end
		{"ab\xe2\x82c", 2},    // cut short by c
		{"ab\xe0\x80\x80", 2}, // over-long
		{"\u00e9\u00e9 ", 4},  // the space, after two whole characters
	}
	for _, tt := range tests {
		off, matched, st := l.Explain(tt.in)
		if matched || off != tt.off {
			t.Errorf("Explain(%+q) = offset %d (matched %v), want %d", tt.in, off, matched, tt.off)
		}
		// The state described is the one before the character: the
		// same as for the input cut there.
		_, _, before := l.Explain(tt.in[:tt.off])
		if diff := cmp.Diff(before.Expected, st.Expected); diff != "" {
			t.Errorf("Explain(%+q): expected differs from that at the character's start (-want +got):\n%s", tt.in, diff)
		}
	}
}
