package document

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16LE is s in UTF-16LE with its byte order mark.
func utf16LE(s string) string {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

// TestWideEncodings: a document or MIME part in UTF-16 or UTF-32, known
// by its byte order mark or charset parameter, is a *FormatError that
// names the encoding (read as bytes, it would give no reference and no
// error); the parts before one are read. ASCII-compatible text, a UTF-8 byte order mark included, is
// read.
func TestWideEncodings(t *testing.T) {
	const link = "see <http://a.example/x> and [y](http://b.example/) <a href=\"http://c.example/\">\n"
	mime := func(header, body string) string {
		return "MIME-Version: 1.0\r\n" + header + "\r\n\r\n" + body
	}
	for _, c := range []struct {
		name string
		kind Kind
		in   string
		err  string // a part of the error, or "" for none
		refs int    // the references emitted (before the error, if any)
	}{
		{"text, UTF-16LE", Text, utf16LE(link), "text: the text is UTF-16LE (byte order mark FF FE)", 0},
		{"HTML, UTF-16BE", HTML, "\xfe\xff\x00<\x00a", "html: the text is UTF-16BE (byte order mark FE FF)", 0},
		{"Markdown, UTF-32LE", Markdown, "\xff\xfe\x00\x00[\x00\x00\x00", "markdown: the text is UTF-32LE (byte order mark FF FE 00 00)", 0},
		{"text, UTF-32BE", Text, "\x00\x00\xfe\xff\x00\x00\x00<", "the text is UTF-32BE", 0},
		{"text, a lone FF", Text, "\xff", "", 0},
		{"text, UTF-8 byte order mark", Text, "\xef\xbb\xbf" + link, "", 2},
		{"HTML, no mark", HTML, link, "", 1},
		{"MIME, charset UTF-16", MIME, mime("Content-Type: text/plain; charset=UTF-16", "<\x00h\x00"), "mime part 0: the text is UTF-16 (its charset parameter)", 0},
		{"MIME, charset utf-32le, HTML", MIME, mime("Content-Type: text/html; charset=\"utf-32le\"", ""), "the text is UTF-32LE", 0},
		{"MIME, byte order mark", MIME, mime("Content-Type: text/plain", utf16LE(link)), "mime part 0: the text is UTF-16LE (byte order mark FF FE)", 0},
		{"MIME, in a multipart", MIME, mime("Content-Type: multipart/mixed; boundary=b", "--b\r\nContent-Type: text/plain\r\n\r\n"+link+"\r\n--b\r\nContent-Type: text/plain; charset=ucs-2\r\n\r\nx\r\n--b--\r\n"), "mime part 2: the text is UCS-2", 2},
		{"MIME, csUCS4", MIME, mime("Content-Type: text/plain; charset=csUCS4", ""), "the text is ISO-10646-UCS-4", 0},
		{"MIME, csUnicode11UTF7 is ASCII-compatible", MIME, mime("Content-Type: text/plain; charset=csUnicode11UTF7", link), "", 2},
		{"MIME, an unknown name that starts as UTF-16", MIME, mime("Content-Type: text/plain; charset=utf-16x", link), "", 2},
		{"MIME, ISO 8859-1", MIME, mime("Content-Type: text/plain; charset=iso-8859-1", "caf\xe9 "+link), "", 2},
		{"MIME, an image with a charset", MIME, mime("Content-Type: image/png; charset=utf-16", "\xff\xfe"), "", 0},
	} {
		n := 0
		err := Read(strings.NewReader(c.in), c.kind, Options{}, func(*Reference) error { n++; return nil })
		var fe *FormatError
		switch {
		case c.err != "" && (!errors.As(err, &fe) || !strings.Contains(err.Error(), c.err) || n != c.refs):
			t.Errorf("%s: error %v, %d references; want a *FormatError with %q after %d", c.name, err, n, c.err, c.refs)
		case c.err == "" && (err != nil || n != c.refs):
			t.Errorf("%s: error %v, %d references; want none and %d", c.name, err, n, c.refs)
		}
	}
}
