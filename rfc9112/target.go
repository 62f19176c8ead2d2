// Package rfc9112 reads the request-target of an HTTP/1.1 request line by
// RFC 9112 section 3.2, strictly: its four forms (origin-form,
// absolute-form, authority-form, asterisk-form) and the rules of RFC 9110
// section 4.1 and RFC 3986 they use are generated from rfc9112.peg, which
// imports RFC 3986's rules from rfc3986.peg rather than copying them.
// [Parse] says which form a target is and what its components are, and
// [RequestTarget.TargetURI] rebuilds the target URI as section 3.3 does.
//
// Where the prose says more than the ABNF, the package follows it and
// says so: userinfo in an http or https absolute-form (RFC 9110 section
// 4.2.4) and an empty host there (section 4.2.1) are refused, with an
// error that cites the section, although the request-target's ABNF allows
// both (the edits http-userinfo and http-empty-host lift them; see
// prose.go); an origin-form that starts "//" is a [Warning]; the method a
// form is for (authority-form for CONNECT, asterisk-form for OPTIONS) is
// the request line's business, and [ParseAs] reads a target as one form.
package rfc9112

import (
	"strings"

	"github.com/rfc2396/rfc2396/rfc9112/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// Form is one of the four forms of a request-target (section 3.2).
type Form uint8

// The forms, in the order section 3.2 lists them.
const (
	NoForm Form = iota
	OriginForm
	AbsoluteForm
	AuthorityForm
	AsteriskForm
)

var formRules = [...]grammar.Rule{OriginForm: grammar.RuleOriginForm, AbsoluteForm: grammar.RuleAbsoluteForm,
	AuthorityForm: grammar.RuleAuthorityForm, AsteriskForm: grammar.RuleAsteriskForm}

// String is the form's rule name, e.g. "origin-form".
func (f Form) String() string {
	if f == NoForm || int(f) >= len(formRules) {
		return "request-target"
	}
	return formRules[f].String()
}

// Warning is something RFC 9110's prose says of a target that its ABNF
// accepts.
type Warning string

// The warnings.
const (
	// WarnNetworkPath: an origin-form whose path starts "//" is valid
	// (absolute-path allows empty segments), but read as a URI reference
	// it is a network-path reference naming another host (RFC 3986
	// section 4.2); a server must not resolve it as one.
	WarnNetworkPath Warning = "an origin-form starting \"//\" reads as a network-path reference, naming a host, if resolved as a URI reference (RFC 3986 section 4.2)"
)

// RequestTarget is a valid request-target and its components. A component
// is undefined when its delimiter is absent.
type RequestTarget struct {
	Target string
	Form   Form
	// AlsoAuthority is set for an absolute-form that is an authority-form
	// too ("localhost:8080" is an absolute-URI of scheme "localhost"):
	// which it is depends on the method, authority-form being for CONNECT
	// only (section 3.2.3); ParseAs(AuthorityForm, ...) reads it as one.
	AlsoAuthority bool
	// Scheme is the absolute-form's; Authority the absolute-form's
	// ("//" present) or the whole authority-form; UserInfo, Host and Port
	// its subcomponents.
	Scheme    uri.Component
	Authority uri.Component
	UserInfo  uri.Component
	Host      uri.Component
	Port      uri.Component
	// Path is the origin-form's absolute-path or the absolute-form's path,
	// Query their query.
	Path  string
	Query uri.Component
	// Warnings are what RFC 9110's prose says against the target.
	Warnings []Warning
}

// Parse reads target as a request-target. A target of two forms is read
// as the first in section 3.2's order (see [RequestTarget.AlsoAuthority]).
// The error is a *[TargetError], whose Err is the core's *[Error].
func Parse(target string) (*RequestTarget, error) { return parse(NoForm, target) }

// ParseAs reads target as the given form only: AuthorityForm for the
// target of a CONNECT request, for instance.
func ParseAs(form Form, target string) (*RequestTarget, error) {
	if form == NoForm || int(form) >= len(formRules) {
		return nil, &TargetError{Form: form, Why: "no such form"}
	}
	return parse(form, target)
}

// Valid reports whether target is a request-target, without allocating.
func Valid(target string) bool { return theGrammar.Matches(grammar.RuleRequestTarget, target) }

func parse(form Form, target string) (*RequestTarget, error) {
	rule := grammar.RuleRequestTarget
	if form != NoForm {
		rule = formRules[form]
	}
	var p tokenParser
	if !p.Match(target, rule) {
		p.release()
		return nil, targetError(form, target, theGrammar.Match(rule, target))
	}
	t := &RequestTarget{Target: target, Form: form}
	some := func(b, e int) uri.Component { return uri.Component{Value: target[b:e], Defined: true} }
	pathBegin, pathEnd := 0, len(target)
	for i, n := 0, p.Len(); i < n; i++ {
		r, b, e := p.Token(i)
		switch r {
		case grammar.RuleOriginForm:
			t.Form = OriginForm
		case grammar.RuleAbsoluteForm:
			t.Form = AbsoluteForm
		case grammar.RuleAuthorityForm:
			t.Form, t.Authority = AuthorityForm, some(b, e)
		case grammar.RuleAsteriskForm:
			t.Form = AsteriskForm
		case grammar.RuleScheme:
			t.Scheme, pathBegin = some(b, e), e+1
		case grammar.RuleAuthority:
			t.Authority, pathBegin = some(b, e), e
		case grammar.RuleUserinfo:
			t.UserInfo = some(b, e)
		case grammar.RuleIPLiteral, grammar.RuleIPv4address, grammar.RuleRegName:
			t.Host = some(b, e)
		case grammar.RulePort:
			t.Port = some(b, e)
		case grammar.RuleQuery:
			t.Query, pathEnd = some(b, e), b-1
		}
	}
	p.release()
	switch t.Form {
	case OriginForm, AbsoluteForm:
		t.Path = target[pathBegin:pathEnd]
	}
	if t.Form == AbsoluteForm {
		t.AlsoAuthority = theGrammar.Matches(grammar.RuleAuthorityForm, target)
		if s := strings.ToLower(t.Scheme.Value); (s == "http" || s == "https") && (t.UserInfo.Defined || t.Host.Value == "") {
			// RFC 9110's prose refuses it (prose.go): the grammar value's
			// error says where and why.
			if err := theGrammar.Match(rule, target); err != nil {
				return nil, targetError(form, target, err)
			}
		}
	}
	if t.Form == OriginForm && strings.HasPrefix(target, "//") {
		t.Warnings = append(t.Warnings, WarnNetworkPath)
	}
	return t, nil
}
