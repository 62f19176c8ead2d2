package parser

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar"
)

// Gap names a place where RFC 2396's own grammar is silent, contradicts the
// RFC's examples, or has been amended since. An Error whose input runs into
// one says so, so that a caller can tell "the RFC says no" from "the RFC
// says no, but its own examples or a later RFC say yes".
type Gap int

const (
	// NoGap: the error is a plain violation of Appendix A.
	NoGap Gap = iota
	// GapEmptyRelativePath: a reference such as "?y" that has a query but no
	// path. relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
	// has no empty path, so Appendix A does not derive it, yet Appendix C
	// resolves "?y" to "http://a/b/c/?y". Resolve accepts it and says so.
	GapEmptyRelativePath
	// GapIPv6Literal: "[" or "]". They are "unwise" characters (section
	// 2.4.3), so IPv6 literals such as "[::1]" are not RFC 2396; RFC 2732
	// amended the grammar to allow them.
	GapIPv6Literal
)

func (g Gap) String() string {
	switch g {
	case GapEmptyRelativePath:
		return `a reference with a query and no path ("?y") is not a URI-reference under Appendix A (relativeURI has no empty path), although Appendix C resolves "?y"; this is a known gap of RFC 2396`
	case GapIPv6Literal:
		return `"[" and "]" are unwise characters in RFC 2396 (section 2.4.3): IPv6 literals are not RFC 2396 syntax (RFC 2732 added them later)`
	}
	return ""
}

// Error reports a string that does not match an Appendix A rule: where the
// first character is that no valid parse can include, what that character
// is, which rule was being matched there, and what would have been allowed.
type Error struct {
	// Input is the string that was checked.
	Input string
	// Start is the rule the whole input was checked against, usually
	// grammar.RuleURIReference.
	Start grammar.Rule
	// Offset is the byte offset of the first byte that no string of Start's
	// language can have there: every valid string that starts like
	// Input[:Offset] continues differently. Offset == len(Input) means the
	// input ended too early.
	Offset int
	// Rule is the innermost rule, above the character level, that the
	// preferred reading of Input[:Offset] was inside; Path lists the rules
	// from Start down to Rule.
	Rule grammar.Rule
	Path []grammar.Rule
	// Expected describes what could have come at Offset, e.g.
	// `pchar, ";", "/", "?" or "#"`.
	Expected string
	// Gap is the known gap of RFC 2396 that the input runs into, if any.
	Gap Gap
}

// AtEnd reports whether the input ended before the rule was complete.
func (e *Error) AtEnd() bool { return e.Offset >= len(e.Input) }

// Char describes the offending character for display, safely: printable
// ASCII is quoted ('a'), other bytes are written in hex, and a valid UTF-8
// sequence is shown with its code point, e.g. 'é' (U+00E9, bytes C3 A9).
func (e *Error) Char() string {
	if e.AtEnd() {
		return "end of input"
	}
	c := e.Input[e.Offset]
	switch {
	case c >= 0x20 && c < 0x7f:
		return fmt.Sprintf("'%c'", c)
	case c < 0x80:
		return fmt.Sprintf("control character %#02x", c)
	}
	r, n := utf8.DecodeRuneInString(e.Input[e.Offset:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte %#02x (not UTF-8)", c)
	}
	return fmt.Sprintf("%q (U+%04X, bytes % X; non-ASCII characters must be escaped)", r, r, e.Input[e.Offset:e.Offset+n])
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("rfc2396: ")
	if e.Start != grammar.RuleURIReference {
		fmt.Fprintf(&b, "not a valid %s: ", e.Start)
	}
	fmt.Fprintf(&b, "offset %d: ", e.Offset)
	if e.AtEnd() {
		b.WriteString("unexpected end of input")
	} else {
		b.WriteString("invalid character ")
		b.WriteString(e.Char())
	}
	fmt.Fprintf(&b, " in %s", e.Rule)
	if e.Expected != "" {
		b.WriteString("; expected ")
		b.WriteString(e.Expected)
	}
	if e.Gap != NoGap {
		b.WriteString(" (")
		b.WriteString(e.Gap.String())
		b.WriteString(")")
	}
	return b.String()
}
