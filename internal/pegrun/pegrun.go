// Package pegrun holds what the parsers that pointlander/peg generates
// share, for both RFCs: BuildTree makes a parse tree of the tokens of the
// Parser that gen writes into each generated package (adapter_gen.go),
// and the functions that the semantic predicates of the compact grammars
// (see accelerate in gen/derive.go) call to match a whole run of a
// repetition in one step: Star and Plus for a run of bytes of a class,
// escapes and byte sequences (a [Run], which adapter_gen.go defines), and
// StarEnding for the labels of a host name. They read the input string
// itself, which the parser holds in Buffer while it runs, and move the
// parser's position.
package pegrun

// Run describes the items a run of a repetition is made of, as gen derives
// it from the repeated expression under the edits in force: a byte of
// Class, an escape "%" hex hex when Escapes is set, or one of the byte
// sequences Seqs (the UTF-8 sequences of edit non-ascii's "other"). The
// items start with different bytes (gen checks), so the longest item at a
// place is the only one, and the sequences start with a byte of 0x80 or
// above (gen checks), so an ASCII byte is never the start of one.
type Run struct {
	Class   [256]bool
	Escapes bool
	Seqs    []Seq
}

// Seq is a byte sequence: one byte set per byte.
type Seq []*[256]bool

// item returns the length of the item of r at s[p] that is not a byte of
// r.Class, or 0 if there is none.
func (r *Run) item(s string, p int) int {
	if s[p] == '%' {
		if r.Escapes && p+2 < len(s) && isHex(s[p+1]) && isHex(s[p+2]) {
			return 3
		}
		return 0
	}
	if s[p] < 0x80 {
		return 0
	}
next:
	for _, q := range r.Seqs {
		if p+len(q) > len(s) {
			continue
		}
		for i, set := range q {
			if !set[s[p+i]] {
				continue next
			}
		}
		return len(q)
	}
	return 0
}

// Star moves *position over the longest run of items of r: it matches
// zero or more, and always succeeds. A PEG repetition takes the same run,
// since it never gives back what it took.
func Star(s string, position *uint32, r *Run) bool {
	p := int(*position)
	class := &r.Class
	for {
		// Bytes of the class, most of any run, four at a time, with one
		// bounds check for the four.
		for p <= len(s)-4 {
			q := s[p : p+4]
			if !class[q[0]] || !class[q[1]] || !class[q[2]] || !class[q[3]] {
				break
			}
			p += 4
		}
		for p < len(s) && class[s[p]] {
			p++
		}
		if p == len(s) || !r.Escapes && r.Seqs == nil {
			break
		}
		n := r.item(s, p)
		if n == 0 {
			break
		}
		p += n
	}
	*position = uint32(p)
	return true
}

// Plus is Star for a run of one or more: it fails on an empty run.
func Plus(s string, position *uint32, r *Run) bool {
	start := *position
	Star(s, position, r)
	return *position > start
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

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f'
}
