// Package pegrun holds the functions that the semantic predicates of the
// compact grammars (packages compact and editcompact) call to match a run
// of a byte class, and of escapes, in one step (see accelerate in
// gen/derive.go); the classes are in each package's adapter_gen.go. They
// read the input string itself, which the parser holds in Buffer while it
// runs, and advance the parser's position.
package pegrun

// run advances *position over the longest run of bytes of s in class and,
// when escapes is set, of escape triplets "%" hex hex, and returns how far
// it went.
func run(s string, position *uint32, class *[256]bool, escapes bool) uint32 {
	start := int(*position)
	p := start
	for p < len(s) {
		c := s[p]
		if class[c] {
			p++
			continue
		}
		if escapes && c == '%' && p+2 < len(s) && isHex(s[p+1]) && isHex(s[p+2]) {
			p += 3
			continue
		}
		break
	}
	*position = uint32(p)
	return uint32(p - start)
}

// Star matches a run of zero or more: it always succeeds.
func Star(s string, position *uint32, class *[256]bool, escapes bool) bool {
	run(s, position, class, escapes)
	return true
}

// StarEnding matches (A* B)* where class is A or B and end is B, A and B
// disjoint: the longest run of class bytes that ends in an end byte.
func StarEnding(s string, position *uint32, class, end *[256]bool) bool {
	last := int(*position)
	for p := last; p < len(s) && class[s[p]]; p++ {
		if end[s[p]] {
			last = p + 1
		}
	}
	*position = uint32(last)
	return true
}

// Plus matches a run of one or more.
func Plus(s string, position *uint32, class *[256]bool, escapes bool) bool {
	return run(s, position, class, escapes) > 0
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f'
}
