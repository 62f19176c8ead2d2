package rfc3987

import (
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/rfc3987/grammar"
)

// The characters outside US-ASCII that an IRI may hold unencoded: those
// of the grammar's ucschar and iprivate (section 2.2), asked of their
// automata, and not the bidirectional formatting characters that
// section 4.1 forbids.

// bidiFormattingName returns the name of r when r is one of the seven
// bidirectional formatting characters that section 4.1 says IRIs MUST
// NOT contain (LRM, RLM, LRE, RLE, LRO, RLO and PDF), and "" otherwise.
// All seven are in ucschar, so the ABNF admits them; only the prose of
// section 4.1 rules them out. The isolates U+2066 to U+2069, added to
// Unicode after RFC 3987, are not in its list and are not included.
func bidiFormattingName(r rune) string {
	switch r {
	case 0x200E:
		return "LEFT-TO-RIGHT MARK"
	case 0x200F:
		return "RIGHT-TO-LEFT MARK"
	case 0x202A:
		return "LEFT-TO-RIGHT EMBEDDING"
	case 0x202B:
		return "RIGHT-TO-LEFT EMBEDDING"
	case 0x202C:
		return "POP DIRECTIONAL FORMATTING"
	case 0x202D:
		return "LEFT-TO-RIGHT OVERRIDE"
	case 0x202E:
		return "RIGHT-TO-LEFT OVERRIDE"
	}
	return ""
}

// allowedDecoded reports whether r, a non-ASCII character, may appear
// unencoded in an IRI: in the query (inQuery) or elsewhere. It is the
// test of step 4 of section 3.2 for the rules of sections 2.2 (ucschar
// everywhere that iunreserved is allowed, iprivate in iquery only) and
// 4.1 (no bidirectional formatting characters). Section 6.1's advice
// against look-alike characters names no definite set, so it is not
// applied.
func allowedDecoded(r rune, inQuery bool) bool {
	if bidiFormattingName(r) != "" {
		return false
	}
	var b [utf8.UTFMax]byte
	c := string(utf8.AppendRune(b[:0], r))
	return grammar.Match(grammar.RuleUcschar, c) || inQuery && grammar.Match(grammar.RuleIprivate, c)
}
