package parser

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/safeout"
)

// Gap names a place where RFC 2396's own grammar is silent, contradicts the
// RFC's examples, or has been amended since. An [Error] whose input runs
// into one says so, so that a caller can tell "the RFC says no" from "the
// RFC says no, but its own examples or a later RFC say yes".
type Gap int

const (
	// NoGap: the error is a plain violation of Appendix A.
	NoGap Gap = iota
	// GapEmptyRelativePath: a reference such as "?y" that has a query but no
	// path. relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
	// has no empty path, so Appendix A does not derive it, yet Appendix C
	// resolves "?y" to "http://a/b/c/?y". [Resolve] accepts it and says so.
	GapEmptyRelativePath
	// GapIPv6Literal: a "[" where a host would stand ("http://[::1]/").
	// "[" and "]" are "unwise" characters (section 2.4.3), so IPv6 literals
	// are not RFC 2396; RFC 2732 amended the grammar to allow them.
	GapIPv6Literal
	// GapEmptyOpaquePart: a scheme and ":" with nothing after it but
	// perhaps a fragment ("about:", "http:"). opaque_part = uric_no_slash
	// *uric needs a character, so Appendix A does not derive it, although
	// such URIs are in use ("about:") and the RFC's author's own resolution
	// tests expect "http:" to resolve to itself; the RFC 2396 revision's
	// issues list records it (issue 014) and RFC 3986 allows it.
	GapEmptyOpaquePart
)

// Edit returns the edit of the RFC 2396 grammar that repairs g, or
// grammar.NoEdit for NoGap.
func (g Gap) Edit() grammar.Edit {
	switch g {
	case GapEmptyRelativePath:
		return grammar.EditEmptyRelativePath
	case GapIPv6Literal:
		return grammar.EditIPv6
	case GapEmptyOpaquePart:
		return grammar.EditEmptyOpaquePart
	}
	return grammar.NoEdit
}

// Code returns a short, stable name for g, as JSON output and test tables
// write it: "empty-relative-path", "ipv6-literal", "empty-opaque-part", or
// "" for [NoGap].
func (g Gap) Code() string {
	switch g {
	case GapEmptyRelativePath:
		return "empty-relative-path"
	case GapIPv6Literal:
		return "ipv6-literal"
	case GapEmptyOpaquePart:
		return "empty-opaque-part"
	}
	return ""
}

// String describes g for people: what Appendix A says and which text of
// the RFC or of a later document disagrees.
func (g Gap) String() string {
	switch g {
	case GapEmptyRelativePath:
		return `a reference with a query and no path ("?y") is not a URI-reference under Appendix A (relativeURI has no empty path), although Appendix C resolves "?y"; this is a known gap of RFC 2396`
	case GapIPv6Literal:
		return `"[" is an unwise character in RFC 2396 (section 2.4.3): IPv6 literals such as "[::1]" are not RFC 2396 syntax; RFC 2732 added them`
	case GapEmptyOpaquePart:
		return `an absolute URI with nothing after the scheme's ":" ("about:") is not derived by Appendix A (opaque_part needs a character), although such URIs are in use; this is a known defect of RFC 2396 (the revision's issue 014), and RFC 3986 allows it`
	}
	return "no gap"
}

// Syntax returns what e says as every grammar's syntax error does
// ([uri.SyntaxError]): the input, the offset, the innermost rule's
// name and what was expected. Tools that take any grammar read RFC
// 2396's errors and the RFC 3986 family's alike through it.
func (e *Error) Syntax() (input string, offset int, rule, expected string) {
	if e == nil {
		return "", 0, "", ""
	}
	return e.Input, e.Offset, e.Rule.String(), e.Expected
}

// RulePath returns the names of the rules of Path, outermost first, as
// [uri.Error.RulePath] does.
func (e *Error) RulePath() []string {
	if e == nil {
		return nil
	}
	out := make([]string, 0, len(e.Path))
	for _, r := range e.Path {
		out = append(out, r.String())
	}
	return out
}

// AtEnd reports whether the input ended before the rule was complete.
// A nil *Error is at the end of its (empty) input.
func (e *Error) AtEnd() bool { return e == nil || e.Offset >= len(e.Input) }

// Char describes the offending byte for display, safely: printable ASCII is
// quoted ("character ' '"), a control character is named by its code point
// ("control character U+0009 (tab)"), a valid UTF-8 sequence is shown with
// its code point and bytes, and any other byte in hex ("byte 0xFF (not
// UTF-8)"). At the end of the input it is "end of input".
func (e *Error) Char() string {
	if e == nil {
		return "end of input"
	}
	return safeout.CharOrEnd(e.Input, e.Offset, escapeHint)
}

// Error returns the error on one line, e.g.
//
//	rfc2396: offset 8: invalid character ' ' in server; expected uric, "#" or end of input
func (e *Error) Error() string {
	if e == nil {
		return "rfc2396: <nil *Error>"
	}
	return "rfc2396: " + e.message()
}

// message is Error without the "rfc2396: " prefix, for errors that wrap
// this one and have a prefix of their own.
func (e *Error) message() string {
	m := safeout.SyntaxError{Input: e.Input, Offset: e.Offset, Profile: e.Profile, Rule: e.Rule.String(), Expected: e.Expected, Encode: escapeHint}
	if e.Start != grammar.RuleURIReference {
		m.Start = e.Start.String()
	}
	if e.Gap != NoGap {
		m.Note = e.Gap.String()
	}
	return m.Message()
}

// ErrorWithPosition returns the error over several lines: the message, the
// input around the offset with a caret under the offending byte, and the
// Appendix A rule being matched, with its section:
//
//	rfc2396: offset 8: invalid character ' ' in server; expected uric, "#" or end of input
//	  http://a b/
//	          ^
//	  server = [ [ userinfo "@" ] hostport ]  (RFC 2396 §3.2.2)
//
// Printable ASCII and UTF-8 text are shown as they are, any other byte (a
// control, a byte that is not UTF-8) as \xNN, and the caret is placed by
// terminal cells (a CJK character takes two); at most 60 bytes of
// input are shown on each side of the offset, with "..." where the input
// goes on, so the result stays short whatever the input's size.
func (e *Error) ErrorWithPosition() string {
	if e == nil {
		return e.Error()
	}
	def, _ := e.Rule.Definition(e.Edits)
	where := "RFC 2396 §" + def.Section
	if def.Edit != grammar.NoEdit {
		where = "edit " + def.Edit.Code() + ", " + def.Section
	}
	return safeout.WithPosition(e.Error(), e.Input, e.Offset, def.Line, where)
}

// escapeHint is what Char says of a byte that is not printable ASCII.
const escapeHint = "it must be escaped"
