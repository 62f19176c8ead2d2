package rfc3986

import (
	"strconv"

	"github.com/rfc2396/rfc2396/internal/synerr"
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

// Char describes the offending byte for display, safely, as package
// parser does: printable ASCII is quoted ("character ' '"), a control
// character is named by its code point ("control character U+0009 (tab)"),
// a valid UTF-8 sequence is shown with its code point and bytes, and any
// other byte in hex ("byte 0xFF (not UTF-8)"). At the end of the input it
// is "end of input".
func (e *Error) Char() string {
	if e == nil {
		return "end of input"
	}
	return synerr.Char(e.Input, e.Offset, encodeHint)
}

// encodeHint is what Char says of a byte that is not printable ASCII.
const encodeHint = "it must be percent-encoded"

func (e *Error) Error() string {
	if e == nil {
		return "rfc3986: <nil *Error>"
	}
	m := synerr.Error{Input: e.Input, Offset: e.Offset, Rule: e.Rule.String(), Expected: e.Expected, Encode: encodeHint}
	if e.Start != grammar.RuleURIReference {
		m.Start = e.Start.String()
	}
	return "rfc3986: " + m.Message()
}

// ErrorWithPosition returns [Error.Error] followed by three indented lines:
// the input around the offset (at most 60 bytes each side, bytes that are
// not printable ASCII as \xNN), a caret under the offending byte, and the
// Appendix A line of the rule with its section of RFC 3986.
func (e *Error) ErrorWithPosition() string {
	if e == nil {
		return e.Error()
	}
	info := e.Rule.Info()
	return synerr.WithPosition(e.Error(), e.Input, e.Offset, info.ABNF, "RFC 3986 §"+info.Section)
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
