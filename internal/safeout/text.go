// This file writes input bytes, whatever they are, safely into
// messages for people: [Char] the byte an error points at, [Line] the line
// of input around it (UTF-8 text as itself, any other byte a terminal
// would act on as \xNN), for the errors of packages parser and rfc3986, and
// [Quote] a string quoted with every byte that is not printable ASCII as
// \xNN.

package safeout

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
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
	if r == utf8.RuneError && n == 1 {
		// U+FFFD itself, written in the input (EF BF BD), is UTF-8.
		return fmt.Sprintf("byte 0x%02X (not UTF-8)", c)
	}
	return fmt.Sprintf("non-ASCII character %s (U+%04X, bytes % X; %s)", strconv.QuoteToASCII(string(r)), r, input[offset:offset+n], nonASCII)
}

// Window is how many bytes of input Line shows on each side of the offset.
const Window = 60

// Line returns the bytes of input within Window of offset (widened to
// whole UTF-8 characters), as a terminal can show them: printable ASCII
// and UTF-8 characters from U+00A0 on as themselves, every other byte
// (controls, C1 controls, bytes that are not UTF-8) as \xNN, with "..."
// where input goes on beyond the window; and the column of offset in
// that line, in terminal cells (see [Cells]; its width when offset is at
// or past the end of input), for a caret under it.
func Line(input string, offset int) (line string, col int) {
	var b strings.Builder
	off := min(max(offset, 0), len(input))
	begin := max(0, off-Window)
	for begin < off && !utf8.RuneStart(input[begin]) {
		begin++
	}
	end := min(len(input), off+Window)
	for end < len(input) && !utf8.RuneStart(input[end]) && end-off < Window+utf8.UTFMax {
		end++
	}
	if begin > 0 {
		b.WriteString("...")
	}
	col = -1
	for i := begin; i < end; {
		if col < 0 && i >= off {
			col = Cells(b.String())
		}
		r, size := utf8.DecodeRuneInString(input[i:end])
		if shownAsIs(r, size) {
			b.WriteString(input[i : i+size])
			i += size
			continue
		}
		writeSafeByte(&b, input[i])
		i++
	}
	if col < 0 {
		col = Cells(b.String())
	}
	if end < len(input) {
		b.WriteString("...")
	}
	return b.String(), col
}

// shownAsIs reports whether the character r, size bytes of input, is
// shown as itself by [Line]: printable ASCII, or valid UTF-8 for a
// character from U+00A0 on that is not a format character (such as the
// bidirectional overrides, which would reorder the line around them) or
// a line or paragraph separator. The C1 controls U+0080 to U+009F are
// not shown either.
func shownAsIs(r rune, size int) bool {
	if r < utf8.RuneSelf {
		return r >= 0x20 && r < 0x7f
	}
	return r >= 0xa0 && !(r == utf8.RuneError && size == 1) && !unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// ShownAsIs reports whether a terminal writer shows the UTF-8 character r
// (of size bytes; utf8.RuneError of size 1 for a byte that is not UTF-8)
// as itself rather than as \xNN a byte: as [Line] does.
func ShownAsIs(r rune, size int) bool { return shownAsIs(r, size) }

// Cells returns how many terminal cells s takes when shown as a terminal
// writer shows output (printable ASCII, tab and UTF-8 from U+00A0 on as
// themselves, any other byte as the four characters \xNN): one a
// character, two for an East Asian wide or fullwidth one, none for a
// combining mark. It is what a caret under a byte of s is indented by.
func Cells(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f || c == '\t' {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case !shownAsIs(r, size):
			n += 4 * size // \xNN a byte
		case unicode.In(r, unicode.Mn, unicode.Me):
		case wide(r):
			n += 2
		default:
			n++
		}
		i += size
	}
	return n
}

// wide reports whether r takes two cells on a terminal: the East Asian
// wide and fullwidth blocks of Unicode's EastAsianWidth.txt, by block.
func wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115f, // Hangul Jamo leading consonants
		0x2e80 <= r && r <= 0x303e, // CJK radicals, symbols and punctuation
		0x3041 <= r && r <= 0x33ff, // kana, bopomofo, CJK compatibility
		0x3400 <= r && r <= 0x4dbf, // CJK extension A
		0x4e00 <= r && r <= 0x9fff, // CJK unified ideographs
		0xa000 <= r && r <= 0xa4cf, // Yi
		0xac00 <= r && r <= 0xd7a3, // Hangul syllables
		0xf900 <= r && r <= 0xfaff, // CJK compatibility ideographs
		0xfe30 <= r && r <= 0xfe4f, // CJK compatibility forms
		0xff00 <= r && r <= 0xff60, // fullwidth forms
		0xffe0 <= r && r <= 0xffe6,
		0x1f300 <= r && r <= 0x1f64f, // pictographs, emoticons
		0x1f900 <= r && r <= 0x1f9ff,
		0x20000 <= r && r <= 0x3fffd: // CJK extensions B on
		return true
	}
	return false
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
