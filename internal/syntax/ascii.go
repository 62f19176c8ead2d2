package syntax

import "unicode/utf8"

// ASCIIPrefix returns the length of the longest US-ASCII prefix of s. It
// tests sixteen bytes at a time, as two words of eight or'ed together (a
// byte of 0x80 or more sets the top bit of its lane), then eight, and the
// last eight of a string of eight or more too, which covers its tail in
// one test: most references are US-ASCII throughout, and the mapping of
// IRIs to URIs scans every one a batch parses.
func ASCIIPrefix(s string) int {
	const high = 0x8080808080808080
	// t is what is left past i: slicing it a block at a time leaves
	// each load one bounds check.
	i, t := 0, s
	for len(t) >= 16 && (Word8(t)|Word8(t[8:16]))&high == 0 {
		i, t = i+16, t[16:]
	}
	if len(t) >= 8 && Word8(t)&high == 0 {
		i += 8
	}
	if len(s)-i < 8 && len(s) >= 8 && Word8(s[len(s)-8:])&high == 0 {
		return len(s)
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}
