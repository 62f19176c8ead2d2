package syntax

import "testing"

func class(chars string) *[256]bool {
	var c [256]bool
	for i := 0; i < len(chars); i++ {
		c[chars[i]] = true
	}
	return &c
}

// TestStar checks the runs the accelerated predicates take: class bytes,
// escapes only when allowed and only when complete, and byte sequences.
func TestStar(t *testing.T) {
	twoByte := Seq{class("\xc3"), class("\xa9")} // "é" in UTF-8
	// Three of RFC 3987's ucschar ranges and the last iprivate's.
	ucs := []RuneRange{{0xa0, 0xd7ff}, {0xf900, 0xfdcf}, {0x10000, 0x1fffd}, {0x100000, 0x10fffd}}
	tests := []struct {
		name string
		run  Run
		in   string
		from int
		want int
	}{
		{"class", Run{Class: *class("ab")}, "abba/", 0, 4},
		{"empty run", Run{Class: *class("ab")}, "/ab", 0, 0},
		{"from the middle", Run{Class: *class("ab")}, "/ab/", 1, 3},
		{"escape", Run{Class: *class("a"), Escapes: true}, "a%41a/", 0, 5},
		{"escapes not allowed", Run{Class: *class("a")}, "a%41a", 0, 1},
		{"incomplete escape at the end", Run{Class: *class("a"), Escapes: true}, "a%4", 0, 1},
		{"escape with a non-hex digit", Run{Class: *class("a"), Escapes: true}, "a%4g", 0, 1},
		{"sequence", Run{Class: *class("a"), Seqs: []Seq{twoByte}}, "a\xc3\xa9a/", 0, 4},
		{"cut sequence", Run{Class: *class("a"), Seqs: []Seq{twoByte}}, "a\xc3", 0, 1},
		{"sequence not allowed", Run{Class: *class("a")}, "a\xc3\xa9", 0, 1},
		{"sequences and escapes", Run{Class: *class("a"), Escapes: true, Seqs: []Seq{twoByte}}, "a\xc3\xa9%41\xc3\xa9aaaaa%4", 0, 13},
		{"code points", Run{Class: *class("a"), Runes: ucs}, "a\u00e9\u4e2d\U00010300a/", 0, 11},
		{"first of a range", Run{Runes: ucs}, "\u00a0/", 0, 2},
		{"before a range", Run{Runes: ucs}, "\u009f/", 0, 0},
		{"last of a range", Run{Runes: ucs}, "\ud7ff/", 0, 3},
		{"between ranges", Run{Runes: ucs}, "\ue000", 0, 0},
		{"first of the next range", Run{Runes: ucs}, "\uf900", 0, 3},
		{"last of the last range", Run{Runes: ucs}, "\U0010fffd", 0, 4},
		{"after the last range", Run{Runes: ucs}, "\U0010fffe", 0, 0},
		{"U+FFFD not in the ranges", Run{Runes: ucs}, "\ufffd", 0, 0},
		{"U+FFFD in the ranges", Run{Runes: []RuneRange{{0xfffd, 0xfffd}}}, "\ufffd\ufffd", 0, 6},
		{"surrogate", Run{Runes: []RuneRange{{0xa0, 0xffff}}}, "\xed\xa0\x80", 0, 0},
		{"overlong", Run{Runes: []RuneRange{{0x0, 0xffff}}}, "\xc1\xa0\xe0\x82\xa0", 0, 0},
		{"cut encoding", Run{Class: *class("a"), Runes: ucs}, "a\xe4\xb8", 0, 1},
		{"cut before ASCII", Run{Class: *class("a"), Runes: ucs}, "a\xe4\xb8a", 0, 1},
		{"stray continuation byte", Run{Class: *class("a"), Runes: ucs}, "a\x80", 0, 1},
		{"code points and escapes", Run{Class: *class("a"), Escapes: true, Runes: ucs}, "\u00e9%41\u00e9a%4", 0, 8},
		{"long class run, four at a time", Run{Class: *class("ab")}, "abababababa/b", 0, 11},
		{"class run to the end", Run{Class: *class("ab")}, "abababab", 0, 8},
	}
	for _, tt := range tests {
		if end := Star(tt.in, tt.from, &tt.run); end != tt.want {
			t.Errorf("%s: Star(%q) from %d ends at %d, want %d", tt.name, tt.in, tt.from, end, tt.want)
		}
	}
}

// TestSpan checks the class run the compiled parsers read in place: four
// bytes at a step, then one.
func TestSpan(t *testing.T) {
	ab := class("ab")
	for _, tt := range []struct {
		in         string
		from, want int
	}{
		{"", 0, 0},
		{"ab", 0, 2},
		{"abab", 0, 4},
		{"ababa/", 0, 5},
		{"abababab/ab", 0, 8},
		{"/abab", 1, 5},
		{"aba/b", 0, 3},
		{"abab%ab", 2, 4},
	} {
		if got := Span(tt.in, tt.from, ab); got != tt.want {
			t.Errorf("Span(%q, %d) = %d, want %d", tt.in, tt.from, got, tt.want)
		}
	}
}
