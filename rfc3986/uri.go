package rfc3986

import (
	"errors"

	"github.com/rfc2396/rfc2396/internal/uriparts"

	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
)

// Component is one component of a reference: its text, raw (percent-encoding
// untouched), and whether it is defined. A component is undefined when its
// delimiter is absent ("http://h/p" has no query) and defined but empty when
// the delimiter is there with nothing after it ("http://h/p?").
type Component struct {
	Value   string
	Defined bool
}

// HostKind is the kind of a host (section 3.2.2): which of the three
// alternatives of host = IP-literal / IPv4address / reg-name it is.
type HostKind uint8

// The kinds of host.
const (
	NoHost    HostKind = iota // the reference has no authority
	IPLiteral                 // "[" IPv6address or IPvFuture "]"
	IPv4                      // IPv4address (dotted decimal, each octet 0-255)
	RegName                   // reg-name, possibly empty
)

// Code returns a short stable name of k for machines ("ip-literal", "ipv4",
// "reg-name", "none").
func (k HostKind) Code() string {
	switch k {
	case IPLiteral:
		return "ip-literal"
	case IPv4:
		return "ipv4"
	case RegName:
		return "reg-name"
	}
	return "none"
}

// String returns the RFC's name of k's rule ("IP-literal", "IPv4address",
// "reg-name"), or "none".
func (k HostKind) String() string {
	switch k {
	case IPLiteral:
		return "IP-literal"
	case IPv4:
		return "IPv4address"
	case RegName:
		return "reg-name"
	}
	return "none"
}

// URI is a parsed RFC 3986 URI-reference. Its components are substrings of
// the input, not copies, kept as offsets so that a URI is small. For a
// reference with an authority, UserInfo, Host and Port split it; Host is
// always defined then (a reg-name may be empty). Path is never undefined
// (section 3.3: every reference has a path, possibly empty).
// A nil *URI has no components: its Path and String are "".
type URI struct {
	ref      string
	spans    uriparts.Spans
	hostKind HostKind
}

// Scheme is the scheme (section 3.1), undefined in a relative reference.
func (u *URI) Scheme() Component { return u.component(uriparts.Scheme) }

// Authority is the authority (section 3.2), after "//".
func (u *URI) Authority() Component { return u.component(uriparts.Authority) }

// UserInfo is the userinfo of the authority (section 3.2.1), before "@".
func (u *URI) UserInfo() Component { return u.component(uriparts.UserInfo) }

// Host is the host of the authority (section 3.2.2); an IP-literal keeps
// its brackets. HostKind says which rule it matched.
func (u *URI) Host() Component { return u.component(uriparts.Host) }

// Port is the port of the authority (section 3.2.3), after ":"; it may be
// defined and empty ("http://h:/").
func (u *URI) Port() Component { return u.component(uriparts.Port) }

// Path is the path (section 3.3), never undefined, possibly empty.
func (u *URI) Path() string { return u.component(uriparts.Path).Value }

// Query is the query (section 3.4), after "?".
func (u *URI) Query() Component { return u.component(uriparts.Query) }

// Fragment is the fragment (section 3.5), after "#".
func (u *URI) Fragment() Component { return u.component(uriparts.Fragment) }

// component returns component p; a nil u has none.
func (u *URI) component(p uriparts.Part) Component {
	if u == nil {
		return Component{}
	}
	v, ok := u.spans.Get(u.ref, p)
	return Component{Value: v, Defined: ok}
}

// IsAbsolute reports whether u has a scheme (section 4.3: a URI, as
// opposed to a relative reference).
func (u *URI) IsAbsolute() bool { return u != nil && u.spans.Has(uriparts.Scheme) }

// String returns the reference u was parsed from, which is also its
// recomposition by section 5.3.
func (u *URI) String() string {
	if u == nil {
		return ""
	}
	return u.ref
}

// recompose is section 5.3, component recomposition.
func recompose(scheme, authority Component, path string, query, fragment Component) string {
	return uriparts.Recompose(uriparts.Component(scheme), uriparts.Component(authority), path, uriparts.Component(query), uriparts.Component(fragment))
}

// maxInput is the longest reference Parse takes.
const maxInput = uriparts.MaxLen

// TooLongError reports a reference longer than Parse takes (2 GiB).
type TooLongError struct {
	Len int
}

func (e *TooLongError) Error() string {
	if e == nil {
		return "rfc3986: <nil *TooLongError>"
	}
	return uriparts.TooLong("rfc3986", e.Len)
}

// Parse parses ref as an RFC 3986 URI-reference (Appendix A, section 4.1),
// strictly: a reference that Appendix A does not derive is an error, of type
// [*Error], that says where and why. Any byte string may be given.
func Parse(ref string) (*URI, error) {
	u := new(URI)
	if err := ParseInto(u, ref); err != nil {
		return nil, err
	}
	return u, nil
}

// errNilURI is returned where a nil *URI is given.
var errNilURI = errors.New("rfc3986: nil *URI")

// ParseInto is [Parse] into a URI the caller provides; it allocates nothing
// when ref is valid. On error, *u is set to the zero URI.
func ParseInto(u *URI, ref string) error {
	if u == nil {
		return errNilURI
	}
	if len(ref) > maxInput {
		*u = URI{}
		return &TooLongError{Len: len(ref)}
	}
	if !parseTokens(u, ref) {
		*u = URI{}
		return explainError(grammar.RuleURIReference, ref)
	}
	return nil
}

// Valid reports whether ref is an RFC 3986 URI-reference. It runs the
// automaton gen builds from the ABNF (as package parser's Valid does for
// RFC 2396): it reads each byte once and allocates nothing.
func Valid(ref string) bool {
	return explain.Match(grammar.RuleURIReference, ref)
}

// fill sets u from the tokens of a successful parse of ref: the compact
// parser's, or in the WebAssembly module the reference parser's
// (tokens_js.go). Tokens come children first: an IPv4address inside an
// IP-literal ("[::1.2.3.4]") comes before the IP-literal, which then sets
// the host.
func fill(u *URI, ref string, p *tokenParser) {
	*u = URI{ref: ref}
	var f uriparts.Filler
	for i, n := 0, p.Len(); i < n; i++ {
		rule, b, e := p.Token(i)
		switch rule {
		case grammar.RuleScheme:
			f.Scheme(&u.spans, b, e)
		case grammar.RuleAuthority:
			f.Authority(&u.spans, b, e)
		case grammar.RuleIPLiteral, grammar.RuleIPv4address, grammar.RuleRegName:
			u.spans.Set(uriparts.Host, b, e)
			u.hostKind = tokenHostKinds[rule]
		case grammar.RuleUserinfo:
			u.spans.Set(uriparts.UserInfo, b, e)
		case grammar.RulePort:
			u.spans.Set(uriparts.Port, b, e)
		case grammar.RuleQuery:
			f.Query(&u.spans, b, e)
		case grammar.RuleFragment:
			f.Fragment(&u.spans, b, e)
		}
	}
	f.Finish(&u.spans, len(ref))
}

// tokenHostKinds maps the alternatives of host to their kinds.
var tokenHostKinds = [grammar.NumRules]HostKind{
	grammar.RuleIPLiteral:   IPLiteral,
	grammar.RuleIPv4address: IPv4,
	grammar.RuleRegName:     RegName,
}
