// Package safetext writes input bytes, whatever they are, safely into
// messages for people: [Line] the line of input an error points into, for
// the ErrorWithPosition methods of packages parser and rfc3986, and
// [Quote] a string quoted with every byte that is not printable ASCII as
// \xNN.
package safetext

import "strings"

// Window is how many bytes of input Line shows on each side of the offset.
const Window = 60

// Line returns the bytes of input within Window of offset, each printable
// ASCII byte as itself and any other as \xNN, with "..." where input goes
// on beyond the window, and the column of offset in that line (its length
// when offset is at or past the end of input).
func Line(input string, offset int) (line string, col int) {
	var b strings.Builder
	off := min(max(offset, 0), len(input))
	begin := max(0, off-Window)
	end := min(len(input), off+Window)
	if begin > 0 {
		b.WriteString("...")
	}
	col = -1
	for i := begin; i < end; i++ {
		if i == off {
			col = b.Len()
		}
		writeSafeByte(&b, input[i])
	}
	if col < 0 {
		col = b.Len()
	}
	if end < len(input) {
		b.WriteString("...")
	}
	return b.String(), col
}

// writeSafeByte writes c as itself when it is printable ASCII, else as
// \xNN.
func writeSafeByte(b *strings.Builder, c byte) {
	if c >= 0x20 && c < 0x7f {
		b.WriteByte(c)
		return
	}
	const hexDigits = "0123456789abcdef"
	b.WriteString(`\x`)
	b.WriteByte(hexDigits[c>>4])
	b.WriteByte(hexDigits[c&15])
}

// Quote returns s in double quotes, with '"' and '\\' escaped by a
// backslash and every byte that is not printable ASCII as \xNN, so that
// any byte string, UTF-8 or not, prints as one line of ASCII.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			writeSafeByte(&b, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
