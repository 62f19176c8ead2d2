package parser

import (
	"errors"
	"strconv"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser/internal/editcompact"
	"github.com/rfc2396/rfc2396/parser/internal/explain"
)

// compactParsers holds reusable parsers of the compact grammar with no
// edit in force (Appendix A exactly). A parser keeps its token array
// between runs; the pool is what makes Parse allocate nothing but its
// result, and safe for concurrent use.
var compactParsers = sync.Pool{New: func() any { return editcompact.NewParser() }}

// maxInput is the longest reference Parse takes: offsets are kept as int32.
const maxInput = 1<<31 - 1

// screenAbove is the length above which Parse, before it runs the compact
// parser, checks the reference with the automaton of package explain. The
// compact parser keeps a token for each rule it matches, and tokens of
// alternatives it tries and gives up; the automaton holds nothing. A long
// reference that is not valid, 50 MB of junk say, is then rejected without
// that memory, at the cost of a second pass (about a third of the parse's
// time) over long valid ones.
const screenAbove = 64 << 10

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
	return "rfc2396: reference of " + strconv.Itoa(e.Len) + " bytes is longer than the 2 GiB this parser takes"
}

// Parse parses ref as an RFC 2396 URI-reference (Appendix A, section 4),
// strictly: a reference that Appendix A does not derive is an error, of type
// *[Error], that tells where and why. Any byte string may be given.
//
// Parse runs the compact parser that pointlander/peg generates from the
// grammar gen derives from rfc2396.peg and the edits, with no edit in
// force (see the package documentation).
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

// parseStrictInto is ParseInto under Appendix A exactly: the compact
// parser with no edit in force.
func parseStrictInto(u *URI, ref string) error {
	if len(ref) > screenAbove && !explain.Match(grammar.RuleURIReference, ref) {
		*u = URI{}
		return strict.explainError(grammar.RuleURIReference, ref)
	}
	p := compactParsers.Get().(*editcompact.Parser)
	ok := p.Match(ref, grammar.RuleURIReference)
	if ok {
		fill(u, ref, p)
	}
	compactParsers.Put(p)
	if !ok {
		*u = URI{}
		return strict.explainError(grammar.RuleURIReference, ref)
	}
	return nil
}

// fill sets u from the tokens of a successful compact parse of ref.
func fill(u *URI, ref string, p *editcompact.Parser) {
	f := filler{u: u, pathEnd: len(ref)}
	*u = URI{ref: ref}
	for i, n := 0, p.Len(); i < n; i++ {
		f.token(p.Token(i))
	}
	f.finish()
}

// filler reads a URI's components from the tokens of a compact parse,
// which come children first.
type filler struct {
	u      *URI
	hasReg bool
	// The path of a hierarchical reference runs from the end of what
	// precedes it (authority, "scheme:" or nothing) to the "?" of the
	// query, the "#" of the fragment or the end of the reference.
	pathBegin, pathEnd int
}

func (f *filler) token(rule grammar.Rule, b, e int) {
	u := f.u
	switch rule {
	case grammar.RuleScheme:
		u.set(partScheme, b, e)
		f.pathBegin = e + 1
	case grammar.RuleOpaquePart:
		u.opaque = true
		f.pathBegin, f.pathEnd = b, e
	case grammar.RuleAuthority:
		u.set(partAuthority, b, e)
		f.pathBegin = e
	case grammar.RuleRegName:
		f.hasReg = true
	case grammar.RuleUserinfo:
		u.set(partUserInfo, b, e)
	case grammar.RuleHostname:
		u.set(partHost, b, e)
		u.hostKind = Hostname
	case grammar.RuleIPv4address:
		u.set(partHost, b, e)
		u.hostKind = IPv4
	case grammar.RuleIpv6reference:
		// An IPv4 address inside it came first; the reference is the host.
		u.set(partHost, b, e)
		u.hostKind = IPv6
	case grammar.RulePort:
		u.set(partPort, b, e)
	case grammar.RuleQuery:
		u.set(partQuery, b, e)
		f.pathEnd = b - 1
	case grammar.RuleFragment:
		u.set(partFragment, b, e)
		if !u.opaque && u.defined&(1<<partQuery) == 0 {
			f.pathEnd = b - 1
		}
	}
}

func (f *filler) finish() {
	u := f.u
	if u.defined&(1<<partAuthority) == 0 && !u.opaque && f.pathEnd-f.pathBegin >= 2 && u.ref[f.pathBegin:f.pathBegin+2] == "//" {
		// Under the edit empty-authority, "//" before a path, a query or
		// a fragment ("file:///x", "//?q") opens no authority, as in
		// java.net.URI; Appendix A and every other edit read any "//"
		// there as an authority, so this cannot happen without it.
		f.pathBegin += 2
	}
	if u.defined&(1<<partAuthority) != 0 {
		u.authorityKind = ServerAuthority
		if f.hasReg {
			u.authorityKind = RegistryAuthority
		}
	}
	u.set(partPath, f.pathBegin, f.pathEnd)
}
