package syntax

import "testing"

// TestBidiFormattingAt holds BidiFormattingAt to RFC 3987 section 4.1's
// seven characters: every code point from U+2000 to U+206F, and broken
// sequences, at the start of a string and after a byte.
func TestBidiFormattingAt(t *testing.T) {
	want := map[rune]bool{0x200E: true, 0x200F: true, 0x202A: true, 0x202B: true, 0x202C: true, 0x202D: true, 0x202E: true}
	for r := rune(0x2000); r < 0x2070; r++ {
		s := "a" + string(r) + "b"
		if got := BidiFormattingAt(s, 1); got != want[r] {
			t.Errorf("BidiFormattingAt(%q, 1) = %v; want %v", s, got, want[r])
		}
		if got := BidiFormattingAt([]byte(s[1:]), 0); got != want[r] {
			t.Errorf("BidiFormattingAt([]byte(%q), 0) = %v; want %v", s[1:], got, want[r])
		}
		if BidiFormattingAt(s, 0) || BidiFormattingAt(s, 2) {
			t.Errorf("BidiFormattingAt(%q) true away from the character", s)
		}
	}
	for _, s := range []string{"", "\xe2", "\xe2\x80", "\xe2\x80\x8e"[:2], "\xe2\x81\x8e", "\xe3\x80\x8e"} {
		if BidiFormattingAt(s, 0) || BidiFormattingAt(s, -1) || BidiFormattingAt(s, len(s)) {
			t.Errorf("BidiFormattingAt(%q) true", s)
		}
	}
}

// TestIndexBidiFormatting finds the first of the seven characters past
// other characters that start with 0xE2, and names exactly the seven.
func TestIndexBidiFormatting(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", -1}, {"abc", -1}, {"\u2013\u2014", -1}, {"%E2%80%8E", -1}, {"\xe2\x80", -1},
		{"\u200e", 0}, {"a\u2013\u202e", 4}, {"\u2066\u202a\u200f", 3}, {"\xe2\xe2\x80\x8f", 1},
	} {
		if got := IndexBidiFormatting(c.s); got != c.want {
			t.Errorf("IndexBidiFormatting(%q) = %d, want %d", c.s, got, c.want)
		}
	}
	for r := rune(0x2000); r < 0x2070; r++ {
		if named, at := BidiFormattingName(r) != "", BidiFormattingAt(string(r), 0); named != at {
			t.Errorf("BidiFormattingName(%U) = %q, and BidiFormattingAt says %v", r, BidiFormattingName(r), at)
		}
	}
}
