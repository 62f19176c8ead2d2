package syntax

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
