package automaton

import "testing"

// TestDescribeBytes checks how an error's expected bytes are described:
// whole rules first, then, in a grammar of code points, a rule for the
// first bytes of characters no earlier rule took, and single characters
// for the rest.
func TestDescribeBytes(t *testing.T) {
	set := func(ranges ...[2]int) byteSet {
		var s byteSet
		for _, r := range ranges {
			for c := r[0]; c <= r[1]; c++ {
				s.add(byte(c))
			}
		}
		return s
	}
	// The first bytes of RFC 3987's rules: ucschar's UTF-8 encodings
	// begin with C2-DF, E0-ED, EF or F0-F3; iprivate's with EE, EF, F3
	// or F4.
	ucschar := set([2]int{0xC2, 0xDF}, [2]int{0xE0, 0xED}, [2]int{0xEF, 0xEF}, [2]int{0xF0, 0xF3})
	iprivate := set([2]int{0xEE, 0xEF}, [2]int{0xF3, 0xF4})
	alpha := set([2]int{'a', 'z'}, [2]int{'A', 'Z'})
	ipchar := ucschar.union(alpha)
	sets := []describedSet{{"ipchar", ipchar}, {"ucschar", ucschar}, {"iprivate", iprivate}, {"ALPHA", alpha}}
	for _, tt := range []struct {
		name      string
		want      byteSet
		accepting bool
		out       string
	}{
		{"nothing", byteSet{}, false, ""},
		{"end only", byteSet{}, true, "end of input"},
		{"one rule", alpha, false, "ALPHA"},
		{"rule and characters", alpha.union(set([2]int{'/', '/'}, [2]int{'?', '?'})), true, `ALPHA, "/", "?" or end of input`},
		{"iquery", ipchar.union(iprivate).union(set([2]int{'/', '/'})), true, `ipchar, iprivate, "/" or end of input`},
		{"iprivate alone", iprivate, false, "iprivate"},
		{"a first byte no rule has", alpha.union(set([2]int{0xF4, 0xF4})), false, "ALPHA or a character whose UTF-8 encoding begins with byte F4"},
		{"first bytes no rule has", set([2]int{0xE1, 0xE3}, [2]int{0xF4, 0xF4}), false, "a character whose UTF-8 encoding begins with a byte E1-E3 or F4"},
		{"within a character", set([2]int{0x80, 0xBF}), false, "the rest of a character's UTF-8 encoding (a byte 80-BF)"},
		{"within a character, two ranges", set([2]int{0x80, 0x9F}, [2]int{0xA1, 0xBF}), false, "the rest of a character's UTF-8 encoding (a byte 80-9F or A1-BF)"},
		{"within a character, and a first byte", set([2]int{0xA0, 0xC3}), false, "the rest of a character's UTF-8 encoding (a byte A0-BF) or a character whose UTF-8 encoding begins with a byte C0-C3"},
	} {
		if got := describeBytes(tt.want, tt.accepting, sets); got != tt.out {
			t.Errorf("%s: describeBytes = %q; want %q", tt.name, got, tt.out)
		}
	}
}
