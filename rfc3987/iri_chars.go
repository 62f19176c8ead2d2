package rfc3987

// The character classes of RFC 3987 that lie outside US-ASCII, as code
// point ranges written in the RFC's own ABNF (section 2.2), and the
// bidirectional formatting characters that section 4.1 forbids.

// isUCSChar reports whether r is in ucschar (section 2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	        / %xE1000-EFFFD
//
// It leaves out the C1 controls (U+0080 to U+009F), the surrogates, the
// private use areas (those are iprivate), the noncharacters U+FDD0 to
// U+FDEF and the last two code points of every plane, the specials
// U+FFF0 to U+FFFF, and U+E0000 to U+E0FFF (tags and variation selectors
// supplement).
func isUCSChar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	// Planes 1 to 14: all but the plane's last two code points (xFFFE and
	// xFFFF), which every range of the rule stops short of.
	return r&0xFFFF <= 0xFFFD
}

// isIPrivate reports whether r is in iprivate (section 2.2), which the
// grammar allows in iquery only:
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func isIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF ||
		r >= 0xF0000 && r <= 0xFFFFD ||
		r >= 0x100000 && r <= 0x10FFFD
}

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
	return isUCSChar(r) || inQuery && isIPrivate(r)
}

// isUnreservedASCII reports whether c is in RFC 3986's unreserved:
// ALPHA / DIGIT / "-" / "." / "_" / "~".
func isUnreservedASCII(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
