package bnf

import (
	"fmt"
	"unicode/utf8"
)

// MaxCodePoint is the largest value a code-point range may have: the last
// code point of Unicode (U+10FFFF).
const MaxCodePoint = utf8.MaxRune

// ByteRange is the bytes Lo to Hi, both included.
type ByteRange struct{ Lo, Hi byte }

// Sequence is a run of byte ranges, one a byte: it matches a byte string
// of its length whose i-th byte is in its i-th range.
type Sequence []ByteRange

// UTF8Sequences returns the UTF-8 encodings of the code points lo to hi as
// sequences of byte ranges: a string is the encoding of one code point of
// the range exactly when it matches one of them. The sequences are ordered
// by the code points they encode, so no two start with the same bytes.
// Surrogates (U+D800 to U+DFFF) have no UTF-8 encoding and are left out,
// and so are over-long forms, since only the shortest form is an encoding.
// It returns nil when the range holds no code point with an encoding.
func UTF8Sequences(lo, hi rune) []Sequence {
	if lo < 0 {
		lo = 0
	}
	if hi > MaxCodePoint {
		hi = MaxCodePoint
	}
	var out []Sequence
	// Split at the surrogates, then at the lengths of the encoding, so
	// that each piece encodes to sequences of one length.
	for _, piece := range [][2]rune{{lo, min(hi, 0xD7FF)}, {max(lo, 0xE000), hi}} {
		a, b := piece[0], piece[1]
		for _, top := range []rune{0x7F, 0x7FF, 0xFFFF, MaxCodePoint} {
			if a > b {
				break
			}
			if a > top {
				continue
			}
			end := min(b, top)
			out = appendSameLength(out, a, end)
			a = end + 1
		}
	}
	return out
}

// appendSameLength appends the sequences of lo to hi, whose encodings have
// the same length. A range whose encodings differ only in their last byte
// is one sequence; otherwise it is split where the trailing bytes run
// through all of 80-BF, so that each part is a product of byte ranges.
func appendSameLength(out []Sequence, lo, hi rune) []Sequence {
	n := utf8.RuneLen(lo)
	if n == 1 {
		return append(out, Sequence{{byte(lo), byte(hi)}})
	}
	// m is the mask of the low bits that the trailing bytes hold, from
	// the last byte's six up to all continuation bytes.
	for k := 1; k < n; k++ {
		m := rune(1)<<(6*k) - 1
		if lo&^m != hi&^m {
			if lo&m != 0 {
				// lo starts inside a block of size m+1: do the rest of
				// the block first, then from the next block on.
				out = appendSameLength(out, lo, lo|m)
				return appendSameLength(out, (lo|m)+1, hi)
			}
			if hi&m != m {
				// hi ends inside a block: everything before its block,
				// then the block's start up to hi.
				out = appendSameLength(out, lo, (hi&^m)-1)
				return appendSameLength(out, hi&^m, hi)
			}
		}
	}
	var a, b [utf8.UTFMax]byte
	utf8.EncodeRune(a[:], lo)
	utf8.EncodeRune(b[:], hi)
	seq := make(Sequence, n)
	for i := range n {
		seq[i] = ByteRange{a[i], b[i]}
	}
	return append(out, seq)
}

// Bytes returns n with every code-point range below it (a CharRange with
// CodePoints set) replaced by what matches its UTF-8 encodings byte by
// byte: a choice of sequences of byte ranges (see [UTF8Sequences]). The
// other nodes are shared with n, not copied. A consumer that reads a
// grammar one byte at a time (an automaton, a generator of strings) runs
// the result; one that shows the grammar (a diagram, the rule text) shows n.
func Bytes(n *Node) *Node {
	if n.Kind == CharRange && n.CodePoints {
		return utf8Node(rune(n.Min), rune(n.Max))
	}
	var kids []*Node
	for i, c := range n.Children {
		b := Bytes(c)
		if b != c && kids == nil {
			kids = append([]*Node(nil), n.Children...)
		}
		if kids != nil {
			kids[i] = b
		}
	}
	if kids == nil {
		return n
	}
	m := *n
	m.Children = kids
	return &m
}

// BytesOf returns defs with every body lowered by [Bytes]: defs itself
// when no body has a code-point range, a copy otherwise.
func BytesOf(defs []Definition) []Definition {
	copied := false
	for i, d := range defs {
		if b := Bytes(d.Body); b != d.Body {
			if !copied {
				defs, copied = append([]Definition(nil), defs...), true
			}
			defs[i].Body = b
		}
	}
	return defs
}

// utf8Node returns the byte-level node of the code points lo to hi.
func utf8Node(lo, hi rune) *Node {
	var alts []*Node
	for _, seq := range UTF8Sequences(lo, hi) {
		var items []*Node
		for _, r := range seq {
			items = append(items, &Node{Kind: CharRange, Min: int(r.Lo), Max: int(r.Hi)})
		}
		if len(items) == 1 {
			alts = append(alts, items[0])
		} else {
			alts = append(alts, &Node{Kind: Concatenation, Children: items})
		}
	}
	switch len(alts) {
	case 0:
		// Only surrogates: nothing matches. An empty alternation has no
		// meaning downstream, so say it with a range no byte is in.
		return &Node{Kind: Alternation, Children: []*Node{{Kind: CharRange, Min: 0xC0, Max: 0xC0}}}
	case 1:
		return alts[0]
	}
	return &Node{Kind: Alternation, Children: alts}
}

// InRange reports whether s is exactly the UTF-8 encoding of one code point
// of the CharRange n (bytes or code points, as n says).
func (n *Node) InRange(s string) bool {
	if !n.CodePoints {
		return len(s) == 1 && int(s[0]) >= n.Min && int(s[0]) <= n.Max
	}
	r, size := utf8.DecodeRuneInString(s)
	return size == len(s) && (r != utf8.RuneError || size == 3) && int(r) >= n.Min && int(r) <= n.Max
}

// RangeLabel returns how the rule text writes the CharRange n: %x30-39 for
// a byte range, %xA0-D7FF for a code-point range (with at least two hex
// digits, in upper case).
func (n *Node) RangeLabel() string {
	if n.Min == n.Max {
		return fmt.Sprintf("%%x%02X", n.Min)
	}
	return fmt.Sprintf("%%x%02X-%02X", n.Min, n.Max)
}

// StartOfChar returns where an error found at off is to be reported so
// that it never splits a character: off itself, unless off is inside a
// UTF-8 sequence (s[off] is a continuation byte that follows a lead byte
// and at most two continuation bytes of its sequence), or right after a
// sequence that is cut short (by s[off], which cannot continue it, or by
// the end of s); then the offset of that sequence's lead byte. Offsets
// outside s are returned as they are.
func StartOfChar(s string, off int) int {
	if off <= 0 || off > len(s) {
		return off
	}
	for back := 1; back <= utf8.UTFMax-1 && off-back >= 0; back++ {
		c := s[off-back]
		if IsContinuation(c) {
			continue // another continuation byte: look further back
		}
		if leadLength(c) > back {
			return off - back
		}
		return off
	}
	return off
}

// IsContinuation reports whether c is a UTF-8 continuation byte (80-BF):
// a byte that never starts a character.
func IsContinuation(c byte) bool { return c >= 0x80 && c <= 0xBF }

// leadLength returns the length of the sequence a UTF-8 lead byte c
// starts, or 0 if c cannot start one.
func leadLength(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 0
}
