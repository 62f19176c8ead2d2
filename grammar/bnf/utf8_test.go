package bnf

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// matches reports whether s matches one of seqs.
func matches(seqs []Sequence, s string) bool {
next:
	for _, q := range seqs {
		if len(q) != len(s) {
			continue
		}
		for i, r := range q {
			if s[i] < r.Lo || s[i] > r.Hi {
				continue next
			}
		}
		return true
	}
	return false
}

// oracle is the independent reading: s is one code point from lo to hi,
// decoded by unicode/utf8.
func oracle(lo, hi rune, s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	if size != len(s) || r == utf8.RuneError && size == 1 {
		return false
	}
	return r >= lo && r <= hi
}

// The ranges of RFC 3987's ucschar and iprivate, and ranges around the
// edges of the encoding's lengths and the surrogates.
var testRanges = [][2]rune{
	{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}, {0x10000, 0x1FFFD},
	{0x20000, 0x2FFFD}, {0xE1000, 0xEFFFD}, {0xE000, 0xF8FF}, {0xF0000, 0xFFFFD},
	{0x100000, 0x10FFFD}, {0, 0x10FFFF}, {0x41, 0x5A}, {0x7F, 0x80}, {0x7FF, 0x800},
	{0xD7FF, 0xE000}, {0xD800, 0xE000}, {0xFFFF, 0x10000}, {0x80, 0x10FFFF},
	{0x123, 0x4567}, {0x10FFFD, 0x10FFFF},
}

func TestUTF8SequencesAgreeWithDecoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tr := range testRanges {
		lo, hi := tr[0], tr[1]
		seqs := UTF8Sequences(lo, hi)
		// Every code point, encoded (surrogates encoded by hand, as
		// CESU would).
		for r := rune(0); r <= utf8.MaxRune; r++ {
			var s string
			if r >= 0xD800 && r <= 0xDFFF {
				s = string([]byte{0xED, byte(0x80 | (r>>6)&0x3F), byte(0x80 | r&0x3F)})
			} else {
				s = string(r)
			}
			if got, want := matches(seqs, s), oracle(lo, hi, s); got != want {
				t.Fatalf("%#x-%#x: % X (U+%04X) matches %v, want %v", lo, hi, s, r, got, want)
			}
		}
		// Every string of one and two bytes, and random ones of three and
		// four: over-long forms, stray and truncated sequences.
		for a := range 256 {
			for b := range 257 {
				s := string([]byte{byte(a), byte(b)})
				if b == 256 {
					s = s[:1]
				}
				if got, want := matches(seqs, s), oracle(lo, hi, s); got != want {
					t.Fatalf("%#x-%#x: % X matches %v, want %v", lo, hi, s, got, want)
				}
			}
		}
		for range 20000 {
			n := 3 + rng.IntN(2)
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(0x80 + rng.IntN(0x80))
			}
			b[0] = byte(0xE0 + rng.IntN(0x20))
			s := string(b)
			if got, want := matches(seqs, s), oracle(lo, hi, s); got != want {
				t.Fatalf("%#x-%#x: % X matches %v, want %v", lo, hi, s, got, want)
			}
		}
	}
}

func TestUTF8SequencesShape(t *testing.T) {
	r := func(lo, hi byte) ByteRange { return ByteRange{lo, hi} }
	tests := []struct {
		lo, hi rune
		want   []Sequence
	}{
		{0x41, 0x5A, []Sequence{{r(0x41, 0x5A)}}},
		{0xA0, 0x7FF, []Sequence{{r(0xC2, 0xC2), r(0xA0, 0xBF)}, {r(0xC3, 0xDF), r(0x80, 0xBF)}}},
		{0xD7FF, 0xE000, []Sequence{{r(0xED, 0xED), r(0x9F, 0x9F), r(0xBF, 0xBF)}, {r(0xEE, 0xEE), r(0x80, 0x80), r(0x80, 0x80)}}},
		{0xFFFF, 0x10000, []Sequence{{r(0xEF, 0xEF), r(0xBF, 0xBF), r(0xBF, 0xBF)}, {r(0xF0, 0xF0), r(0x90, 0x90), r(0x80, 0x80), r(0x80, 0x80)}}},
		{0xD800, 0xDFFF, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, UTF8Sequences(tt.lo, tt.hi)); diff != "" {
			t.Errorf("UTF8Sequences(%#x, %#x) (-want +got):\n%s", tt.lo, tt.hi, diff)
		}
	}
}

func TestStartOfChar(t *testing.T) {
	tests := []struct {
		s         string
		off, want int
	}{
		{"a\u00e9b", 2, 1},             // second byte of é
		{"a\u00e9b", 3, 3},             // b
		{"\U00010000", 3, 0},           // last byte of a four-byte character
		{"\xe2\x82", 1, 0},             // cut short
		{"\xc3\x80\x80", 2, 2},         // a stray continuation byte
		{"\x80\x80", 1, 1},             // no lead byte at all
		{"\xed\xa0\x80", 2, 0},         // an encoded surrogate, as one unit
		{"x", 5, 5},                    // outside s
		{"\xf0\x90\x80\x80\x80", 4, 4}, // past a complete sequence
	}
	for _, tt := range tests {
		if got := StartOfChar(tt.s, tt.off); got != tt.want {
			t.Errorf("StartOfChar(%q, %d) = %d, want %d", tt.s, tt.off, got, tt.want)
		}
	}
}

func TestParseABNFCodePoints(t *testing.T) {
	tests := []struct {
		src     string
		want    *Node
		wantErr string
	}{
		{`a = %xA0-D7FF`, &Node{Kind: CharRange, Min: 0xA0, Max: 0xD7FF, CodePoints: true}, ""},
		{`a = %x100000-10FFFD`, &Node{Kind: CharRange, Min: 0x100000, Max: 0x10FFFD, CodePoints: true}, ""},
		{`a = %x80-BF`, &Node{Kind: CharRange, Min: 0x80, Max: 0xBF}, ""}, // bytes, as RFC 3629 writes them
		{`a = %xC2`, &Node{Kind: Literal, Text: "\xc2"}, ""},
		{`a = %x10000`, &Node{Kind: Literal, Text: "\U00010000"}, ""},
		{`a = %x41.E9.10000`, &Node{Kind: Literal, Text: "A\u00e9\U00010000"}, ""},
		{`a = %d55295`, &Node{Kind: Literal, Text: "\ud7ff"}, ""},
		{`a = %x110000`, nil, "beyond the last code point"},
		{`a = %xD800`, nil, "surrogate"},
		{`a = %xD800-DFFF`, nil, "only surrogates"},
		{`a = %xFFFFFFFFF`, nil, "beyond the last code point"},
	}
	for _, tt := range tests {
		defs, err := ParseABNF(tt.src)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseABNF(%q) error %v, want one saying %q", tt.src, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseABNF(%q): %v", tt.src, err)
			continue
		}
		if diff := cmp.Diff(tt.want, defs[0].Body); diff != "" {
			t.Errorf("ParseABNF(%q) (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestBytesLowersOnlyCodePointRanges(t *testing.T) {
	defs, err := ParseABNF("a = \"x\" %x30-39 *( %xA0-7FF / b )\nb = %x41")
	if err != nil {
		t.Fatal(err)
	}
	lowered := Bytes(defs[0].Body)
	want := &Node{Kind: Concatenation, Children: []*Node{
		{Kind: Literal, Text: "x", Fold: true},
		{Kind: CharRange, Min: 0x30, Max: 0x39},
		{Kind: Repetition, Min: 0, Max: -1, Children: []*Node{{Kind: Alternation, Children: []*Node{
			{Kind: Alternation, Children: []*Node{
				{Kind: Concatenation, Children: []*Node{{Kind: CharRange, Min: 0xC2, Max: 0xC2}, {Kind: CharRange, Min: 0xA0, Max: 0xBF}}},
				{Kind: Concatenation, Children: []*Node{{Kind: CharRange, Min: 0xC3, Max: 0xDF}, {Kind: CharRange, Min: 0x80, Max: 0xBF}}},
			}},
			{Kind: RuleRef, Text: "b"},
		}}}},
	}}
	if diff := cmp.Diff(want, lowered); diff != "" {
		t.Errorf("Bytes (-want +got):\n%s", diff)
	}
	if !defs[0].Body.Children[2].Children[0].Children[0].CodePoints {
		t.Errorf("Bytes changed its argument")
	}
	if b := defs[1].Body; Bytes(b) != b {
		t.Errorf("Bytes copied a node with no code-point range")
	}
}
