// Package safetext writes input bytes, whatever they are, safely into
// messages for people: [Char] the byte an error points at, [Line] the line
// of input around it, for the errors of packages parser and rfc3986, and
// [Quote] a string quoted with every byte that is not printable ASCII as
// \xNN.
package safetext

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// asciiNames names the ASCII control characters.
var asciiNames = [...]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "backspace", "tab", "line feed", "VT", "form feed", "carriage return", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "escape", "FS", "GS", "RS", "US",
}

// Char describes the byte of input at offset for display, safely:
// printable ASCII is quoted ("character ' '"), a control character is named
// by its code point ("control character U+0009 (tab)"), a valid UTF-8
// sequence is shown with its code point and bytes, followed by nonASCII
// ("non-ASCII character "\u00e9" (U+00E9, bytes C3 A9; it must be
// escaped)"), and any other byte in hex ("byte 0xFF (not UTF-8)"). At or
// past the end of input it is "end of input".
func Char(input string, offset int, nonASCII string) string {
	if offset >= len(input) {
		return "end of input"
	}
	c := input[offset]
	switch {
	case c >= 0x20 && c < 0x7f:
		return "character '" + input[offset:offset+1] + "'"
	case c < 0x20:
		return fmt.Sprintf("control character U+%04X (%s)", c, asciiNames[c])
	case c == 0x7f:
		return "control character U+007F (DEL)"
	}
	r, n := utf8.DecodeRuneInString(input[offset:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02X (not UTF-8)", c)
	}
	return fmt.Sprintf("non-ASCII character %s (U+%04X, bytes % X; %s)", strconv.QuoteToASCII(string(r)), r, input[offset:offset+n], nonASCII)
}

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
	b.Write([]byte{'\\', 'x', hexDigits[c>>4], hexDigits[c&15]})
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
