// This file and escape.go hold the percent-encoding that both RFCs share
// (they were package internal/pct): RFC 2396 section 2.4 calls it
// escaping, RFC 3986 section 2.1 percent-encoding, and both write an
// octet as "%" and two hex digits. Package parser and package uri (the
// RFC 3986 family) build their Escape, Unescape and normalization on it,
// each with the tables of its own grammar ([EscapeGrammar]).

package syntax

import (
	"strings"
	"unicode/utf8"
)

// ByteSet is a set of bytes.
type ByteSet [4]uint64

// Has reports whether c is in s.
func (s *ByteSet) Has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// ByteSetOf returns the set of the bytes of chars.
func ByteSetOf(chars string) ByteSet {
	var s ByteSet
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s[c>>6] |= 1 << (c & 63)
	}
	return s
}

// IsHex reports whether c is a hex digit, of either case.
func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// HexValue returns the value of the hex digit c.
func HexValue(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// UpperHex are the digits both RFCs recommend for encoding: RFC 3986
// section 2.1 says producers should use upper case, and RFC 2396's
// examples do.
const UpperHex = "0123456789ABCDEF"

// DecodePercent replaces every "%" hex hex in s by the octet it encodes and
// returns the result, which may be any bytes, and -1; or, when a "%" is
// not followed by two hex digits, "" and that "%"'s offset.
func DecodePercent(s string) (string, int) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, -1
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		if i+2 >= len(s) || !IsHex(s[i+1]) || !IsHex(s[i+2]) {
			return "", i
		}
		b = append(b, HexValue(s[i+1])<<4|HexValue(s[i+2]))
		i += 2
	}
	return string(b), -1
}

// EscapeTable is what escaping knows of one rule of a grammar: the bytes left
// raw, and for a path rule the separators kept raw.
type EscapeTable struct {
	Raw          ByteSet // bytes left raw
	First        ByteSet // bytes left raw as the first byte
	Keep         ByteSet // path rules: separators passed through raw
	FirstSegment ByteSet // path rules: bytes left raw before the first "/"
	Delims       ByteSet // the component's delimiters: what decoding splits on
	NonEmpty     bool    // the rule does not match the empty string
	// Chars are the characters beyond ASCII left raw, as ranges of code
	// points sorted by Lo (RFC 3987's ucschar, and iprivate in iquery):
	// a valid UTF-8 encoding of one of them is copied; every other byte
	// of 0x80 or above is escaped, so a character outside them is
	// written as its UTF-8 bytes percent-encoded (RFC 3987 section 3.1,
	// step 2). Empty for the URI grammars, which escape every such byte.
	Chars []RuneRange
	// Hex are the sixteen digits Escape writes, by value: those of the
	// grammar's escapes, in upper case where it has both cases (see
	// [UpperHex]); "" means UpperHex.
	Hex string
}

// RuneRange is the code points Lo to Hi, both included.
type RuneRange struct{ Lo, Hi rune }

// rawChar returns the length of the UTF-8 encoding at s[i] of a character
// of t.Chars, or 0 if there is none there.
func (t *EscapeTable) rawChar(s string, i int) int {
	if len(t.Chars) == 0 || s[i] < 0x80 {
		return 0
	}
	return encodedRuneIn(s, i, t.Chars)
}

// encodedRuneIn returns the length of the UTF-8 encoding at s[i] of a code
// point of ranges (sorted by Lo, apart), or 0 if there is none there.
// DecodeRuneInString returns a length of 1 for a byte that does not begin
// a valid encoding (an overlong form, a surrogate, a sequence cut short)
// and the length of the encoding otherwise, U+FFFD's included; ranges are
// few (RFC 3987's ucschar has 17), and most characters are in the first.
func encodedRuneIn(s string, i int, ranges []RuneRange) int {
	r, size := utf8.DecodeRuneInString(s[i:])
	if size == 1 {
		return 0
	}
	for _, g := range ranges {
		if r < g.Lo {
			return 0
		}
		if r <= g.Hi {
			return size
		}
	}
	return 0
}

// EscapeProblem says why Escape could not escape a string for a table's rule.
type EscapeProblem uint8

const (
	// NoProblem: s was escaped.
	NoProblem EscapeProblem = iota
	// EmptyNotAllowed: the rule does not match the empty string.
	EmptyNotAllowed
	// StartsWithSeparator: a path rule that must not start with its
	// separator was given one first.
	StartsWithSeparator
	// MustStartWithSeparator: a path rule that must start with "/" was
	// given something else first.
	MustStartWithSeparator
	// Unrepresentable: the rule has no string with the length or structure
	// given (its separators, kept raw): reported by [EscapeGrammar.Escape].
	Unrepresentable
)

// Escape returns s with every byte t does not leave raw percent-encoded
// (a character of t.Chars is left raw as a whole),
// with the digits of t.Hex (upper case unless the grammar says otherwise),
// so that the result matches t's rule as a whole and [DecodePercent]
// gives s back byte for byte; or the problem that prevents it.
func (t *EscapeTable) Escape(s string) (string, EscapeProblem) {
	if s == "" && t.NonEmpty {
		return "", EmptyNotAllowed
	}
	structured := t.Keep != (ByteSet{})
	if structured && s != "" {
		c := s[0]
		dataFirst := false // the rule may start with data, not only a separator
		for i := range t.First {
			dataFirst = dataFirst || t.First[i]&^t.Keep[i] != 0
		}
		switch {
		case t.Keep.Has(c) && !t.First.Has(c):
			return "", StartsWithSeparator
		case !dataFirst && !t.First.Has(c):
			return "", MustStartWithSeparator
		}
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !t.Raw.Has(s[i]) {
			n++
		}
	}
	hex := t.Hex
	if hex == "" {
		hex = UpperHex
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n + 2)
	inFirstSegment := structured
	for i := 0; i < len(s); i++ {
		c := s[i]
		allowed := &t.Raw
		switch {
		case structured && t.Keep.Has(c):
			if c == '/' {
				inFirstSegment = false
			}
			b.WriteByte(c)
			continue
		case inFirstSegment:
			allowed = &t.FirstSegment
		case i == 0:
			allowed = &t.First
		}
		if allowed.Has(c) {
			b.WriteByte(c)
			continue
		}
		if n := t.rawChar(s, i); n > 0 {
			b.WriteString(s[i : i+n])
			i += n - 1
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String(), NoProblem
}
