// This file is the run-time half of the site's compiled templates:
// the escapers that html/template inserts into the templates'
// pipelines, reimplemented byte for byte, so that the code
// gen render writes from site/templates renders exactly what
// html/template would without linking html/template, text/template or
// reflect into the program.
//
// Each function names the html/template escaper it stands for (the name
// html/template gives it in an escaped template, e.g.
// _html_template_attrescaper). They take a string: the generated code
// turns every other value into one first, as html/template's stringify
// does, and decides at generate time what to do with a value of type
// [HTML], the one content type the site uses.

package safeout

import "strings"

// HTML is markup the program trusts, written into a page as it is:
// html/template's template.HTML, for the compiled templates. Making one
// from a string that is not known to be safe markup is an injection.
type HTML string

// textReplacement is html/template's htmlReplacementTable: what a
// character becomes in text, an attribute value or RCDATA. The other
// bytes, including every byte of a multi-byte or invalid UTF-8 sequence,
// are kept (html/template's htmlReplacer with badRunes set lets every rune
// outside the table through).
var textReplacement = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// normReplacement is html/template's htmlNormReplacementTable: as
// textReplacement without '&', for a value that is already [HTML].
var normReplacement = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// replace writes s to b with each byte that table maps replaced.
func replace(b *strings.Builder, s string, table []string) {
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if int(c) >= len(table) || table[c] == "" {
			continue
		}
		writeString(b, s[written:i])
		writeString(b, table[c])
		written = i + 1
	}
	writeString(b, s[written:])
}

// writeString writes s to b. It is not inlined: strings.Builder's
// WriteString inlined at the writes of replace and processURL weighed
// 2 KB of the playground's WebAssembly module, and at each of
// [SyntaxError.Message]'s writes made Message 11 KB of it instead of 3 KB
// (docs/design-notes.md).
//
//go:noinline
func writeString(b *strings.Builder, s string) { b.WriteString(s) }

// needs reports whether some byte of s is replaced by table.
func needs(s string, table []string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; int(c) < len(table) && table[c] != "" {
			return true
		}
	}
	return false
}

// WriteHTMLText writes plain text s to b escaped as html/template's
// htmlescaper, attrescaper and rcdataescaper escape a string (they
// differ only for [HTML], which the generated code handles itself). It is
// not inlined: the generated renderers call it at every action, and
// inlined there it made the playground's result renderer 6 KB larger in
// WebAssembly (docs/design-notes.md).
//
//go:noinline
func WriteHTMLText(b *strings.Builder, s string) { replace(b, s, textReplacement[:]) }

// HTMLText is s escaped as [WriteHTMLText] writes it.
func HTMLText(s string) string {
	if !needs(s, textReplacement[:]) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	WriteHTMLText(&b, s)
	return b.String()
}

// WriteNormHTML writes [HTML] h to b as html/template's rcdataescaper
// does: the characters of textReplacement but '&', so that the character
// references already in h stay as they are.
func WriteNormHTML(b *strings.Builder, h HTML) { replace(b, string(h), normReplacement[:]) }

// NormHTML is h escaped as [WriteNormHTML] writes it.
func NormHTML(h HTML) string {
	if !needs(string(h), normReplacement[:]) {
		return string(h)
	}
	var b strings.Builder
	WriteNormHTML(&b, h)
	return b.String()
}

// UnsafeURL is what [FilterURL] puts in place of a URL with a scheme other
// than http, https or mailto (html/template's filterFailsafe).
const UnsafeURL = "ZgotmplZ"

// FilterURL is html/template's urlfilter for a string that is not a
// template.URL: s itself when it has no scheme (no ":" before the first
// "/") or its scheme is http, https or mailto (in any case), else
// "#ZgotmplZ".
func FilterURL(s string) string {
	if protocol, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(protocol, "/") {
		if !strings.EqualFold(protocol, "http") && !strings.EqualFold(protocol, "https") && !strings.EqualFold(protocol, "mailto") {
			return "#" + UnsafeURL
		}
	}
	return s
}

// NormalizeURL is html/template's urlnormalizer for a string that is not
// a template.URL: every byte but the unreserved characters, the reserved
// ones and the "%" of a valid escape written as %xx (lower-case hex).
func NormalizeURL(s string) string { return processURL(s, true) }

// EscapeURL is html/template's urlescaper for a string that is not a
// template.URL: every byte but ALPHA, DIGIT, "-", ".", "_" and "~"
// written as %xx (lower-case hex), as for a query parameter.
func EscapeURL(s string) string { return processURL(s, false) }

// processURL is html/template's processURLOnto: norm keeps the reserved
// characters and valid escapes.
func processURL(s string, norm bool) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']':
			if norm {
				continue
			}
		case '-', '.', '_', '~':
			continue
		case '%':
			if norm && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				continue
			}
		default:
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				continue
			}
		}
		if written == 0 {
			b.Grow(len(s) + 16)
		}
		writeString(&b, s[written:i])
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
		written = i + 1
	}
	if written == 0 {
		return s
	}
	writeString(&b, s[written:])
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// stringReplacement is text/template's HTMLEscapeString's table: the
// characters of textReplacement but '+'.
var stringReplacement = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// WriteHTMLString writes s to b as html/template's HTMLEscapeString escapes
// it: NUL, '"', '&', '\”, '<' and '>' replaced, the rest as is. It is
// for markup written by hand into an [HTML] value.
func WriteHTMLString(b *strings.Builder, s string) { replace(b, s, stringReplacement[:]) }

// EscapeHTMLString is s escaped as [WriteHTMLString] writes it.
func EscapeHTMLString(s string) string {
	if !needs(s, stringReplacement[:]) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	WriteHTMLString(&b, s)
	return b.String()
}
