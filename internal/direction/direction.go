// Package direction classifies characters by their strong direction, as
// RFC 3987 section 4.2's rules on bidirectional IRIs tell directions
// apart, from a table gen bidi writes (bidi_gen.go) of
// golang.org/x/text/unicode/bidi's classes. It is a package of its own so
// that the run-time does not import x/text's bidi package and gen, which
// builds with package syntax, does not need the table it writes.
package direction

import "unicode/utf8"

// Direction is a character's strong direction, as RFC 3987 section 4.2
// tells directions apart: left-to-right characters are those of Unicode
// bidirectional class L, right-to-left ones those of classes R (Hebrew and
// the like) and AL (Arabic letters), and every other character is neutral
// (weak or neutral classes: digits, punctuation, ...).
type Direction uint8

// The directions.
const (
	Neutral Direction = iota
	LeftToRight
	RightToLeft
)

// Of classifies r by its Unicode bidirectional class.
func Of(r rune) Direction {
	if r < utf8.RuneSelf {
		// Of US-ASCII only the letters are strong (class L); rfc3987's
		// TestDirectionTables holds this to x/text's classes too.
		if 'a' <= r|0x20 && r|0x20 <= 'z' {
			return LeftToRight
		}
		return Neutral
	}
	// The runs are golang.org/x/text/unicode/bidi's classes, written by
	// gen bidi (bidi_gen.go); rfc3987's TestDirectionTables holds them to
	// x/text. The run holding r is the last that starts at or before it
	// (the first starts at U+0080).
	lo, hi := 1, len(bidiRuns)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(bidiRuns[m]>>2) <= r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return Direction(bidiRuns[lo-1] & 3)
}
