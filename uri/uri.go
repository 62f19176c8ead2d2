package uri

import (
	"errors"

	"github.com/rfc2396/rfc2396/internal/syntax"
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

// URI is a reference parsed by a [Grammar]. Its components are substrings
// of the input, not copies, kept as offsets so that a URI is small. For a
// reference with an authority, UserInfo, Host and Port split it; Host is
// always defined then (a reg-name may be empty). Path is never undefined
// (RFC 3986 section 3.3: every reference has a path, possibly empty).
// A nil *URI has no components: its Path and String are "". The zero URI
// is the empty reference, read by no grammar: its methods that parse or
// resolve report an error.
type URI[R Rule] struct {
	g        *Grammar[R]
	ref      string
	spans    syntax.ComponentSpans
	hostKind HostKind
}

// Grammar is the grammar u was read by, nil for a nil or zero URI.
func (u *URI[R]) Grammar() *Grammar[R] {
	if u == nil {
		return nil
	}
	return u.g
}

// Scheme is the scheme (section 3.1), undefined in a relative reference.
func (u *URI[R]) Scheme() Component { return u.component(syntax.Scheme) }

// Authority is the authority (section 3.2), after "//".
func (u *URI[R]) Authority() Component { return u.component(syntax.Authority) }

// UserInfo is the userinfo of the authority (section 3.2.1), before "@".
func (u *URI[R]) UserInfo() Component { return u.component(syntax.UserInfo) }

// Host is the host of the authority (section 3.2.2); an IP-literal keeps
// its brackets. HostKind says which rule it matched.
func (u *URI[R]) Host() Component { return u.component(syntax.Host) }

// Port is the port of the authority (section 3.2.3), after ":"; it may be
// defined and empty ("http://h:/").
func (u *URI[R]) Port() Component { return u.component(syntax.Port) }

// Path is the path (section 3.3), never undefined, possibly empty.
func (u *URI[R]) Path() string { return u.component(syntax.Path).Value }

// Query is the query (section 3.4), after "?".
func (u *URI[R]) Query() Component { return u.component(syntax.Query) }

// Fragment is the fragment (section 3.5), after "#".
func (u *URI[R]) Fragment() Component { return u.component(syntax.Fragment) }

// component returns component p; a nil u has none.
func (u *URI[R]) component(p syntax.Part) Component {
	if u == nil {
		return Component{}
	}
	v, ok := u.spans.Get(u.ref, p)
	return Component{Value: v, Defined: ok}
}

// IsAbsolute reports whether u has a scheme (section 4.3: a URI, as
// opposed to a relative reference).
func (u *URI[R]) IsAbsolute() bool { return u != nil && u.spans.Has(syntax.Scheme) }

// String returns the reference u was parsed from, which is also its
// recomposition by section 5.3.
func (u *URI[R]) String() string {
	if u == nil {
		return ""
	}
	return u.ref
}

// maxInput is the longest reference Parse takes.
const maxInput = syntax.MaxRefLen

// TooLongError reports a reference longer than Parse takes (2 GiB).
type TooLongError struct {
	Len    int
	prefix string
}

func (e *TooLongError) Error() string {
	if e == nil {
		return "uri: <nil *TooLongError>"
	}
	return syntax.TooLongMessage(prefixOr(e.prefix), e.Len)
}

// prefixOr is the grammar's name that starts a message, or "uri" for an
// error built by a caller.
func prefixOr(p string) string {
	if p == "" {
		return "uri"
	}
	return p
}

// Parse parses ref as a reference of g (its start rule: URI-reference,
// IRI-reference), strictly: a reference that the grammar does not derive
// is an error, of type [*Error], that says where and why. Any byte string
// may be given.
func (g *Grammar[R]) Parse(ref string) (*URI[R], error) {
	u := new(URI[R])
	if err := g.ParseInto(u, ref); err != nil {
		return nil, err
	}
	return u, nil
}

// errNilURI is returned where a nil *URI is given.
var errNilURI = errors.New("uri: nil *URI")

// ParseInto is [Grammar.Parse] into a URI the caller provides; it
// allocates nothing when ref is valid. On error, *u is set to the zero
// URI.
func (g *Grammar[R]) ParseInto(u *URI[R], ref string) error {
	if u == nil {
		return errNilURI
	}
	if g == nil {
		return errNoGrammar
	}
	if len(ref) > maxInput {
		*u = URI[R]{}
		return &TooLongError{Len: len(ref), prefix: g.d.Name}
	}
	p, ok := g.d.Tokens(ref)
	if !ok {
		*u = URI[R]{}
		return g.explainError(g.d.Start, ref)
	}
	if len(g.d.Prose) > 0 {
		if pr, i := g.proseViolation(ref); pr != nil {
			*u = URI[R]{}
			return g.proseError(g.d.Start, ref, pr, i)
		}
	}
	// Field by field: a composite literal would be built on the stack
	// and copied, a second copy of the spans.
	u.g, u.ref, u.spans, u.hostKind = g, ref, p.spans, p.hostKind
	return nil
}

// Valid reports whether ref is a reference of g. It runs the automaton gen
// builds from the ABNF: it reads each byte once and allocates nothing.
func (g *Grammar[R]) Valid(ref string) bool {
	return g.Matches(g.d.Start, ref)
}

// errNoGrammar is returned by the methods of a zero URI whose rule type
// has no grammar: its package was not linked in.
var errNoGrammar = errors.New("uri: a zero URI whose rule type has no grammar")

// FromParts sets *u to the reference ref of g whose components p holds,
// as g's token parser wrote them, and reports an error where [Grammar.ParseInto]
// would (a nil u, a rule of the RFC's prose that ref breaks). It and
// [Rejected] are for the package gen writes for g, its face: the face's
// Parse and ParseInto call their token parser directly, with p in their own
// frame, and give the result here, so that the components are written once
// and copied once into u, which does not escape. [Grammar.ParseInto] calls
// the token parser through [Data.Tokens], a function value, which returns
// them by value (a pointer through a function value would make every
// caller's URI escape to the heap), copied twice more.
func FromParts[R Rule](g *Grammar[R], u *URI[R], ref string, p *Parts) error {
	if u == nil || len(g.d.Prose) > 0 {
		return g.fromPartsChecked(u, ref, p)
	}
	u.spans.CopyFrom(&p.spans)
	u.hostKind = p.hostKind
	u.g, u.ref = g, ref
	return nil
}

// fromPartsChecked is [FromParts] for a nil u or a grammar with rules of
// its prose to check.
func (g *Grammar[R]) fromPartsChecked(u *URI[R], ref string, p *Parts) error {
	if u == nil {
		return errNilURI
	}
	if pr, i := g.proseViolation(ref); pr != nil {
		*u = URI[R]{}
		return g.proseError(g.d.Start, ref, pr, i)
	}
	u.g, u.ref, u.spans, u.hostKind = g, ref, p.spans, p.hostKind
	return nil
}

// Rejected is the error of [Grammar.ParseInto] for a ref that g's token
// parser did not take, called by g's face (see [FromParts]); *u, if u is
// not nil, is set to the zero URI.
func Rejected[R Rule](g *Grammar[R], u *URI[R], ref string) error {
	if u == nil {
		return errNilURI
	}
	*u = URI[R]{}
	if len(ref) > maxInput {
		return &TooLongError{Len: len(ref), prefix: g.d.Name}
	}
	return g.explainError(g.d.Start, ref)
}
