// Package report is the tools' layer: it holds the standards the tools
// know as values ([Standards], [LookupStandard]), reads references under
// any of them as the rfc2396 command reports them (with a profile and
// edits), and writes what it reads as the command's JSON records. The
// command (cmd/rfc2396), the site's JSON endpoint (/api/parse), the
// conformance kit and gen/examples all take their grammar from here, so a
// record is the same bytes whichever of them answers; docs/cli.md ("JSON
// output") describes the records.
//
// It sits above the grammar packages (it imports every face), which is why
// it is not under internal/: nothing below the faces imports it. Its API
// serves this module's tools and makes no compatibility promise beyond
// theirs.
package report

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/uri"
)

// The names of the standards, as --standard and the JSON records
// spell them.
const (
	StandardRFC2396 = "rfc2396"
	StandardRFC3986 = "rfc3986"
	StandardRFC3987 = "rfc3987"
)

// Reader is one way of reading references: RFC 2396 under a profile
// ([RFC2396Reader]), or RFC 3986 ([RFC3986Reader]). parse, tree, resolve
// and normalize run one code path over a Reader, whichever the standard;
// what a standard lacks (profiles under RFC 3986, server-based
// authorities) is left empty in what it returns.
type Reader interface {
	// Standard is the standard's name (StandardRFC2396, ...); Profile
	// names the profile and the edits in force, as each reader says.
	Standard() string
	Profile() string
	// Spec is the document of the standard ("RFC 3986").
	Spec() string
	// StartRule is the RFC name of the start rule of a reference
	// ("URI-reference", "IRI-reference").
	StartRule() string
	// LookupRule finds a rule of the grammar by its RFC name.
	LookupRule(name string) (Rule, error)
	// Read checks in against rule: the error, and the components when
	// the rule's strings are whole references. explain asks, for an
	// invalid input, for the profiles under which it is valid.
	Read(r Rule, in string, explain bool) Reading
	// Tree is the parse tree of in as rule r.
	Tree(r Rule, in string) (*TreeNode, error)
	// Resolve, Normalize and Relativize are those of the standard (and
	// profile).
	Resolve(base, ref string) (string, []Warning, error)
	Normalize(ref string) (string, error)
	Relativize(base, target string) (string, error)
}

// Rule is a rule of one of the two grammars: a grammar.Rule or an RFC
// 3986 grammar's Rule.
type Rule interface {
	String() string
}

// Reading is what parse reports of one input.
type Reading struct {
	Err   error
	View  *View          // for a valid whole reference
	Needs []grammar.Edit // RFC 2396: the profile's edits a valid input needs
	// EditsNeeded, for the RFC 3986 family, are the edits in force that
	// a valid input needs: those, each alone, under which the grammar as
	// published accepts it.
	EditsNeeded []string
	// ValidUnder, asked with explain of an invalid input, are the
	// readings under which it is valid: the profile or grammar with one
	// more edit, and the named profiles that accept it.
	ValidUnder []Alternative
	IRI        *IRI // RFC 3987: a valid IRI's URI and warnings ([ReadIRI])
	// Fields are what a standard's [Face] adds to a valid reading of
	// its start rule (RFC 9112's form, RFC 8141's NID, ...).
	Fields []Field
}

// Alternative is a reading under which an input the reader refuses is
// valid (parser.Alternative, uri.Alternative): its name ("rfc2732",
// "strict+ipv6"), the edits it needs and the documents that justify them.
type Alternative struct {
	Profile          string
	Edits, Documents []string
}

// View is a valid reference's components as parse shows them, for both
// standards. The fields RFC 3986 has no counterpart for are unset there.
type View struct {
	Scheme, Authority    parser.Component
	UserInfo, Host, Port parser.Component
	Path                 string
	Query, Fragment      parser.Component
	SchemeSpecificPart   *string // RFC 2396 only
	Opaque               *bool   // RFC 2396 only
	AuthorityKind        Kind    // RFC 2396 only
	HostKind             Kind
	KindWord             string                // the "kind" row: hierarchical, opaque, absolute, relative
	AppendixF            *extract.Abbreviation // RFC 2396: a first segment that reads as a host
}

// Kind is an enum value of a component (authority or host kind): its code
// for JSON and its name for people, both empty when there is none.
type Kind struct{ Code, Name string }

// TreeNode is a node of a parse tree of either grammar.
type TreeNode struct {
	Rule       string
	Begin, End int
	CharLevel  bool // a character-level rule (alpha, pchar, ...)
	Children   []*TreeNode
}

// RFC2396Reader reads by RFC 2396 under a profile. Its last reading's
// view is kept in it, valid until the next read: commands read one input
// at a time, and a batch allocates no view per reference. It is not safe
// for concurrent use.
type RFC2396Reader struct {
	p *parser.Profile
	// ResolveOpts are passed to every Resolve.
	ResolveOpts []parser.ResolveOption
	u           parser.URI
	v           View
	ssp         string
	opaque      bool
	abbrev      extract.Abbreviation
	base        BaseCache
}

// NewRFC2396Reader returns a reader by RFC 2396 under p.
func NewRFC2396Reader(p *parser.Profile) *RFC2396Reader { return &RFC2396Reader{p: p} }

// ParserProfile is the profile, with the edits allowed besides, that r
// reads by.
func (r *RFC2396Reader) ParserProfile() *parser.Profile { return r.p }

// Standard is StandardRFC2396.
func (r *RFC2396Reader) Standard() string { return StandardRFC2396 }

// StartRule is "URI-reference".
func (r *RFC2396Reader) StartRule() string { return "URI-reference" }

// Spec is "RFC 2396".
func (r *RFC2396Reader) Spec() string { return "RFC 2396" }

// Profile is the name of the reader's profile.
func (r *RFC2396Reader) Profile() string { return r.p.Name() }

// LookupRule finds a rule of Appendix A the profile has.
func (r *RFC2396Reader) LookupRule(name string) (Rule, error) {
	ru, ok := grammar.Lookup(name)
	if !ok || !r.p.Has(ru) {
		return nil, fmt.Errorf("no rule named %q in the grammar of profile %s; Appendix A's rules are: %s", name, r.p, strings.Join(grammar.Names(), " "))
	}
	return ru, nil
}

// wholeReference reports the rules whose strings are whole references, for
// which parse shows components.
func wholeReference(r grammar.Rule) bool {
	return r == grammar.RuleURIReference || r == grammar.RuleAbsoluteURI || r == grammar.RuleRelativeURI
}

// Read checks in against ru under the profile (see [Reader]).
func (r *RFC2396Reader) Read(ru Rule, in string, explain bool) Reading {
	rl := ru.(grammar.Rule)
	u := &r.u
	var res Reading
	if rl == grammar.RuleURIReference {
		res.Err = r.p.ParseInto(u, in)
	} else if res.Err = r.p.Match(rl, in); res.Err == nil && wholeReference(rl) {
		res.Err = r.p.ParseInto(u, in)
	}
	if res.Err != nil {
		if explain {
			for _, a := range r.p.ValidUnder(rl, in) {
				var edits []string
				for _, e := range a.Edits {
					edits = append(edits, e.Code())
				}
				res.ValidUnder = append(res.ValidUnder, Alternative{Profile: a.Profile.Name(), Edits: edits, Documents: a.Documents()})
			}
		}
		return res
	}
	res.Needs = r.p.Needs(rl, in)
	if !wholeReference(rl) {
		return res
	}
	r.ssp, r.opaque = u.SchemeSpecificPart(), u.IsOpaque()
	v := &r.v
	*v = View{
		Scheme: u.Scheme(), Authority: u.Authority(), UserInfo: u.UserInfo(),
		Host: u.Host(), Port: u.Port(), Path: u.Path(), Query: u.Query(), Fragment: u.Fragment(),
		SchemeSpecificPart: &r.ssp, Opaque: &r.opaque,
	}
	if k := u.AuthorityKind(); k != parser.NoAuthority {
		v.AuthorityKind = Kind{k.Code(), k.String()}
	}
	if k := u.HostKind(); k != parser.NoHost {
		v.HostKind = Kind{k.Code(), k.String()}
	}
	switch {
	case !u.IsAbsolute():
		v.KindWord = "relative"
	case u.IsOpaque():
		v.KindWord = "opaque"
	default:
		v.KindWord = "hierarchical"
	}
	if !u.IsAbsolute() {
		if a, ok := extract.LooksAbbreviated(in); ok {
			r.abbrev = a
			v.AppendixF = &r.abbrev
		}
	}
	res.View = v
	return res
}

// Tree is the parse tree of in as ru under the profile.
func (r *RFC2396Reader) Tree(ru Rule, in string) (*TreeNode, error) {
	root, err := r.p.ParseTree(ru.(grammar.Rule), in)
	if err != nil {
		return nil, err
	}
	return treeOf(root, func(n *parser.Node) (grammar.Rule, int, int, []*parser.Node) {
		return n.Rule, n.Begin, n.End, n.Children
	}), nil
}

// Resolve resolves ref against base under the profile, with ResolveOpts.
func (r *RFC2396Reader) Resolve(base, ref string) (string, []Warning, error) {
	result, ws, err := r.base.Resolve(r.p, base, ref, r.ResolveOpts...)
	return result, warningsOf(ws), err
}

// BaseCache resolves references against a base, or relativizes targets
// against it, under a profile as [parser.Profile.Resolve] and
// [parser.Profile.Relativize] do, parsing the base once for as long as the
// base and the profile stay the same: a batch reads every reference
// against one base. The zero BaseCache is ready for use; it is not safe
// for concurrent use.
type BaseCache struct {
	p      *parser.Profile
	base   string
	u      *parser.URI // nil when base is not an absolute URI under p
	filled bool
	target parser.URI // the target of Relativize, parsed
}

// parsed returns base parsed under p, nil when it is not valid there.
func (c *BaseCache) parsed(p *parser.Profile, base string) *parser.URI {
	if !c.filled || c.p != p || c.base != base {
		c.p, c.base, c.filled = p, base, true
		c.u, _ = p.Parse(base)
	}
	return c.u
}

// Relativize is p.Relativize(base, target).
func (c *BaseCache) Relativize(p *parser.Profile, base, target string) (string, error) {
	b := c.parsed(p, base)
	if b == nil {
		return p.Relativize(base, target) // the error, as Relativize words it
	}
	t := &c.target
	if err := p.ParseInto(t, target); err != nil {
		return p.Relativize(base, target)
	}
	r, err := b.Relativize(t) // t itself, or a new URI
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// Resolve is p.Resolve(base, ref, opts...).
func (c *BaseCache) Resolve(p *parser.Profile, base, ref string, opts ...parser.ResolveOption) (string, []parser.Warning, error) {
	if c.parsed(p, base) == nil {
		return p.Resolve(base, ref, opts...) // the error, as Resolve words it
	}
	u, ws, err := c.u.Resolve(ref, opts...)
	if err != nil {
		return "", ws, err
	}
	return u.String(), ws, nil
}

// Normalize is the profile's normal form of ref.
func (r *RFC2396Reader) Normalize(ref string) (string, error) { return r.p.Normalize(ref) }

// Relativize is the shortest reference that resolves against base to
// target under the profile.
func (r *RFC2396Reader) Relativize(base, target string) (string, error) {
	return r.base.Relativize(r.p, base, target)
}

// GrammarReader reads by a grammar of the RFC 3986 family (RFC 3986,
// RFC 3987, ...): one reader for every [uri.Grammar], which it is given as
// a value. It keeps its last reading's view, as RFC2396Reader does, and
// under RFC 3987 its last reading's [IRI].
type GrammarReader[R uri.Rule] struct {
	g *uri.Grammar[R]
	// profile is what Profile says under a named profile other than
	// strict: its name, and "+" and the edits allowed besides.
	profile string
	// ResolveOpts are passed to every Resolve.
	ResolveOpts []uri.ResolveOption
	u           uri.URI[R]
	v           View
	base        grammarBase[R]
	// iri is the last reading's IRI, which [ReadIRI] fills instead of
	// allocating one a reading; mapsToURI is [MapsToURI] of the reader,
	// worked out once: 0 before, 1 if it maps to URIs, -1 if not.
	iri       IRI
	mapsToURI int8
}

// NewGrammarReader returns a reader by g.
func NewGrammarReader[R uri.Rule](g *uri.Grammar[R]) *GrammarReader[R] {
	return &GrammarReader[R]{g: g}
}

// keptIRI returns the IRI the reader keeps for [ReadIRI], and whether its
// standard's strings map to URIs at all.
func (r *GrammarReader[R]) keptIRI() (*IRI, bool) {
	if r.mapsToURI == 0 {
		r.mapsToURI = -1
		if MapsToURI(r) {
			r.mapsToURI = 1
		}
	}
	return &r.iri, r.mapsToURI > 0
}

// grammarBase is a base parsed once, for as long as it stays the same,
// and a URI to parse targets into.
type grammarBase[R uri.Rule] struct {
	base     string
	filled   bool
	absolute bool // the base parsed and has a scheme
	u, t     uri.URI[R]
}

// Standard is the grammar's name ("rfc3986").
func (r *GrammarReader[R]) Standard() string { return r.g.Name() }

// Spec is the grammar's document ("RFC 3986").
func (r *GrammarReader[R]) Spec() string { return r.g.Spec() }

// StartRule is the RFC name of the grammar's start rule.
func (r *GrammarReader[R]) StartRule() string { return r.g.RuleInfo(r.g.Start()).Name }

// Profile is the edits in force, comma-separated ("" for the grammar as
// published), or under a named profile other than strict its name, with
// the edits allowed besides after a "+" ("rfc6874+bidi-formatting"), as
// RFC 2396's profiles are named.
func (r *GrammarReader[R]) Profile() string {
	if r.profile != "" {
		return r.profile
	}
	return strings.Join(r.g.Allowed(), ",")
}

// LookupRule finds a rule of the grammar. The rule's String is the name
// the grammar in force gives it ([namedRule]).
func (r *GrammarReader[R]) LookupRule(name string) (Rule, error) {
	ru, ok := r.g.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no rule named %q in %s; its rules are: %s", name, r.g.AppendixA(), strings.Join(r.g.RuleNames(), " "))
	}
	return namedRule[R]{ru, r.g.RuleInfo(ru).Name}, nil
}

// namedRule is a rule of a GrammarReader's grammar with the name the
// grammar in force gives it: R's own String knows only the rules of the
// grammar as published, and calls those an edit adds (RFC 6874's ZoneID
// and IPv6addrz under zone-id) "Rule(invalid)".
type namedRule[R uri.Rule] struct {
	rule R
	name string
}

// String is the rule's RFC name.
func (n namedRule[R]) String() string { return n.name }

// grammarRule is the rule of R that ru, from LookupRule, stands for; false
// for a rule of another grammar.
func grammarRule[R uri.Rule](ru Rule) (R, bool) {
	switch x := ru.(type) {
	case namedRule[R]:
		return x.rule, true
	case R:
		return x, true
	}
	var none R
	return none, false
}

// Read checks in against ru (explain does not apply).
func (r *GrammarReader[R]) Read(ru Rule, in string, explain bool) Reading {
	rl, ok := grammarRule[R](ru)
	if !ok {
		return Reading{Err: fmt.Errorf("%s: %v is not a rule of %s", r.g.Name(), ru, r.g.Spec())}
	}
	u := &r.u
	var res Reading
	whole := r.g.IsWhole(rl)
	if rl == r.g.Start() {
		res.Err = r.g.ParseInto(u, in)
	} else if res.Err = r.g.Match(rl, in); res.Err == nil && whole {
		res.Err = r.g.ParseInto(u, in)
	}
	if res.Err == nil && len(r.g.Allowed()) > 0 {
		res.EditsNeeded = r.g.Needs(rl, in)
	}
	if res.Err != nil && explain {
		for _, a := range r.g.ValidUnder(rl, in) {
			res.ValidUnder = append(res.ValidUnder, Alternative(a))
		}
	}
	if res.Err != nil || !whole {
		return res
	}
	c := func(x uri.Component) parser.Component { return parser.Component(x) }
	v := &r.v
	*v = View{
		Scheme: c(u.Scheme()), Authority: c(u.Authority()), UserInfo: c(u.UserInfo()),
		Host: c(u.Host()), Port: c(u.Port()), Path: u.Path(), Query: c(u.Query()), Fragment: c(u.Fragment()),
		KindWord: "absolute",
	}
	if !u.IsAbsolute() {
		v.KindWord = "relative"
	}
	if k := u.HostKind(); k != uri.NoHost {
		v.HostKind = Kind{k.Code(), k.String()}
	}
	res.View = v
	return res
}

// Tree is the parse tree of in as ru.
func (r *GrammarReader[R]) Tree(ru Rule, in string) (*TreeNode, error) {
	rl, ok := grammarRule[R](ru)
	if !ok {
		return nil, fmt.Errorf("%s: %v is not a rule of %s", r.g.Name(), ru, r.g.Spec())
	}
	root, err := r.g.ParseTree(rl, in)
	if err != nil {
		return nil, err
	}
	return r.treeOf(root), nil
}

// treeOf converts a parse tree into TreeNodes.
func (r *GrammarReader[R]) treeOf(n *uri.Node[R]) *TreeNode {
	info := r.g.RuleInfo(n.Rule) // the grammar in force names the rules an edit adds
	t := &TreeNode{Rule: info.Name, Begin: n.Begin, End: n.End, CharLevel: info.CharacterLevel}
	for _, c := range n.Children {
		t.Children = append(t.Children, r.treeOf(c))
	}
	return t
}

// Resolve resolves ref against base, with ResolveOpts.
func (r *GrammarReader[R]) Resolve(base, ref string) (string, []Warning, error) {
	result, ws, err := r.g.Resolve(base, ref, r.ResolveOpts...)
	return result, warningsOf(ws), err
}

// Normalize is the grammar's normal form of ref.
func (r *GrammarReader[R]) Normalize(ref string) (string, error) { return r.g.Normalize(ref) }

// Relativize is the shortest reference that resolves against base to
// target.
func (r *GrammarReader[R]) Relativize(base, target string) (string, error) {
	c := &r.base
	if !c.filled || c.base != base {
		c.base, c.filled = base, true
		c.absolute = r.g.ParseInto(&c.u, base) == nil && c.u.Scheme().Defined
	}
	if !c.absolute || r.g.ParseInto(&c.t, target) != nil || !c.t.Scheme().Defined {
		return r.g.Relativize(base, target) // the error, as Relativize words it
	}
	rel, err := c.u.Relativize(&c.t)
	if err != nil {
		return "", err
	}
	return rel.String(), nil
}

// AddResolveOptions adds to the options of every Resolve.
func (r *GrammarReader[R]) AddResolveOptions(opts ...uri.ResolveOption) {
	r.ResolveOpts = append(r.ResolveOpts, opts...)
}

// CoreReader is a reader by a grammar of the RFC 3986 family, whose
// resolution, normalization and errors are package uri's: a
// [GrammarReader] of any grammar.
type CoreReader interface {
	Reader
	AddResolveOptions(opts ...uri.ResolveOption)
}

// RFC3986Family reports whether rd reads by a grammar of the RFC 3986
// family (a [CoreReader]).
func RFC3986Family(rd Reader) bool {
	_, ok := rd.(CoreReader)
	return ok
}

// Warning is a warning of parser.Resolve or rfc3986.Resolve.
type Warning interface {
	Code() string
	String() string
}

// warningsOf returns the warnings of either RFC's Resolve as warnings.
func warningsOf[W Warning](ws []W) []Warning {
	out := make([]Warning, len(ws))
	for i, w := range ws {
		out[i] = w
	}
	return out
}

// treeOf converts a parse tree of either package into TreeNodes.
func treeOf[N any, R interface {
	String() string
	IsCharacterLevel() bool
}](n N, node func(N) (R, int, int, []N)) *TreeNode {
	r, begin, end, children := node(n)
	t := &TreeNode{Rule: r.String(), Begin: begin, End: end, CharLevel: r.IsCharacterLevel()}
	for _, c := range children {
		t.Children = append(t.Children, treeOf(c, node))
	}
	return t
}
