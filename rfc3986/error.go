package rfc3986

import (
	"fmt"
	"strings"
	"unicode/utf8"

	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/internal/safetext"
)

// Error reports a string that does not match an Appendix A rule: the first
// byte that no valid string can have there, what that byte is, which rule
// was being matched, and what would have been allowed.
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
	// Rule is the innermost rule that every reading of Input[:Offset] that
	// can still be completed is inside (Start when they share no other).
	Rule grammar.Rule
	// Expected describes what could have come at Offset, e.g.
	// `a letter, a digit, "-", "." or end of input`.
	Expected string
}

// AtEnd reports whether the input ended before the rule was complete.
func (e *Error) AtEnd() bool { return e.Offset >= len(e.Input) }

// Char describes the offending byte for display, safely: printable ASCII is
// quoted ('a'), control and invalid bytes are written in hex, and a valid
// UTF-8 sequence is shown with its code point and bytes.
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
	return fmt.Sprintf("%q (U+%04X, bytes % X; non-ASCII characters must be percent-encoded)", r, r, e.Input[e.Offset:e.Offset+n])
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("rfc3986: ")
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
	return b.String()
}

// ErrorWithPosition returns [Error.Error] followed by three indented lines:
// the input around the offset (at most 60 bytes each side, bytes that are
// not printable ASCII as \xNN), a caret under the offending byte, and the
// Appendix A line of the rule with its section of RFC 3986.
func (e *Error) ErrorWithPosition() string {
	line, col := safetext.Line(e.Input, e.Offset)
	info := e.Rule.Info()
	return fmt.Sprintf("%s\n  %s\n  %s^\n  %s  (RFC 3986 §%s)", e.Error(), line, strings.Repeat(" ", col), info.ABNF, info.Section)
}

// UnknownRuleError reports a rule name that is not one of the 36 rules of
// RFC 3986 Appendix A.
type UnknownRuleError struct {
	Name string
}

func (e *UnknownRuleError) Error() string {
	return fmt.Sprintf("rfc3986: no rule %q in RFC 3986 Appendix A (rules: %s)", e.Name, strings.Join(grammar.Names(), ", "))
}
