package document

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// A document is read as bytes of an ASCII-compatible encoding (UTF-8,
// ISO 8859-1, ...): a URI reference is ASCII, and in such an encoding its
// bytes are its characters. UTF-16 and UTF-32 write each ASCII character
// with NUL bytes beside it, so a reader of bytes would find nothing in
// them and say nothing; a document known to be in one is refused instead,
// by its byte order mark or, for a MIME part, its charset parameter.

// wideBOMs are the byte order marks of UTF-32 and UTF-16, the longer
// first (UTF-32LE's starts as UTF-16LE's).
var wideBOMs = []struct {
	bom, name string
}{
	{"\x00\x00\xfe\xff", "UTF-32BE"},
	{"\xff\xfe\x00\x00", "UTF-32LE"},
	{"\xfe\xff", "UTF-16BE"},
	{"\xff\xfe", "UTF-16LE"},
}

// wideEncodingError is the error of a document in encoding, found so
// (by its byte order mark, or its charset parameter).
func wideEncodingError(kind Kind, part, encoding, how string) error {
	return &FormatError{Kind: kind, Part: part, Err: fmt.Errorf("the text is %s (%s), which is not read: only encodings in which ASCII is one byte a character are (UTF-8, ISO 8859-1, ...); convert it to UTF-8 (iconv -f %s -t UTF-8)", encoding, how, encoding)}
}

// checkBOM returns a reader of what r holds and, when r starts with the
// byte order mark of UTF-16 or UTF-32, the *FormatError that says so. It
// reads the first four bytes itself (a shorter input is looked at whole,
// and a read error comes from the reader it returns, where it came) rather
// than buffer r: a document is read once, in blocks of its reader's own.
func checkBOM(r io.Reader, kind Kind, part string) (io.Reader, error) {
	var head [4]byte
	n, err := io.ReadFull(r, head[:])
	rest := r
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		rest = errReader{err}
	}
	out := io.MultiReader(bytes.NewReader(head[:n]), rest)
	for _, b := range wideBOMs {
		if strings.HasPrefix(string(head[:n]), b.bom) {
			return out, wideEncodingError(kind, part, b.name, fmt.Sprintf("byte order mark % X", b.bom))
		}
	}
	return out, nil
}

// errReader is a reader whose every Read fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// wideCharset returns the name of the encoding a MIME charset parameter
// names when it is UTF-16 or UTF-32 (or their older names, UCS-2 and
// UCS-4), else "".
func wideCharset(charset string) string {
	c := strings.ToLower(strings.TrimSpace(charset))
	for _, prefix := range []string{"utf-16", "utf-32", "ucs-2", "ucs-4", "iso-10646-ucs-2", "iso-10646-ucs-4", "csunicode"} {
		if strings.HasPrefix(c, prefix) {
			return strings.ToUpper(c)
		}
	}
	return ""
}
