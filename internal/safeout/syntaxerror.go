// This file renders the syntax errors of both grammars, RFC 2396's
// (package parser) and RFC 3986's (package rfc3986): the one-line message
// ("offset 8: invalid character ' ' in server; expected ...") and the
// several-line form with the input around the offset, a caret under the
// offending byte and the rule's line of the RFC. Each public package keeps
// its own Error type, whose fields name its own grammar's rules, and calls
// this file to say it.

package safeout

import (
	"strconv"
	"strings"
)

// Error is what a syntax error says, with the rules already named.
type SyntaxError struct {
	// Input is the string that was checked, and Offset the byte offset of
	// the first byte no valid string can have there (len(Input): the
	// input ended too early). Any offset may be given; it is shown within
	// [0, len(Input)].
	Input  string
	Offset int
	// Start is the name of the rule the input was checked against, or ""
	// for URI-reference, which goes without saying.
	Start string
	// Profile is the name of the grammar's variant in force, or "" for
	// the RFC's grammar exactly.
	Profile string
	// Rule is the name of the innermost rule being matched at Offset.
	Rule string
	// Expected describes what could have come at Offset, or is "".
	Expected string
	// Encode says what to do with a byte that is not printable ASCII
	// ("it must be escaped"), for Char.
	Encode string
	// Note, if not "", is said in parentheses at the end of the message.
	Note string
}

// DisplayOffset returns offset within [0, len(input)], for display: an error
// built by hand may have any offset.
func DisplayOffset(input string, offset int) int { return min(max(offset, 0), len(input)) }

// AtEnd reports whether offset is at or past the end of input.
func AtEnd(input string, offset int) bool { return offset >= len(input) }

// CharOrEnd describes the byte of input at offset for display, safely (see
// Char), or says "end of input"; encode says what to do with a
// byte that is not printable ASCII.
func CharOrEnd(input string, offset int, encode string) string {
	if AtEnd(input, offset) {
		return "end of input"
	}
	return Char(input, DisplayOffset(input, offset), encode)
}

// Message returns the error on one line, without a package prefix.
func (e *SyntaxError) Message() string {
	var b strings.Builder
	b.Grow(64 + len(e.Expected) + len(e.Note))
	if e.Start != "" {
		writeString(&b, "not a valid ")
		writeString(&b, e.Start)
		writeString(&b, ": ")
	}
	if e.Profile != "" {
		writeString(&b, "under ")
		writeString(&b, e.Profile)
		writeString(&b, ": ")
	}
	writeString(&b, "offset ")
	writeString(&b, strconv.Itoa(DisplayOffset(e.Input, e.Offset)))
	writeString(&b, ": ")
	if AtEnd(e.Input, e.Offset) {
		writeString(&b, "unexpected end of input")
	} else {
		writeString(&b, "invalid ")
		writeString(&b, CharOrEnd(e.Input, e.Offset, e.Encode))
	}
	writeString(&b, " in ")
	writeString(&b, e.Rule)
	if e.Expected != "" {
		writeString(&b, "; expected ")
		writeString(&b, e.Expected)
	}
	if e.Note != "" {
		writeString(&b, " (")
		writeString(&b, e.Note)
		writeString(&b, ")")
	}
	return b.String()
}

// WithPosition returns message followed by three indented lines: the input
// around offset (see Line), a caret under the offending byte, and
// the rule's definition followed by where it is from in parentheses.
func WithPosition(message, input string, offset int, definition, where string) string {
	line, col := Line(input, DisplayOffset(input, offset))
	return message + "\n  " + line + "\n  " + strings.Repeat(" ", col) + "^\n  " + definition + "  (" + where + ")"
}
