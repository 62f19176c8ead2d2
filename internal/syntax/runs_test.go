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
