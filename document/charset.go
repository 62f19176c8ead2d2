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

// wideCharsets are the charset names of IANA's Character Sets registry
// whose encodings write an ASCII character in two or four bytes, each
// with its aliases, and the older UCS-2 and UCS-4, lowercased; a name
// maps to its registry name. Matched whole: UNICODE-1-1-UTF-7
// (csUnicode11UTF7) is ASCII-compatible and read, though it shares a
// prefix with csUnicode11.
var wideCharsets = map[string]string{
	"utf-16": "UTF-16", "csutf16": "UTF-16",
	"utf-16be": "UTF-16BE", "csutf16be": "UTF-16BE",
	"utf-16le": "UTF-16LE", "csutf16le": "UTF-16LE",
	"utf-32": "UTF-32", "csutf32": "UTF-32",
	"utf-32be": "UTF-32BE", "csutf32be": "UTF-32BE",
	"utf-32le": "UTF-32LE", "csutf32le": "UTF-32LE",
	"iso-10646-ucs-2": "ISO-10646-UCS-2", "csunicode": "ISO-10646-UCS-2", "ucs-2": "UCS-2",
	"iso-10646-ucs-4": "ISO-10646-UCS-4", "csucs4": "ISO-10646-UCS-4", "ucs-4": "UCS-4",
	"unicode-1-1": "UNICODE-1-1", "csunicode11": "UNICODE-1-1",
	"iso-10646-ucs-basic": "ISO-10646-UCS-Basic", "csunicodeascii": "ISO-10646-UCS-Basic",
	"iso-10646-unicode-latin1": "ISO-10646-Unicode-Latin1", "csunicodelatin1": "ISO-10646-Unicode-Latin1", "iso-10646": "ISO-10646-Unicode-Latin1",
	"iso-10646-j-1": "ISO-10646-J-1", "csunicodejapanese": "ISO-10646-J-1",
	"iso-unicode-ibm-1261": "ISO-Unicode-IBM-1261", "csunicodeibm1261": "ISO-Unicode-IBM-1261",
	"iso-unicode-ibm-1264": "ISO-Unicode-IBM-1264", "csunicodeibm1264": "ISO-Unicode-IBM-1264",
	"iso-unicode-ibm-1265": "ISO-Unicode-IBM-1265", "csunicodeibm1265": "ISO-Unicode-IBM-1265",
	"iso-unicode-ibm-1268": "ISO-Unicode-IBM-1268", "csunicodeibm1268": "ISO-Unicode-IBM-1268",
	"iso-unicode-ibm-1276": "ISO-Unicode-IBM-1276", "csunicodeibm1276": "ISO-Unicode-IBM-1276",
}

// wideCharset returns the registry name of the encoding a MIME charset
// parameter names when it writes ASCII in more than one byte a character
// ([wideCharsets]), else "". Charset names are case-insensitive (RFC
// 2046 section 4.1.2).
func wideCharset(charset string) string {
	return wideCharsets[strings.ToLower(strings.TrimSpace(charset))]
}
