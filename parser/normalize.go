package parser

import (
	"maps"
	"strings"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// DefaultPorts returns a new map from lower-case scheme to the port that
// section 6 lets an authority leave out: "http://a:80/" and "http://a/" are
// equivalent. It lists the schemes of the RFCs current in 1998 whose
// default ports are well known. Normalize and Equivalent use it unless given
// a table of their own, so it can be extended:
//
//	ports := parser.DefaultPorts()
//	ports["svn"] = "3690"
//	parser.Normalize(ref, parser.WithDefaultPorts(ports))
func DefaultPorts() map[string]string { return maps.Clone(defaultPorts) }

var defaultPorts = map[string]string{
	"ftp":      "21",
	"gopher":   "70",
	"http":     "80",
	"https":    "443",
	"ldap":     "389",
	"news":     "119",
	"nntp":     "119",
	"prospero": "1525",
	"telnet":   "23",
	"wais":     "210",
}

// NormalizeOption changes how Normalize and Equivalent work.
type NormalizeOption func(*normalizeConfig)

type normalizeConfig struct {
	ports map[string]string
}

// WithDefaultPorts makes Normalize and Equivalent use ports (lower-case
// scheme to port) instead of DefaultPorts().
func WithDefaultPorts(ports map[string]string) NormalizeOption {
	return func(c *normalizeConfig) { c.ports = ports }
}

// Normalize returns the canonical form of the reference ref, under which
// references that section 6 calls equivalent are equal:
//
//   - the scheme and a server's host are lower-cased (section 3.1: "programs
//     interpreting URI should treat upper case letters as equivalent to
//     lower case in scheme names"; section 6: domain names are
//     case-insensitive);
//   - the hex digits of every escape are upper-cased ("%7e" and "%7E" are
//     the same octet), or lower-cased if the grammar's hex has no upper
//     case (escapeHexDigits, generated from the grammar); nothing is unescaped, since unescaping a reserved
//     character changes its meaning and RFC 2396 leaves unreserved ones
//     alone too;
//   - an empty port, or the scheme's default port (DefaultPorts), is
//     removed: "http://a:80/" and "http://a:/" become "http://a/";
//     DefaultPorts lists the defaults;
//   - in a hierarchical path, "." segments and "<segment>/.." pairs are
//     removed as steps 6c to 6f of section 5.2 remove them, as Java's
//     URI.normalize does; ".." segments that would climb above the start of
//     the path are kept ("../b", "/../b"); a relative path stays relative:
//     it gets a "./" in front where it would be empty ("a/.." is "./"),
//     start with "/" ("a/..//x" is ".//x", not "/x") or have ":" in its
//     first segment ("x/../a:b" is "./a:b"), and a path without authority
//     that would start with "//" keeps a "/." in front ("x:/a/..//b" is
//     "x:/.//b"), so it is not read as an authority.
//
// A relative reference and its normal form resolve to equivalent URIs
// against every base (docs/normalization.md gives the rule and how the
// tests check it).
//
// An opaque URI keeps its scheme-specific part, except for the case of its
// escapes. ref must be a URI-reference.
//
// Under Appendix A as published every URI-reference has a normal form.
// After a grammar edit the form these rules write may be one the grammar
// in force rejects (with no empty segment, "a/." normalizes to "a/"):
// Normalize then returns a *[ComposeError] holding that form and the
// grammar's *[Error] for it.
func Normalize(ref string, opts ...NormalizeOption) (string, error) {
	return strict.Normalize(ref, opts...)
}

// Normalize is [Normalize] under p.
func (p *Profile) Normalize(ref string, opts ...NormalizeOption) (string, error) {
	p = p.orStrict()
	u, err := p.Parse(ref)
	if err != nil {
		return "", err
	}
	if u.isNormal(ref, newNormalizeConfig(opts)) {
		// What Normalize would recompose is ref itself, which p has
		// just accepted: most references are written in normal form.
		return ref, nil
	}
	n, err := u.Normalize(opts...)
	if err != nil {
		return "", err
	}
	return n.String(), nil
}

// Normalize returns the canonical form of u; see the function Normalize.
func (u *URI) Normalize(opts ...NormalizeOption) (*URI, error) {
	if u == nil {
		return nil, errNilURI
	}
	cfg := newNormalizeConfig(opts)
	scheme := u.Scheme()
	scheme.Value = strings.ToLower(scheme.Value)
	fragment := upperEscapes(u.Fragment())
	if u.IsOpaque() {
		return u.Profile().composeNormal(scheme, Component{}, upperEscapes(Some(u.Path())).Value, Component{}, fragment)
	}
	authority := upperEscapes(u.Authority())
	if u.AuthorityKind() == ServerAuthority {
		var b strings.Builder
		if ui := u.UserInfo(); ui.Defined {
			b.WriteString(upperEscapes(ui).Value)
			b.WriteByte('@')
		}
		b.WriteString(strings.ToLower(u.Host().Value))
		if port := u.Port(); port.Defined && port.Value != "" && port.Value != cfg.ports[scheme.Value] {
			b.WriteByte(':')
			b.WriteString(port.Value)
		}
		authority.Value = b.String()
	}
	path := normalizePath(upperEscapes(Some(u.Path())).Value, authority.Defined)
	return u.Profile().composeNormal(scheme, authority, path, upperEscapes(u.Query()), fragment)
}

// newNormalizeConfig is the configuration opts make.
func newNormalizeConfig(opts []NormalizeOption) normalizeConfig {
	cfg := normalizeConfig{ports: defaultPorts}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	return cfg
}

// isNormal reports whether ref, read as u, is its own normal form under
// cfg: whether [URI.Normalize] would compose from u the components u has,
// each of which it checks the way Normalize rewrites it, without
// allocating, and those components make up ref (the java profile reads
// the "//" of "file:///x" as no authority at all, which composes as
// "file:/x").
func (u *URI) isNormal(ref string, cfg normalizeConfig) bool {
	if syntax.RecomposedLen(syntax.Component(u.Scheme()), syntax.Component(u.Authority()), u.Path(), syntax.Component(u.Query()), syntax.Component(u.Fragment())) != len(ref) {
		return false
	}
	scheme := u.Scheme().Value
	if strings.ToLower(scheme) != scheme || !escapesNormal(u.Fragment().Value) || !escapesNormal(u.Path()) {
		return false
	}
	if u.IsOpaque() {
		return true
	}
	authority := u.Authority()
	if !escapesNormal(authority.Value) || !escapesNormal(u.Query().Value) {
		return false
	}
	if u.AuthorityKind() == ServerAuthority {
		host := u.Host().Value
		if strings.ToLower(host) != host {
			return false
		}
		if port := u.Port(); port.Defined && (port.Value == "" || port.Value == cfg.ports[scheme]) {
			return false
		}
	}
	path := u.Path()
	return normalizePath(path, authority.Defined) == path
}

// escapesNormal reports whether upperEscapes leaves s as it is.
func escapesNormal(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		if upper(s[i+1]) != s[i+1] || upper(s[i+2]) != s[i+2] {
			return false
		}
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return true
}

// composeNormal is compose for Normalize: a normal form the grammar in
// force rejects is a *ComposeError, not an *Error about a string the
// caller never gave.
func (p *Profile) composeNormal(scheme, authority Component, path string, query, fragment Component) (*URI, error) {
	u, err := p.compose(scheme, authority, path, query, fragment)
	if e, ok := syntax.ErrorAs[*Error](err); ok {
		return nil, &ComposeError{Ref: e.Input, Err: err}
	}
	return u, err
}

// normalizePath removes the dot segments of a hierarchical path without
// changing what it resolves to; see docs/normalization.md for the rule.
//
// An absolute path ("/a/./b/../c") loses them as steps 6c to 6f of section
// 5.2 remove them from a merged path; ".." segments that would climb above
// the root stay ("/../g"), and a result that would start with "//" keeps
// "/." in front, so that it is not read as an authority (section 3).
//
// A relative path ("a/../b") is resolved by appending it to the base's
// directory, which always starts with "/" (section 5.2, step 6a), and
// removing dot segments from the whole. Steps 6c to 6f are a rewriting
// that can be applied to the reference's part first: removing
// "<segment>/.." pairs and "." segments inside the reference gives the
// same merged result for every base. What must be kept is the form of the
// result: ".." segments that climb above the reference's start stay
// ("../b"), a result that is empty or whose first segment is empty gets a
// "./" in front ("a/.." is "./", not "", the current document; "a/..//x"
// is ".//x", not "/x" or "//x", which are other references), and so does
// one whose first segment contains ":", which would be read as a scheme.
func normalizePath(path string, hasAuthority bool) string {
	if path == "" {
		return ""
	}
	absolute := strings.HasPrefix(path, "/")
	path, _ = removeDotSegments(path)
	if absolute {
		if !hasAuthority && strings.HasPrefix(path, "//") {
			path = "/." + path
		}
		return path
	}
	// A relative path is a relative reference's: it has no scheme.
	return syntax.KeepRelative(path, false)
}

// upperEscapes writes the hex digits of the escapes in c as Escape
// writes them: in upper case, unless the grammar's hex has no upper case.
func upperEscapes(c Component) Component {
	s := c.Value
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return c
	}
	b := []byte(s)
	for ; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1] = upper(b[i+1])
			b[i+2] = upper(b[i+2])
			i += 2
		}
	}
	c.Value = string(b)
	return c
}

func upper(c byte) byte {
	if syntax.IsHex(c) {
		return escapeHexDigits[syntax.HexValue(c)]
	}
	return c
}

// Equal reports whether a and b are the same reference, component for
// component, byte for byte. Two nil URIs are equal; a nil and a non-nil one
// are not.
func Equal(a, b *URI) bool { return (a == nil) == (b == nil) && a.String() == b.String() }

// Equivalent reports whether a and b are equivalent under section 6:
// equal once both are normalized (see Normalize). It reports false if
// either cannot be normalized or is nil.
func Equivalent(a, b *URI, opts ...NormalizeOption) bool {
	if a == nil || b == nil {
		return false
	}
	na, err := a.Normalize(opts...)
	if err != nil {
		return false
	}
	nb, err := b.Normalize(opts...)
	if err != nil {
		return false
	}
	return na.ref == nb.ref
}
