package parser

import (
	"errors"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// maxInput is the longest reference Parse takes.
const maxInput = syntax.MaxRefLen

// TooLongError reports a reference longer than [Parse] takes (2 GiB).
type TooLongError struct {
	Len int
}

// errNilURI is returned where a nil *URI is given.
var errNilURI = errors.New("rfc2396: nil *URI")

func (e *TooLongError) Error() string {
	if e == nil {
		return "rfc2396: <nil *TooLongError>"
	}
	return syntax.TooLongMessage("rfc2396", e.Len)
}

// Parse parses ref as an RFC 2396 URI-reference (Appendix A, section 4),
// strictly: a reference that Appendix A does not derive is an error, of type
// *[Error], that tells where and why. Any byte string may be given.
//
// Parse runs the compact parser that gen compiles from the grammar it
// derives from rfc2396.peg and the edits, with no edit in force (see the
// package documentation).
func Parse(ref string) (*URI, error) { return strict.Parse(ref) }

// ParseInto is [Parse] into a URI the caller provides, for callers that
// parse many references: it allocates nothing when ref is valid, so a
// caller that reuses one URI parses without garbage. On error, *u is set to
// the zero URI. A nil u is an error.
func ParseInto(u *URI, ref string) error { return strict.ParseInto(u, ref) }

// Valid reports whether ref is an RFC 2396 URI-reference. It is
// Matches(grammar.RuleURIReference, ref): it runs the automaton gen builds
// from the BNF, reads each byte once and allocates nothing.
func Valid(ref string) bool { return strict.Valid(ref) }

// fill sets u from the tokens of a successful parse of ref under profile
// (nil for Appendix A exactly): the compact parser's, or in the
// WebAssembly module the reference parser's (tokens_js.go).
func fill(u *URI, ref string, p *tokenParser, profile *Profile) {
	f := filler{u: u, emptyAuthority: profile != nil && profile.edits.Has(grammar.EditEmptyAuthority)}
	*u = URI{ref: ref, profile: profile}
	for i, n := 0, p.Len(); i < n; i++ {
		f.token(p.Token(i))
	}
	f.finish()
}

// filler reads a URI's components from the tokens of a parse, which come
// children first and in the order of the input: an IPv4address inside an
// ipv6reference comes before it, which then sets the host. It sets the
// boundaries a [uriSpans] keeps, each from the token that gives it; the
// path has no token of its own, and lies between what precedes it (the
// authority, "scheme:" or nothing) and what follows it ("?" query, "#"
// fragment or the end), or is the whole opaque_part.
type filler struct {
	u      *URI
	hasReg bool
	// pathEnds says the path's end is set: a query, a fragment or an
	// opaque_part came; else the path runs to the end.
	pathEnds bool
	// emptyAuthority says the edit empty-authority is in force.
	emptyAuthority bool
}

func (f *filler) token(rule grammar.Rule, b, e int) {
	switch rule {
	case grammar.RuleScheme:
		f.scheme(e)
	case grammar.RuleOpaquePart:
		f.opaquePart(b, e)
	case grammar.RuleAuthority:
		f.authority(b, e)
	case grammar.RuleRegName:
		f.hasReg = true
	case grammar.RuleUserinfo:
		f.userinfo(e)
	case grammar.RuleHostname:
		f.host(e, Hostname)
	case grammar.RuleIPv4address:
		f.host(e, IPv4)
	case grammar.RuleIpv6reference:
		// An IPv4 address inside it came first; the reference is the host.
		f.host(e, IPv6)
	case grammar.RulePort:
		f.port(b)
	case grammar.RuleQuery:
		f.query(b)
	case grammar.RuleFragment:
		f.fragment(b)
	}
}

// The methods below record a token of each role, small enough to be
// inlined into the loops over tokens (token, and parseStrictTokens's
// over the strict compact parser's own rules); each takes the token's
// end e or begin b, those of them a boundary needs.

// scheme records a scheme that ends at e: the path starts after its ":".
func (f *filler) scheme(e int) {
	s := &f.u.spans
	s.schemeEnd, s.pathBegin = int32(e), int32(e+1)
	s.define(syntax.Scheme)
}

// opaquePart records an opaque_part: the path is all of it.
func (f *filler) opaquePart(b, e int) {
	f.u.opaque = true
	f.u.spans.pathBegin, f.u.spans.pathEnd, f.pathEnds = int32(b), int32(e), true
}

// authority records an authority: the path starts after it.
func (f *filler) authority(b, e int) {
	s := &f.u.spans
	s.authBegin, s.authEnd, s.pathBegin = int32(b), int32(e), int32(e)
	s.define(syntax.Authority)
}

// userinfo records a userinfo that ends at e.
func (f *filler) userinfo(e int) {
	f.u.spans.userEnd = int32(e)
	f.u.spans.define(syntax.UserInfo)
}

// host records a host of kind k that ends at e.
func (f *filler) host(e int, k HostKind) {
	f.u.spans.hostEnd = int32(e)
	f.u.spans.define(syntax.Host)
	f.u.hostKind = k
}

// port records a port that begins at b, after the host's ":".
func (f *filler) port(b int) {
	f.u.spans.hostEnd = int32(b - 1)
	f.u.spans.define(syntax.Port)
}

// query records a query that begins at b: the path ends before its "?".
func (f *filler) query(b int) {
	f.u.spans.pathEnd, f.pathEnds = int32(b-1), true
	f.u.spans.define(syntax.Query)
}

// fragment records a fragment that begins at b: the path ends before its
// "#", unless a query or an opaque_part ended it.
func (f *filler) fragment(b int) {
	s := &f.u.spans
	s.fragBegin = int32(b)
	s.define(syntax.Fragment)
	if !f.pathEnds {
		s.pathEnd, f.pathEnds = int32(b-1), true
	}
}

func (f *filler) finish() {
	u := f.u
	s := &u.spans
	if !f.pathEnds {
		s.pathEnd = int32(len(u.ref))
	}
	if f.emptyAuthority && !s.has(syntax.Authority) && !u.opaque && s.pathEnd-s.pathBegin >= 2 && u.ref[s.pathBegin:s.pathBegin+2] == "//" {
		// Under the edit empty-authority, "//" before a path, a query or
		// a fragment ("file:///x", "//?q") opens no authority, as in
		// java.net.URI: it is no part of the path. Elsewhere a path that
		// starts with "//" is an abs_path whose first segment is empty
		// (possible only under a grammar edit that gives a segment a
		// character an authority cannot hold: "//a|b").
		s.pathBegin += 2
	}
	if f.emptyAuthority && s.has(syntax.Authority) && s.authBegin == s.authEnd {
		// Under empty-authority an empty authority is none, also where a
		// grammar edit lets a reg_name be empty and so reads one.
		s.defined &^= 1 << syntax.Authority
		s.authBegin, s.authEnd = 0, 0
	}
	s.define(syntax.Path)
	if s.has(syntax.Authority) {
		u.authorityKind = ServerAuthority
		if f.hasReg {
			u.authorityKind = RegistryAuthority
		}
	}
}
