package parser

import (
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/uri"
)

// Component is one component of a URI reference, in its raw, escaped form.
// Defined distinguishes a component that is absent from one that is present
// but empty: "http://a/b" has no query, "http://a/b?" has an empty one. It
// is the run-time core's [uri.Component], the type of every grammar's
// components, so that RFC 2396's and RFC 3986's need no conversion.
type Component = uri.Component

// Some returns a defined component with the given value.
func Some(value string) Component { return Component{Value: value, Defined: true} }

// AuthorityKind tells how an authority was read (section 3.2).
type AuthorityKind uint8

const (
	// NoAuthority: the reference has no authority.
	NoAuthority AuthorityKind = iota
	// ServerAuthority: the authority is a server, [ userinfo "@" ] hostport,
	// possibly empty (section 3.2.2). A server reading wins whenever the
	// whole authority fits it.
	ServerAuthority
	// RegistryAuthority: the authority is a reg_name (section 3.2.1), because
	// it does not fit the server syntax.
	RegistryAuthority
)

// Code returns a short, stable name for k: "server", "registry" or
// "none".
func (k AuthorityKind) Code() string {
	switch k {
	case ServerAuthority:
		return "server"
	case RegistryAuthority:
		return "registry"
	}
	return "none"
}

// String describes k for people: "server-based", "registry-based" or "no
// authority".
func (k AuthorityKind) String() string {
	switch k {
	case ServerAuthority:
		return "server-based"
	case RegistryAuthority:
		return "registry-based"
	}
	return "no authority"
}

// HostKind tells which alternative of host = hostname | IPv4address (or,
// under RFC 2732, | IPv6reference) matched.
type HostKind uint8

const (
	// NoHost: there is no host (no authority, a registry-based one, or an
	// empty server).
	NoHost HostKind = iota
	// Hostname: the host is a hostname (section 3.2.2).
	Hostname
	// IPv4: the host is an IPv4address (section 3.2.2).
	IPv4
	// IPv6: the host is an IPv6 literal in brackets, an ipv6reference of
	// RFC 2732 (only under the edit ipv6, see [Profile]); Host includes
	// the brackets, as java.net.URI's getHost does.
	IPv6
)

// Code returns a short, stable name for k: "hostname", "ipv4", "ipv6" or
// "none".
func (k HostKind) Code() string {
	switch k {
	case Hostname:
		return "hostname"
	case IPv4:
		return "ipv4"
	case IPv6:
		return "ipv6"
	}
	return "none"
}

// String describes k for people by the rule that matched: "hostname",
// "IPv4address" or "no host".
func (k HostKind) String() string {
	switch k {
	case Hostname:
		return "hostname"
	case IPv4:
		return "IPv4address"
	case IPv6:
		return "IPv6reference (RFC 2732)"
	}
	return "no host"
}

// URI is a valid URI reference and how Appendix A reads it: the nine
// components of section 3, as Java's java.net.URI names them, in raw,
// escaped form.
//
// A URI holds the reference and the byte range of each component in it, so
// every component, the scheme-specific part and String are substrings of
// the parsed reference, not copies. The zero URI is the empty reference.
// URIs are made by Parse, ParseInto and Compose, and are never invalid.
type URI struct {
	profile       *Profile // the grammar it was read under; nil is Strict
	ref           string
	spans         uriSpans
	opaque        bool
	authorityKind AuthorityKind
	hostKind      HostKind
}

// component returns component p; a nil u has none.
func (u *URI) component(p syntax.Part) Component {
	if u == nil {
		return Component{}
	}
	v, ok := u.spans.get(u.ref, p)
	return Component{Value: v, Defined: ok}
}

// Scheme returns the scheme (section 3.1), defined for an absolute URI.
func (u *URI) Scheme() Component { return u.component(syntax.Scheme) }

// SchemeSpecificPart returns everything between the scheme's ":" and the
// "#" of the fragment, or, for a relative reference, everything before the
// "#" (Java's [scheme:]scheme-specific-part[#fragment]). It is always
// defined, possibly empty.
func (u *URI) SchemeSpecificPart() string {
	if u == nil {
		return ""
	}
	return u.spans.schemeSpecificPart(u.ref)
}

// Authority returns the authority (section 3.2), defined when the reference
// has a net_path ("//"), possibly empty ("file:///x").
func (u *URI) Authority() Component { return u.component(syntax.Authority) }

// AuthorityKind tells whether the authority is server-based or
// registry-based.
func (u *URI) AuthorityKind() AuthorityKind {
	if u == nil {
		return NoAuthority
	}
	return u.authorityKind
}

// UserInfo returns the userinfo of a server-based authority (section
// 3.2.2), defined when the authority has an "@".
func (u *URI) UserInfo() Component { return u.component(syntax.UserInfo) }

// Host returns the host of a server-based authority (section 3.2.2): a
// hostname or an IPv4address, as HostKind tells.
func (u *URI) Host() Component { return u.component(syntax.Host) }

// Port returns the port of a server-based authority (section 3.2.2), defined
// when the host is followed by ":". port = *digit, so a defined port may be
// empty: "http://h:/".
func (u *URI) Port() Component { return u.component(syntax.Port) }

// Path returns the path (section 3.3). It is never undefined, but may be
// empty. For an opaque URI it is the whole opaque_part: section 3's
// "<path>" names both abs_path and opaque_part.
func (u *URI) Path() string { return u.component(syntax.Path).Value }

// IsOpaque reports an absolute URI whose scheme-specific part does not start
// with "/" (opaque_part, section 3).
func (u *URI) IsOpaque() bool { return u != nil && u.opaque }

// Query returns the query (section 3.4). It is always undefined for an
// opaque URI: Appendix A gives opaque_part no query, so in "mailto:a?b" the
// "?b" is part of the path.
func (u *URI) Query() Component { return u.component(syntax.Query) }

// Fragment returns the fragment identifier (section 4.1).
func (u *URI) Fragment() Component { return u.component(syntax.Fragment) }

// Profile returns the profile u was parsed under: [Strict] for Parse and
// ParseInto, the profile for a [Profile]'s Parse, the base's for a
// resolution's result.
func (u *URI) Profile() *Profile {
	if u == nil || u.profile == nil {
		return strict
	}
	return u.profile
}

// IsAbsolute reports whether u has a scheme (absoluteURI, section 3).
func (u *URI) IsAbsolute() bool { return u != nil && u.spans.has(syntax.Scheme) }

// String returns the reference. It is the recomposition of section 5.2,
// step 7: scheme ":" if defined, "//" authority if defined, the path, "?"
// query if defined, "#" fragment if defined; for a parsed URI it is exactly
// the string that was parsed. A nil URI gives "".
func (u *URI) String() string {
	if u == nil {
		return ""
	}
	return u.ref
}

// MarshalText implements [encoding.TextMarshaler]: the reference, as
// String returns it. Its receiver is a value, so that a URI held by value
// (a struct field of type URI, not *URI) marshals as its reference too:
// encoding/json writes a nil *URI as null without calling it, and the
// zero URI as "" (the empty reference).
func (u URI) MarshalText() ([]byte, error) {
	return []byte(u.ref), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler], strictly: it parses
// text as [Parse] does and returns its *[Error] if text is not a
// URI-reference.
func (u *URI) UnmarshalText(text []byte) error {
	return ParseInto(u, string(text))
}

// compose is Compose under p.
func (p *Profile) compose(scheme, authority Component, path string, query, fragment Component) (*URI, error) {
	return composeWith(p.Parse, scheme, authority, path, query, fragment)
}
