package pegrun

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
		from uint32
		want uint32
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
		pos := tt.from
		if !Star(tt.in, &pos, &tt.run) || pos != tt.want {
			t.Errorf("%s: Star(%q) from %d ends at %d, want %d", tt.name, tt.in, tt.from, pos, tt.want)
		}
	}
}

// TestStarEnding checks the host-label run: the longest run of class
// bytes that ends in an end byte.
func TestStarEnding(t *testing.T) {
	labels, alnum := class("-ab"), class("ab")
	tests := []struct {
		in         string
		from, want uint32
	}{
		{"ab-b.", 0, 4},
		{"a--.", 0, 1}, // no end byte after "a": the run is "a"
		{"--.", 0, 0},  // no end byte at all: nothing is taken
		{"x-a", 1, 3},
	}
	for _, tt := range tests {
		pos := tt.from
		if !StarEnding(tt.in, &pos, labels, alnum) || pos != tt.want {
			t.Errorf("StarEnding(%q) from %d ends at %d, want %d", tt.in, tt.from, pos, tt.want)
		}
	}
}

// TestPlus checks that Plus fails on an empty run and takes a non-empty one.
func TestPlus(t *testing.T) {
	r := &Run{Class: *class("ab"), Escapes: true}
	for _, tt := range []struct {
		in   string
		ok   bool
		want uint32
	}{{"ab/", true, 2}, {"%41/", true, 3}, {"/ab", false, 0}, {"", false, 0}} {
		pos := uint32(0)
		if ok := Plus(tt.in, &pos, r); ok != tt.ok || pos != tt.want {
			t.Errorf("Plus(%q) = %v at %d, want %v at %d", tt.in, ok, pos, tt.ok, tt.want)
		}
	}
}
