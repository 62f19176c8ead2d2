package rfc3986

import (
	"strconv"

	"github.com/rfc2396/rfc2396/internal/synerr"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

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
// the input around the offset (at most 60 bytes each side; printable ASCII
// and UTF-8 text as they are, any other byte as \xNN), a caret under the
// offending byte (placed by terminal cells), and the
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
