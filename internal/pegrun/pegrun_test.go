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
	}
	for _, tt := range tests {
		pos := tt.from
		if !Star(tt.in, &pos, &tt.run) || pos != tt.want {
			t.Errorf("%s: Star(%q) from %d ends at %d, want %d", tt.name, tt.in, tt.from, pos, tt.want)
		}
	}
}

// TestStarEndingFrom checks the host-label run: the longest run of class
// bytes that ends in an end byte, counted from the byte already matched.
func TestStarEndingFrom(t *testing.T) {
	labels, alnum := class("-ab"), class("ab")
	tests := []struct {
		in         string
		from, want uint32
	}{
		{"ab-b.", 1, 4}, // "a" matched; "b-b" follows
		{"a--.", 1, 1},  // no end byte after "a": the run is "a"
		{"-a", 1, 2},    // "-" matched, then "a": the run ends in "a"
		{"--.", 1, 0},   // no end byte at all: the matched "-" is given back
	}
	for _, tt := range tests {
		pos := tt.from
		if !StarEndingFrom(tt.in, &pos, labels, alnum) || pos != tt.want {
			t.Errorf("StarEndingFrom(%q) from %d ends at %d, want %d", tt.in, tt.from, pos, tt.want)
		}
	}
}
