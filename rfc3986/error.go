package rfc3986

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safetext"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
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
	// Rule is the innermost rule, above the character level, that the
	// reading of Input[:Offset] was inside; Path lists the rules from Start
	// down to Rule. Where readings part, Path stops at the rules that the
	// RFC's first and last alternatives share ("http://1.2 " is explained
	// in host, where IPv4address and reg-name part), except that a first
	// segment with no ":" to end a scheme is read as a relative-ref ("my
	// file.html" is explained in segment-nz-nc, not in scheme). Path is
	// shared with other errors: do not modify it.
	Rule grammar.Rule
	Path []grammar.Rule
	// Expected describes what could have come at Offset, e.g.
	// `HEXDIG, ".", ":" or "]"`.
	Expected string
}

// AtEnd reports whether the input ended before the rule was complete.
// A nil *Error is at the end of its (empty) input.
func (e *Error) AtEnd() bool { return e == nil || e.Offset >= len(e.Input) }

// offset is Offset within [0, len(Input)], for display: an Error built
// by hand may have any offset.
func (e *Error) offset() int { return min(max(e.Offset, 0), len(e.Input)) }

// Char describes the offending byte for display, safely, as package
// parser does: printable ASCII is quoted ("character ' '"), a control
// character is named by its code point ("control character U+0009 (tab)"),
// a valid UTF-8 sequence is shown with its code point and bytes, and any
// other byte in hex ("byte 0xFF (not UTF-8)"). At the end of the input it
// is "end of input".
func (e *Error) Char() string {
	if e.AtEnd() {
		return "end of input"
	}
	return safetext.Char(e.Input, e.offset(), "it must be percent-encoded")
}

func (e *Error) Error() string {
	if e == nil {
		return "rfc3986: <nil *Error>"
	}
	var b strings.Builder
	b.WriteString("rfc3986: ")
	if e.Start != grammar.RuleURIReference {
		fmt.Fprintf(&b, "not a valid %s: ", e.Start)
	}
	fmt.Fprintf(&b, "offset %d: ", e.offset())
	if e.AtEnd() {
		b.WriteString("unexpected end of input")
	} else {
		b.WriteString("invalid ")
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
	if e == nil {
		return e.Error()
	}
	line, col := safetext.Line(e.Input, e.offset())
	info := e.Rule.Info()
	return fmt.Sprintf("%s\n  %s\n  %s^\n  %s  (RFC 3986 §%s)", e.Error(), line, strings.Repeat(" ", col), info.ABNF, info.Section)
}

// RuleError reports a [grammar.Rule] (package rfc3986/grammar) that is
// not one of the rules of RFC 3986 Appendix A.
type RuleError struct {
	Rule grammar.Rule
}

func (e *RuleError) Error() string {
	if e == nil {
		return "rfc3986: <nil *RuleError>"
	}
	return "rfc3986: no such rule: grammar.Rule(" + strconv.Itoa(int(e.Rule)) + ")"
}
