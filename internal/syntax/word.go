package syntax

// Word8 returns the first eight bytes of s as a little-endian word, for
// the scans that test eight bytes at a time (an ASCII prefix, bytes a
// JSON string holds as themselves, printable ASCII). It is small enough
// to inline, and with the bounds checked once the compiler reads the
// eight bytes in one load.
func Word8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
