package parser

import "strings"

// Component is one component of a URI reference, in its raw, escaped form.
// Defined distinguishes a component that is absent from one that is present
// but empty: "http://a/b" has no query, "http://a/b?" has an empty one.
type Component struct {
	Value   string
	Defined bool
}

// Some returns a defined component with the given value.
func Some(value string) Component { return Component{Value: value, Defined: true} }

// AuthorityKind tells how an authority was read (section 3.2).
type AuthorityKind int

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

func (k AuthorityKind) String() string {
	switch k {
	case ServerAuthority:
		return "server"
	case RegistryAuthority:
		return "registry"
	}
	return "none"
}

// HostKind tells which alternative of host = hostname | IPv4address matched.
type HostKind int

const (
	// NoHost: there is no host (no authority, a registry-based one, or an
	// empty server).
	NoHost HostKind = iota
	// Hostname: the host is a hostname (section 3.2.2).
	Hostname
	// IPv4 : the host is an IPv4address (section 3.2.2).
	IPv4
)

func (k HostKind) String() string {
	switch k {
	case Hostname:
		return "hostname"
	case IPv4:
		return "ipv4"
	}
	return "none"
}

// URI is a parsed URI reference: the nine components of section 3 (as Java's
// java.net.URI names them) in raw, escaped form, and how it was read.
//
// After Parse, every component is a substring of the parsed reference, not a
// copy. Scheme, Authority, Path, Query and Fragment are the five components
// that String recomposes (section 5.2, step 7); UserInfo, Host and Port are
// the parts of a server-based Authority.
type URI struct {
	Scheme    Component
	Authority Component
	UserInfo  Component
	Host      Component
	Port      Component // port = *digit: may be defined and empty, "http://h:/"
	// Path is never undefined, but may be empty. For an opaque URI it is the
	// whole opaque_part (section 3: "<path>" names both abs_path and
	// opaque_part).
	Path string
	// Query is always undefined for an opaque URI: Appendix A gives
	// opaque_part no query, so in "mailto:a?b" the "?b" is part of the path.
	Query    Component
	Fragment Component

	// Opaque reports an absolute URI whose scheme-specific part does not
	// start with "/" (opaque_part, section 3).
	Opaque        bool
	AuthorityKind AuthorityKind
	HostKind      HostKind
}

// IsAbsolute reports whether u has a scheme (absoluteURI, section 3).
func (u *URI) IsAbsolute() bool { return u.Scheme.Defined }

// SchemeSpecificPart returns everything between the scheme's ":" and the
// "#" of the fragment, or, for a relative reference, everything before the
// "#" (Java's [scheme:]scheme-specific-part[#fragment]). It is always
// defined, possibly empty.
func (u *URI) SchemeSpecificPart() string {
	if u.Opaque {
		return u.Path
	}
	var b strings.Builder
	u.writeHierarchical(&b)
	return b.String()
}

func (u *URI) writeHierarchical(b *strings.Builder) {
	if u.Authority.Defined {
		b.WriteString("//")
		b.WriteString(u.Authority.Value)
	}
	b.WriteString(u.Path)
	if u.Query.Defined {
		b.WriteByte('?')
		b.WriteString(u.Query.Value)
	}
}

// String recomposes the reference from its components (section 5.2, step 7):
// scheme ":" if defined, "//" authority if defined, the path, "?" query if
// defined, "#" fragment if defined. For every valid reference s,
// Parse(s).String() == s.
func (u *URI) String() string {
	var b strings.Builder
	n := len(u.Scheme.Value) + len(u.Authority.Value) + len(u.Path) + len(u.Query.Value) + len(u.Fragment.Value) + 5
	b.Grow(n)
	if u.Scheme.Defined {
		b.WriteString(u.Scheme.Value)
		b.WriteByte(':')
	}
	u.writeHierarchical(&b)
	if u.Fragment.Defined {
		b.WriteByte('#')
		b.WriteString(u.Fragment.Value)
	}
	return b.String()
}
