package uri

import (
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
)

// AtEnd reports whether the input ended before the rule was complete.
// A nil *Error is at the end of its (empty) input.
func (e *Error[R]) AtEnd() bool { return e == nil || e.Offset >= len(e.Input) }

// Char describes the offending byte for display, safely, as package
// parser does: printable ASCII is quoted ("character ' '"), a control
// character is named by its code point ("control character U+0009 (tab)"),
// a valid UTF-8 sequence is shown with its code point and bytes, and any
// other byte in hex ("byte 0xFF (not UTF-8)"). At the end of the input it
// is "end of input".
func (e *Error[R]) Char() string {
	if e == nil {
		return "end of input"
	}
	return safeout.CharOrEnd(e.Input, e.Offset, encodeHint)
}

// encodeHint is what Char says of a byte that is not printable ASCII.
const encodeHint = "it must be percent-encoded"

func (e *Error[R]) Error() string {
	if e == nil {
		return "uri: <nil *Error>"
	}
	m := safeout.SyntaxError{Input: e.Input, Offset: e.Offset, Rule: e.ruleName(e.Rule), Expected: e.Expected, Encode: encodeHint, Note: e.Prose}
	prefix := "uri"
	if e.g != nil {
		prefix = e.g.d.Name
		if e.Start != e.g.d.Start {
			m.Start = e.ruleName(e.Start)
		}
		m.Profile = strings.Join(e.g.allowed, ", ")
	}
	if len(e.ValidUnder) > 0 && m.Note == "" {
		m.Note = "valid under the edit " + strings.Join(e.ValidUnder, " or the edit ")
		if e.g != nil {
			m.Note += " (" + strings.Join(e.g.editSpecs(e.ValidUnder), ", ") + ")"
		}
	}
	return prefix + ": " + m.Message()
}

// ErrorWithPosition returns [Error.Error] followed by three indented lines:
// the input around the offset (at most 60 bytes each side; printable ASCII
// and UTF-8 text as they are, any other byte as \xNN), a caret under the
// offending byte (placed by terminal cells), and the
// ABNF line of the rule with its section of the grammar's RFC.
func (e *Error[R]) ErrorWithPosition() string {
	if e == nil {
		return e.Error()
	}
	if e.g == nil || !e.g.validRule(e.Rule) {
		return safeout.WithPosition(e.Error(), e.Input, e.Offset, "", "")
	}
	info := e.g.d.Info(e.Rule)
	spec := e.g.d.Spec
	if info.Spec != "" {
		spec = info.Spec
	}
	return safeout.WithPosition(e.Error(), e.Input, e.Offset, info.ABNF, spec+" §"+info.Section)
}

// RuleError reports a rule value that is not one of the grammar's rules.
type RuleError[R Rule] struct {
	Rule   R
	prefix string
}

func (e *RuleError[R]) Error() string {
	if e == nil {
		return "uri: <nil *RuleError>"
	}
	return prefixOr(e.prefix) + ": no such rule: grammar.Rule(" + strconv.Itoa(int(e.Rule)) + ")"
}

// grammarName is the name of the grammar that made e ("" if a caller did).
func (e *Error[R]) grammarName() string { return e.g.name() }

// grammarName is the name of the grammar that made e.
func (e *TooLongError) grammarName() string { return e.prefix }

// SyntaxError is the syntax error of any grammar, whatever its rule type:
// a string that is not of a rule's language, where and why. Tools that
// take any grammar read an error through it with errors.As. [*Error] is
// the core's; package parser's *Error (RFC 2396) is one too; the faces'
// own errors (rfc8141.URNError, rfc9112.TargetError, rfc6570.Error)
// answer it or wrap an [*Error] that does.
type SyntaxError interface {
	error
	// Syntax returns the input, the byte offset of the first byte that
	// no string of the rule's language has there, the name of the
	// innermost rule being read there and what was expected ("" when a
	// rule of the RFC's prose refuses a string its ABNF derives).
	Syntax() (input string, offset int, rule, expected string)
}

// Syntax returns what e says, whatever the grammar's rule type: the input,
// the offset, the innermost rule's name and what was expected. Tools that
// take any grammar read an error with it (errors.As with [SyntaxError]).
func (e *Error[R]) Syntax() (input string, offset int, rule, expected string) {
	if e == nil {
		return "", 0, "", ""
	}
	return e.Input, e.Offset, e.ruleName(e.Rule), e.Expected
}

// ruleName is the RFC name of r: the grammar's, which knows the rules an
// edit adds, or r's String.
func (e *Error[R]) ruleName(r R) string {
	if e.g != nil && e.g.validRule(r) {
		return e.g.d.Info(r).Name
	}
	return r.String()
}

// RulePath returns the RFC names of the rules of Path, outermost first,
// whatever the grammar's rule type: tools that take any grammar (the
// site's playground) read it with errors.As and an interface, as they
// read [Error.Syntax].
func (e *Error[R]) RulePath() []string {
	if e == nil {
		return nil
	}
	out := make([]string, 0, len(e.Path))
	for _, r := range e.Path {
		out = append(out, e.ruleName(r))
	}
	return out
}

// ProseRefusal returns Prose: what the rule of the RFC's prose that
// refuses Input says, where the grammar's ABNF derives it; "" for an
// input the ABNF does not derive.
func (e *Error[R]) ProseRefusal() string {
	if e == nil {
		return ""
	}
	return e.Prose
}
