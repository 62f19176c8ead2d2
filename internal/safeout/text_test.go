package safeout

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLine(t *testing.T) {
	long := strings.Repeat("a", 100) + " " + strings.Repeat("b", 100)
	tests := []struct {
		input  string
		offset int
		line   string
		col    int
	}{
		{"http://a b/", 8, "http://a b/", 8},
		{"ab", 2, "ab", 2},
		{"", 0, "", 0},
		{"a\x00\xffb", 2, `a\x00\xffb`, 5},
		// UTF-8 as itself, the column in terminal cells: 例 and え
		// take two each, é one; C1 controls, bidirectional overrides
		// and bytes that are not UTF-8 four (\xNN) a byte.
		{"http://例え.jp/ x", 17, "http://例え.jp/ x", 15},
		{"http://h/café x", 15, "http://h/café x", 14},
		{"a\u202eb c", 5, `a\xe2\x80\xaeb c`, 14},
		{"a\xc2\x9bb\xe4\xbe c", 6, `a\xc2\x9bb\xe4\xbe c`, 18},
		{"e\u0301 x", 4, "e\u0301 x", 2}, // a combining mark: no cell
		// The window is widened to whole characters.
		{strings.Repeat("é", 40) + " ", 80, "..." + strings.Repeat("é", 30) + " ", 33},
		{" " + strings.Repeat("é", 40), 0, " " + strings.Repeat("é", 30) + "...", 0},
		{long, 100, "..." + strings.Repeat("a", 60) + " " + strings.Repeat("b", 59) + "...", 63},
		{"abc", 7, "abc", 3},
		{"abc", -1, "abc", 0},
	}
	for _, tt := range tests {
		line, col := Line(tt.input, tt.offset)
		if diff := cmp.Diff([]any{tt.line, tt.col}, []any{line, col}); diff != "" {
			t.Errorf("Line(%q, %d) (-want +got):\n%s", tt.input, tt.offset, diff)
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"":                 `""`,
		"a b":              `"a b"`,
		`say "hi" \ ok`:    `"say \"hi\" \\ ok"`,
		"\x00\xff\xc3\xa9": `"\x00\xff\xc3\xa9"`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestChar(t *testing.T) {
	for _, tt := range []struct {
		in   string
		off  int
		want string
	}{
		{"a b", 1, "character ' '"},
		{"a\tb", 1, "control character U+0009 (tab)"},
		{"\x7f", 0, "control character U+007F (DEL)"},
		{"\xff", 0, "byte 0xFF (not UTF-8)"},
		{"\xc3", 0, "byte 0xC3 (not UTF-8)"},
		{"x\ufffd", 1, `non-ASCII character "\ufffd" (U+FFFD, bytes EF BF BD; it must be escaped)`},
		{"x\u00e9", 1, `non-ASCII character "\u00e9" (U+00E9, bytes C3 A9; it must be escaped)`},
		{"ab", 2, "end of input"},
	} {
		if got := Char(tt.in, tt.off, "it must be escaped"); got != tt.want {
			t.Errorf("Char(%q, %d) = %s, want %s", tt.in, tt.off, got, tt.want)
		}
	}
}
