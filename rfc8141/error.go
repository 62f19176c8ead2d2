package rfc8141

import (
	"strconv"
	"strings"

	"github.com/rfc2396/rfc2396/internal/safeout"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/rfc8141/grammar"
)

// URNError reports a string that is not a URN: where (Offset in Input),
// and why. When section 2's ABNF refuses the string, Err is the core's
// error (in which rule, what was expected) and errors.As finds it; Why
// then adds RFC 8141's own reason where its prose names one. When the
// ABNF accepts the string but the prose refuses it (see the package
// comment), Err is nil and Why, Rule and Section say which rule of the
// prose.
type URNError struct {
	Err    *Error
	Input  string
	Offset int
	// Rule is the rule being read at Offset, by its RFC name ("NID"),
	// and, for an error of the prose (Err nil), Value is the text of the
	// rule it refuses ("x-foo").
	Rule, Value string
	// Section is the section of RFC 8141 whose prose Why cites ("5.1"),
	// "" when Why is empty or cites section 2's ABNF.
	Section string
	// Why is the RFC's reason; empty when the core's error says all.
	Why string
}

func (e *URNError) Error() string {
	var b strings.Builder
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("rfc8141: offset " + strconv.Itoa(e.Offset) + ": " + e.Rule + " " + strconv.Quote(e.Value))
	}
	if e.Why != "" {
		b.WriteString(": " + e.Why)
	}
	return b.String()
}

// ErrorWithPosition is [URNError.Error] followed by the input, a caret
// under the offending byte and the rule's ABNF line, as the core writes
// them.
func (e *URNError) ErrorWithPosition() string {
	if e.Err != nil {
		pos := e.Err.ErrorWithPosition()
		first, rest, _ := strings.Cut(pos, "\n")
		return first + strings.TrimPrefix(e.Error(), e.Err.Error()) + "\n" + rest
	}
	abnf, ref := "", ""
	if r, ok := grammar.Lookup(e.Rule); ok {
		abnf, ref = r.Info().ABNF, "RFC 8141 §"+r.Info().Section
	}
	return safeout.WithPosition(e.Error(), e.Input, e.Offset, abnf, ref)
}

// Unwrap returns Err.
func (e *URNError) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}

// syntaxError explains err, the core's error for s read as namestring,
// with RFC 8141's reason where its text gives one.
func syntaxError(s string, err error) error {
	ce, ok := syntax.ErrorAs[*Error](err)
	if !ok {
		return err
	}
	ue := &URNError{Err: ce, Input: s, Offset: ce.Offset, Rule: ce.Rule.String(), Why: why(s, ce)}
	return ue
}

// in reports whether r is one of the rules ce was reading.
func in(ce *Error, r grammar.Rule) bool {
	for _, p := range ce.Path {
		if p == r {
			return true
		}
	}
	return ce.Rule == r
}

// why is RFC 8141's reason for the core's error ce, "" where the core's
// message says all there is.
func why(s string, ce *Error) string {
	at := ce.Offset
	var c byte
	if at < len(s) {
		c = s[at]
	}
	prev := func(k int) string { return s[max(0, at-k):at] }
	switch {
	case at < len(s) && c >= 0x80:
		return "a URN is ASCII: any other character must be percent-encoded (RFC 8141 section 2)"
	case at < len(s) && (c < 0x20 || c == 0x7f || c == ' '):
		return "a URN has no space or control character; it must be percent-encoded (RFC 8141 section 2, RFC 3986 section 2.1)"
	case at < len("urn:"):
		return `a URN starts "urn:", in any case (RFC 8141 section 2)`
	case in(ce, grammar.RuleNID) || in(ce, grammar.RuleAssignedName) && !strings.Contains(s[len("urn:"):at], ":"):
		nid := s[len("urn:"):at]
		switch {
		case nid == "":
			return "a NID starts with a letter or digit (RFC 8141 section 2)"
		case len(nid) >= 32 && c != ':':
			return "a NID is 2 to 32 characters long (RFC 8141 section 2)"
		case strings.HasSuffix(nid, "-"):
			return `a NID ends with a letter or digit, not "-" (RFC 8141 section 2, Appendix B.1)`
		case len(nid) == 1 && c == ':':
			return "a NID is 2 to 32 characters long (RFC 8141 section 2)"
		}
		if at == len(s) {
			return `an assigned-name is "urn:" NID ":" NSS (RFC 8141 section 2)`
		}
		return "a NID is letters, digits and \"-\" (RFC 8141 section 2)"
	case prev(1) == "%" || len(prev(2)) == 2 && prev(2)[0] == '%' && isHex(s[at-1]):
		return `"%" begins a percent-encoding, "%" and two hexadecimal digits (RFC 3986 section 2.1)`
	case prev(2) == "?+":
		return `"?+" begins an r-component, which cannot be empty (RFC 8141 section 2.3.1)`
	case prev(2) == "?=":
		return `"?=" begins a q-component, which cannot be empty (RFC 8141 section 2.3.2)`
	case prev(1) == "?":
		return `a "?" that is not followed by "=" or "+" is not defined for URNs outside the r-, q- and f-components (RFC 8141 section 2)`
	case c == '#' && strings.Contains(s[:at], "#"):
		return `the f-component begins at the first "#" and cannot hold another (RFC 8141 section 2.3.3, RFC 3986 section 3.5)`
	case c == '[' || c == ']':
		return `"[" and "]" are allowed in no part of a URN; they must be percent-encoded (RFC 8141 section 2.2)`
	case s[at-1] == ':' && !strings.Contains(s[len("urn:"):at-1], ":"):
		if at == len(s) || c == '?' || c == '#' {
			return "the NSS cannot be empty (RFC 8141 section 2)"
		}
		if c == '/' {
			return `the NSS starts with a pchar, not "/" (RFC 8141 section 2)`
		}
	}
	return ""
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

// Syntax returns what e says, as the core's errors do (see
// [uri.Error.Syntax]): the input, the offset, the rule being read and
// what was expected there ("" for an error of the prose).
func (e *URNError) Syntax() (input string, offset int, rule, expected string) {
	if e.Err != nil {
		input, offset, rule, expected = e.Err.Syntax()
		return input, offset, rule, expected
	}
	return e.Input, e.Offset, e.Rule, ""
}

// ProseRefusal returns Why for a string section 2's ABNF derives and the
// RFC's prose refuses (Err nil), as the core's errors answer
// uri.Error.ProseRefusal; "" when the ABNF itself refuses the string.
func (e *URNError) ProseRefusal() string {
	if e == nil || e.Err != nil {
		return ""
	}
	return e.Why
}
