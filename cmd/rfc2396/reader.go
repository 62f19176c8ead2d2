package main

import (
	"fmt"
	"strings"

	"github.com/rfc2396/rfc2396/extract"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	g3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// reader is one way of reading references: RFC 2396 under a profile, or
// RFC 3986. parse, tree, resolve and normalize run one code path over a
// reader, whichever the standard; what a standard lacks (profiles under
// RFC 3986, server-based authorities) is left empty in what it returns.
type reader interface {
	// standard is "rfc2396" or "rfc3986"; profile the RFC 2396 profile's
	// name, "" under RFC 3986.
	standard() string
	profile() string
	// lookupRule finds a rule of the grammar by its RFC name.
	lookupRule(name string) (rule, error)
	// read checks in against rule: the error, and the components when
	// the rule's strings are whole references.
	read(r rule, in string, explain bool) reading
	tree(r rule, in string) (*treeNode, error)
	resolve(base, ref string) (string, []warning, error)
	normalize(ref string) (string, error)
	relativize(base, target string) (string, error)
}

// rule is a rule of one of the two grammars.
type rule interface {
	String() string
}

// reading is what parse reports of one input.
type reading struct {
	err        error
	view       *view          // for a valid whole reference
	needs      []grammar.Edit // RFC 2396: the profile's edits a valid input needs
	validUnder []parser.Alternative
}

// view is a valid reference's components as parse shows them, for both
// standards. The fields RFC 3986 has no counterpart for are unset there.
type view struct {
	scheme, authority    parser.Component
	userinfo, host, port parser.Component
	path                 string
	query, fragment      parser.Component
	schemeSpecificPart   *string // RFC 2396 only
	opaque               *bool   // RFC 2396 only
	authorityKind        kind    // RFC 2396 only
	hostKind             kind
	kindWord             string                // the "kind" row: hierarchical, opaque, absolute, relative
	appendixF            *extract.Abbreviation // RFC 2396: a first segment that reads as a host
}

// kind is an enum value of a component (authority or host kind): its code
// for JSON and its name for people, both empty when there is none.
type kind struct{ code, name string }

// treeNode is a node of a parse tree of either grammar.
type treeNode struct {
	rule       string
	begin, end int
	charLevel  bool
	children   []*treeNode
}

// rfc2396Reader reads by RFC 2396 under a profile. Its last reading's
// view is kept in it, valid until the next read: commands read one input
// at a time, and a batch allocates no view per reference.
type rfc2396Reader struct {
	p           *parser.Profile
	resolveOpts []parser.ResolveOption
	u           parser.URI
	v           view
	ssp         string
	opaque      bool
}

func (r *rfc2396Reader) standard() string { return standardRFC2396 }
func (r *rfc2396Reader) profile() string  { return r.p.Name() }

func (r *rfc2396Reader) lookupRule(name string) (rule, error) {
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

func (r *rfc2396Reader) read(ru rule, in string, explain bool) reading {
	rl := ru.(grammar.Rule)
	u := &r.u
	var res reading
	if rl == grammar.RuleURIReference {
		res.err = r.p.ParseInto(u, in)
	} else if res.err = r.p.Match(rl, in); res.err == nil && wholeReference(rl) {
		res.err = r.p.ParseInto(u, in)
	}
	if res.err != nil {
		if explain {
			res.validUnder = r.p.ValidUnder(rl, in)
		}
		return res
	}
	res.needs = r.p.Needs(rl, in)
	if !wholeReference(rl) {
		return res
	}
	r.ssp, r.opaque = u.SchemeSpecificPart(), u.IsOpaque()
	v := &r.v
	*v = view{
		scheme: u.Scheme(), authority: u.Authority(), userinfo: u.UserInfo(),
		host: u.Host(), port: u.Port(), path: u.Path(), query: u.Query(), fragment: u.Fragment(),
		schemeSpecificPart: &r.ssp, opaque: &r.opaque,
	}
	if k := u.AuthorityKind(); k != parser.NoAuthority {
		v.authorityKind = kind{k.Code(), k.String()}
	}
	if k := u.HostKind(); k != parser.NoHost {
		v.hostKind = kind{k.Code(), k.String()}
	}
	switch {
	case !u.IsAbsolute():
		v.kindWord = "relative"
	case u.IsOpaque():
		v.kindWord = "opaque"
	default:
		v.kindWord = "hierarchical"
	}
	if a, ok := extract.LooksAbbreviated(in); ok && !u.IsAbsolute() {
		v.appendixF = &a
	}
	res.view = v
	return res
}

func (r *rfc2396Reader) tree(ru rule, in string) (*treeNode, error) {
	root, err := r.p.ParseTree(ru.(grammar.Rule), in)
	if err != nil {
		return nil, err
	}
	return treeOf(root, func(n *parser.Node) (grammar.Rule, int, int, []*parser.Node) {
		return n.Rule, n.Begin, n.End, n.Children
	}), nil
}

func (r *rfc2396Reader) resolve(base, ref string) (string, []warning, error) {
	result, ws, err := r.p.Resolve(base, ref, r.resolveOpts...)
	return result, warningsOf(ws), err
}

func (r *rfc2396Reader) normalize(ref string) (string, error) { return r.p.Normalize(ref) }

func (r *rfc2396Reader) relativize(base, target string) (string, error) {
	return r.p.Relativize(base, target)
}

// rfc3986Reader reads by RFC 3986; it keeps its last reading's view, as
// rfc2396Reader does.
type rfc3986Reader struct {
	resolveOpts []rfc3986.ResolveOption
	u           rfc3986.URI
	v           view
}

func (r *rfc3986Reader) standard() string { return standardRFC3986 }
func (r *rfc3986Reader) profile() string  { return "" }

func (r *rfc3986Reader) lookupRule(name string) (rule, error) {
	ru, ok := g3986.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no rule named %q in RFC 3986 Appendix A; its rules are: %s", name, strings.Join(g3986.Names(), " "))
	}
	return ru, nil
}

// wholeReference3986 reports the RFC 3986 rules whose strings are whole
// references, for which parse shows components.
func wholeReference3986(r g3986.Rule) bool {
	return r == g3986.RuleURIReference || r == g3986.RuleURI || r == g3986.RuleAbsoluteURI || r == g3986.RuleRelativeRef
}

func (r *rfc3986Reader) read(ru rule, in string, _ bool) reading {
	rl := ru.(g3986.Rule)
	u := &r.u
	var res reading
	if rl == g3986.RuleURIReference {
		res.err = rfc3986.ParseInto(u, in)
	} else if res.err = rfc3986.Match(rl, in); res.err == nil && wholeReference3986(rl) {
		res.err = rfc3986.ParseInto(u, in)
	}
	if res.err != nil || !wholeReference3986(rl) {
		return res
	}
	c := func(x rfc3986.Component) parser.Component { return parser.Component(x) }
	v := &r.v
	*v = view{
		scheme: c(u.Scheme()), authority: c(u.Authority()), userinfo: c(u.UserInfo()),
		host: c(u.Host()), port: c(u.Port()), path: u.Path(), query: c(u.Query()), fragment: c(u.Fragment()),
		kindWord: "absolute",
	}
	if !u.IsAbsolute() {
		v.kindWord = "relative"
	}
	if k := u.HostKind(); k != rfc3986.NoHost {
		v.hostKind = kind{k.Code(), k.String()}
	}
	res.view = v
	return res
}

func (r *rfc3986Reader) tree(ru rule, in string) (*treeNode, error) {
	root, err := rfc3986.ParseTree(ru.(g3986.Rule), in)
	if err != nil {
		return nil, err
	}
	return treeOf(root, func(n *rfc3986.Node) (g3986.Rule, int, int, []*rfc3986.Node) {
		return n.Rule, n.Begin, n.End, n.Children
	}), nil
}

func (r *rfc3986Reader) resolve(base, ref string) (string, []warning, error) {
	result, ws, err := rfc3986.Resolve(base, ref, r.resolveOpts...)
	return result, warningsOf(ws), err
}

func (r *rfc3986Reader) normalize(ref string) (string, error) { return rfc3986.Normalize(ref) }

func (r *rfc3986Reader) relativize(base, target string) (string, error) {
	return rfc3986.Relativize(base, target)
}

// warningsOf returns the warnings of either RFC's Resolve as warnings.
func warningsOf[W warning](ws []W) []warning {
	out := make([]warning, len(ws))
	for i, w := range ws {
		out[i] = w
	}
	return out
}

// headingSuffix is what follows "valid RULE" and "invalid RULE" in human
// output: the profile when it is not strict, or the standard when it is
// RFC 3986.
func headingSuffix(rd reader) string {
	switch {
	case rd.standard() == standardRFC3986:
		return " (RFC 3986)"
	case rd.profile() != "strict":
		return " under " + rd.profile()
	}
	return ""
}

// treeOf converts a parse tree of either package into treeNodes.
func treeOf[N any, R interface {
	String() string
	IsCharacterLevel() bool
}](n N, node func(N) (R, int, int, []N)) *treeNode {
	r, begin, end, children := node(n)
	t := &treeNode{rule: r.String(), begin: begin, end: end, charLevel: r.IsCharacterLevel()}
	for _, c := range children {
		t.children = append(t.children, treeOf(c, node))
	}
	return t
}
