package rfc9112

import (
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/rfc9112/grammar"
)

// TargetError reports a string that is not a request-target: the core's
// error (Err: where, in which rule, what was expected), the form that was
// being read, and, where RFC 9112's prose names the offending character,
// why it cannot be there. errors.As finds Err through it.
type TargetError struct {
	Err *Error
	// Form is the form that read furthest before failing, NoForm if no
	// one form did.
	Form Form
	// Why is the RFC's reason, when the offending byte is one section
	// 3.2 rules out by name; empty otherwise.
	Why string
}

func (e *TargetError) Error() string {
	var b strings.Builder
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("rfc9112")
	}
	if e.Form != NoForm {
		b.WriteString("; reading " + e.Form.String())
	}
	if e.Why != "" {
		b.WriteString(": " + e.Why)
	}
	return b.String()
}

// ErrorWithPosition is [TargetError.Error] with the input, a caret under
// the offending byte and the rule's ABNF line, as the core writes them.
func (e *TargetError) ErrorWithPosition() string {
	if e.Err == nil {
		return e.Error()
	}
	pos := e.Err.ErrorWithPosition()
	first, rest, _ := strings.Cut(pos, "\n")
	return first + strings.TrimPrefix(e.Error(), e.Err.Error()) + "\n" + rest
}

// Unwrap returns Err.
func (e *TargetError) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}

// targetError explains err, the core's error for target read as form
// (NoForm: as a request-target).
func targetError(form Form, target string, err error) error {
	ce, ok := syntax.ErrorAs[*Error](err)
	if !ok {
		return err
	}
	te := &TargetError{Err: ce, Form: form}
	if form == NoForm {
		te.Form = furthest(target)
	}
	if ce.Prose != "" {
		// RFC 9110's prose (prose.go): the error says which section.
		te.Form = AbsoluteForm
		return te
	}
	if ce.Offset >= len(target) {
		return te
	}
	switch c := target[ce.Offset]; {
	case c == '#':
		te.Why = "a request-target has no fragment (RFC 9112 section 3.2: none of its four forms has one)"
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		te.Why = "no whitespace is allowed in the request-target (RFC 9112 section 3.2)"
	case c < 0x20 || c == 0x7f:
		te.Why = "a control character is allowed nowhere in a request-target (RFC 9112 section 3.2)"
	case c >= 0x80:
		te.Why = "a request-target is ASCII: any other byte must be percent-encoded (RFC 3986 section 2.1)"
	case c == '@' && (te.Form == AuthorityForm || te.Form == NoForm && theGrammar.Matches(grammar.RuleAuthorityForm, target[ce.Offset+1:])):
		te.Form = AuthorityForm
		te.Why = "an authority-form is uri-host \":\" port, with no userinfo (RFC 9112 section 3.2.3)"
	case te.Form == AsteriskForm:
		te.Why = "the asterisk-form is \"*\" alone (RFC 9112 section 3.2.4)"
	}
	return te
}

// furthest is the form that reads target furthest before failing, NoForm
// if two tie.
func furthest(target string) Form {
	best, at, tie := NoForm, -1, false
	for f := OriginForm; f <= AsteriskForm; f++ {
		ce, ok := syntax.ErrorAs[*Error](theGrammar.Match(formRules[f], target))
		if !ok {
			continue
		}
		switch {
		case ce.Offset > at:
			best, at, tie = f, ce.Offset, false
		case ce.Offset == at:
			tie = true
		}
	}
	if tie {
		return NoForm
	}
	return best
}
