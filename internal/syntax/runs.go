// This file and tree.go hold what the generated parsers share (they were
// package internal/pegrun): [BuildTree] makes a parse tree of the tokens of
// the Parser that gen writes into each generated package
// (adapter_gen.go), and the functions with which the parsers gen compiles
// from the compact grammars (gen/compile.go) match a whole run of a
// repetition in one step (see accelerate in gen/derive.go): [Span] for the
// bytes of a class, [Star] for a run of class bytes, escapes and byte
// sequences (a [Run], which adapter_gen.go defines); a host name's labels
// are a Span and a step back over the bytes that cannot end one, which the
// compiled parser writes out. They read the input string in place from a
// position and return where the run ends.

package syntax

// Run describes the items a run of a repetition is made of, as gen derives
// it from the repeated expression under the edits in force: a byte of
// Class, an escape "%" hex hex when Escapes is set, or one of the byte
// sequences Seqs (the UTF-8 sequences of edit non-ascii's "other"), or
// the UTF-8 encoding of a code point of Runes (RFC 3987's ucschar and
// iprivate). The items start with different bytes (gen checks), so the
// longest item at a place is the only one, and the sequences and
// encodings start with a byte of 0x80 or above (gen checks), so an ASCII
// byte is never the start of one.
type Run struct {
	Class   [256]bool
	Escapes bool
	Seqs    []Seq
	Runes   []RuneRange // in increasing order of Lo, apart
}

// Seq is a byte sequence: one byte set per byte.
type Seq []*[256]bool

// item returns the length of the item of r at s[p] that is not a byte of
// r.Class, or 0 if there is none.
func (r *Run) item(s string, p int) int {
	if s[p] == '%' {
		if r.Escapes && p+2 < len(s) && IsHex(s[p+1]) && IsHex(s[p+2]) {
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
	if r.Runes == nil {
		return 0
	}
	return encodedRuneIn(s, p, r.Runes)
}

// Star returns the end of the longest run of items of r that starts at
// s[p]: it matches zero or more items, and always succeeds. A PEG
// repetition takes the same run, since it never gives back what it took.
// The bytes of r.Class are read here, where the compiler can inline the
// loop into the parser; [starItems] takes the run on from an escape or a
// byte sequence.
func Star(s string, p int, r *Run) int {
	for p < len(s) && r.Class[s[p]] {
		p++
	}
	if p == len(s) || !r.Escapes && r.Seqs == nil && r.Runes == nil {
		return p
	}
	return starItems(s, p, r)
}

// starItems is [Star] from a byte that is not of r.Class.
func starItems(s string, p int, r *Run) int {
	class := &r.Class
	for {
		n := r.item(s, p)
		if n == 0 {
			return p
		}
		p = Span(s, p+n, class)
		if p == len(s) {
			return p
		}
	}
}

// Span returns the end of the run of bytes of class that starts at s[p],
// reading four bytes at a step while it can. It is small enough for the
// compiler to inline into the parsers gen compiles.
func Span(s string, p int, class *[256]bool) int {
	for p+4 <= len(s) {
		q := s[p : p+4]
		if !class[q[0]] || !class[q[1]] || !class[q[2]] || !class[q[3]] {
			break
		}
		p += 4
	}
	for p < len(s) && class[s[p]] {
		p++
	}
	return p
}
