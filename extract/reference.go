package extract

import (
	"slices"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/parser"
)

// Delimiter tells how a reference was delimited in the text (Appendix E).
type Delimiter uint8

const (
	// Bare: delimited by whitespace or punctuation.
	Bare Delimiter = iota
	// Angle: written inside "<" and ">".
	Angle
	// Quote: written inside double quotes.
	Quote
)

// Code returns a short stable name for machines: "bare", "angle" or
// "quote".
func (d Delimiter) Code() string {
	switch d {
	case Angle:
		return "angle"
	case Quote:
		return "quote"
	}
	return "bare"
}

// String describes d for people.
func (d Delimiter) String() string {
	switch d {
	case Angle:
		return "angle brackets"
	case Quote:
		return "double quotes"
	}
	return "whitespace"
}

// Reference is one URI reference found in a text.
type Reference struct {
	// Offset and End are the byte span of Text in the input. The span
	// excludes the delimiters and a "URL:" prefix.
	Offset, End int
	// Line and Column locate Offset: both 1-based, the column counted in
	// bytes from the start of the line (a tab or a multi-byte character
	// counts as its bytes).
	Line, Column int
	// Text is the reference as written: the input's bytes from Offset to
	// End. Inside angle brackets it may contain whitespace and line
	// breaks.
	Text string
	// URI is the reference after Appendix E's clean-up: whitespace removed
	// (angle brackets only); a hyphen at a line break is kept.
	URI string
	// Delimiter is how the reference was delimited.
	Delimiter Delimiter
	// Err is nil when URI is a URI-reference under RFC 2396 Appendix A, and
	// otherwise the *parser.Error saying where and why it is not (its
	// Offset is into URI, not into the input; see InputOffset).
	Err *parser.Error
	// Alternative is the other reading when a hyphen stood at a line break
	// inside angle brackets: URI without those hyphens (Appendix E). It is
	// empty when there is no other reading.
	Alternative string
	// AlternativeErr is the verdict on Alternative, as Err is on URI.
	AlternativeErr *parser.Error
	// Notes lists the clean-up steps taken and the ambiguities seen.
	Notes []Note
}

// Valid reports whether URI is a URI-reference under RFC 2396 Appendix A.
// A nil *Reference is not valid.
func (r *Reference) Valid() bool { return r != nil && r.Err == nil }

// InputOffset maps a byte offset in r.URI (such as r.Err.Offset) to the
// byte offset in the input where that byte of the reference was written.
// The end of URI, and any offset past it, maps to End; a negative offset
// maps to Offset. A nil *Reference gives -1.
func (r *Reference) InputOffset(uriOffset int) int {
	if r == nil {
		return -1
	}
	if uriOffset < 0 {
		return r.Offset
	}
	if r.URI == r.Text {
		if uriOffset > len(r.URI) {
			return r.End
		}
		return r.Offset + uriOffset
	}
	n := 0
	for i := 0; i < len(r.Text); {
		if isSpace(r.Text[i]) {
			e, brk := i, false
			for e < len(r.Text) && isSpace(r.Text[e]) {
				brk = brk || r.Text[e] == '\n' || r.Text[e] == '\r'
				e++
			}
			if brk {
				i = e
				continue
			}
		}
		if n == uriOffset {
			return r.Offset + i
		}
		n++
		i++
	}
	return r.End
}

// NoteKind names a clean-up step or an ambiguity that a Note records.
type NoteKind uint8

const (
	// NoteURLPrefix: a "URL:" prefix was dropped (Appendix E).
	NoteURLPrefix NoteKind = iota + 1
	// NoteWhitespaceRemoved: whitespace inside angle brackets was removed
	// (Appendix E).
	NoteWhitespaceRemoved
	// NoteHyphenLineBreak: a line break came right after a hyphen inside
	// angle brackets; the hyphen may or may not belong to the URI
	// (Appendix E). The hyphen is kept; Reference.Alternative is the
	// reading without it.
	NoteHyphenLineBreak
	// NoteTrailingPunctuation: sentence punctuation after a bare reference
	// was not taken as part of it.
	NoteTrailingPunctuation
	// NoteHyphenAtLineEnd: a bare reference ends with a hyphen at the end
	// of a line; it may continue on the next line.
	NoteHyphenAtLineEnd
)

// Code returns a short stable name for machines, e.g. "url-prefix".
func (k NoteKind) Code() string {
	switch k {
	case NoteURLPrefix:
		return "url-prefix"
	case NoteWhitespaceRemoved:
		return "whitespace-removed"
	case NoteHyphenLineBreak:
		return "hyphen-line-break"
	case NoteTrailingPunctuation:
		return "trailing-punctuation"
	case NoteHyphenAtLineEnd:
		return "hyphen-at-line-end"
	}
	return "unknown"
}

// String describes k for people.
func (k NoteKind) String() string {
	switch k {
	case NoteURLPrefix:
		return `"URL:" prefix dropped (Appendix E)`
	case NoteWhitespaceRemoved:
		return "whitespace inside angle brackets removed (Appendix E)"
	case NoteHyphenLineBreak:
		return "line break right after a hyphen: the hyphen may or may not be part of the URI (Appendix E); it is kept"
	case NoteTrailingPunctuation:
		return "trailing punctuation taken as part of the sentence, not of the URI"
	case NoteHyphenAtLineEnd:
		return "ends with a hyphen at a line break: it may continue on the next line (Appendix E recommends angle brackets for such URIs)"
	}
	return "unknown note"
}

// Note records one clean-up step or ambiguity of a Reference.
type Note struct {
	Kind NoteKind
	// Offset is the byte offset in the input the note is about: the
	// prefix, the first removed byte, the hyphen, the first dropped
	// punctuation byte.
	Offset int
	// Detail is what was dropped (the prefix, the punctuation) or, for
	// NoteHyphenLineBreak, the reading without the hyphens.
	Detail string
}

// String describes the note for people.
func (n Note) String() string {
	switch n.Kind {
	case NoteURLPrefix, NoteTrailingPunctuation:
		return n.Kind.String() + ": " + safeout.Quote(n.Detail)
	case NoteHyphenLineBreak:
		return n.Kind.String() + "; without it: " + safeout.Quote(n.Detail)
	}
	return n.Kind.String()
}

// Option changes what Find recognises.
type Option func(*config)

type config struct {
	relativeInQuotes bool
}

// WithRelative makes Find report relative references written in double
// quotes too, as in href="../x". Without it, relative references are
// reported only inside angle brackets.
func WithRelative() Option { return func(c *config) { c.relativeInQuotes = true } }

// KnownSchemes returns a new slice of the schemes that the word:word guard
// never rejects: those of RFC 1738 and RFC 2396's examples, and a few in
// common use. Candidates with other schemes are reported too, unless they
// look like prose (see the package documentation). Changing the slice
// changes nothing in [Find].
func KnownSchemes() []string { return slices.Clone(knownSchemes) }

// knownSchemes is what KnownSchemes returns; it is never modified.
var knownSchemes = []string{
	"about", "data", "file", "ftp", "gopher", "http", "https", "im", "irc", "ldap",
	"mailto", "mid", "cid", "news", "nntp", "pop", "pres", "prospero", "rtsp", "sip",
	"sips", "snmp", "tel", "telnet", "tftp", "urn", "wais", "ws", "wss", "xmpp",
}
