package main

import (
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// pointlander/peg v1.0.1 and code points. peg reads a grammar's \0xHHHH
// escapes as runes (AddHexaCharacter) and its parsers compare
// buffer[position] with rune constants over []rune(Buffer): a class
// [\0xA0-\0xD7FF] would match one rune of that range, an input that is
// not UTF-8 would be read as U+FFFD (which RFC 3987's ucschar holds), and
// token positions would count runes. gen patch makes the parsers read the
// input string in place, one byte a rune, so positions are byte offsets
// and no input is decoded; a class beyond 0xFF would then test a byte
// against a code point. A code-point range is therefore written in a PEG
// file as what matches its UTF-8 encodings byte by byte, which utf8PEG
// writes: exactly the encodings of the range's code points, never a
// surrogate, an over-long form or a sequence cut short.

// utf8PEG returns a PEG choice that matches exactly the UTF-8 encodings of
// the code points lo to hi, one byte a character: a sequence of byte
// classes for each of bnf.UTF8Sequences, in pointlander/peg's syntax, as
// edits/non-ascii.peg writes its UTF-8. The alternatives start with
// different bytes, so their order does not matter to a PEG.
func utf8PEG(lo, hi rune) string {
	var alts []string
	for _, seq := range bnf.UTF8Sequences(lo, hi) {
		var items []string
		for _, r := range seq {
			switch {
			case r.Lo == r.Hi:
				items = append(items, "'"+escapeChar(r.Lo, false)+"'")
			default:
				items = append(items, "["+escapeChar(r.Lo, true)+"-"+escapeChar(r.Hi, true)+"]")
			}
		}
		alts = append(alts, strings.Join(items, " "))
	}
	if len(alts) == 0 {
		return "!." + " ." // nothing: only surrogates
	}
	return strings.Join(alts, " / ")
}
