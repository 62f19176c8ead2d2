package syntax

import "strings"

// BidiFormattingAt reports whether s[i:] begins with one of the seven
// bidirectional formatting characters that RFC 3987 section 4.1 says IRIs
// MUST NOT contain: LRM and RLM (U+200E, U+200F), LRE, RLE, PDF, LRO and
// RLO (U+202A to U+202E). All seven are three bytes in UTF-8, E2 80 and
// one of 8E, 8F, AA-AE. The isolates U+2066 to U+2069, added to Unicode
// after RFC 3987, are not in its list and are not included.
func BidiFormattingAt[T string | []byte](s T, i int) bool {
	if i < 0 || len(s)-i < 3 || s[i] != 0xe2 || s[i+1] != 0x80 {
		return false
	}
	c := s[i+2]
	return c == 0x8e || c == 0x8f || 0xaa <= c && c <= 0xae
}

// IndexBidiFormatting returns the byte offset of the first of the seven
// characters of [BidiFormattingAt] in s, or -1: the rule of RFC 3987
// section 4.1's prose that its grammar holds every IRI to (the edit
// bidi-formatting lifts it). Only the characters count, not their
// percent-encodings, and octets that are not UTF-8 are skipped.
func IndexBidiFormatting(s string) int {
	// All seven are three octets in UTF-8, starting 0xE2 0x80. Most
	// references have no 0xE2 at all, which IndexByte finds out with
	// less work a call than a search for the pair.
	for i := 0; ; i++ {
		j := strings.IndexByte(s[i:], 0xe2)
		if j < 0 {
			return -1
		}
		i += j
		if BidiFormattingAt(s, i) {
			return i
		}
	}
}

// BidiFormattingName returns the Unicode name of r when r is one of the
// seven characters of [BidiFormattingAt], and "" otherwise.
func BidiFormattingName(r rune) string {
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
