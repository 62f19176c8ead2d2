package uri

import (
	"slices"
	"sync"

	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Rule is the rule type of one grammar: an int type whose values number
// the grammar's rules, as each generated catalogue declares it
// (rfc3986/grammar.Rule, rfc3987/grammar.Rule). Each grammar has its own
// type, so that a rule of one cannot be passed where a rule of another is
// expected.
type Rule interface {
	~int
	String() string
}

// RuleInfo is what the run-time core needs to know of a rule: its RFC
// name, its ABNF line and the section that defines it.
type RuleInfo struct {
	Name, ABNF, Section string
	// Spec is the document that defines the rule when it is not the
	// grammar's: a rule the grammar takes from another (RFC 9112's query
	// is RFC 3986's), or a rule of an edit ("RFC 6874" for the edit
	// zone-id); empty for the grammar's own rules, which its
	// [Grammar.Spec] defines.
	Spec string
	// CharacterLevel reports a rule every string of which is one
	// character (pchar, unreserved, ucschar, ...): gen works it out from
	// the rule's language.
	CharacterLevel bool
}

// Role is what a rule's span means for the components of a reference:
// which component a token of the rule delimits. gen writes each grammar's
// roles from the component rules its manifest names.
type Role uint8

// The roles.
const (
	NoRole Role = iota
	RoleScheme
	RoleAuthority
	RoleUserInfo
	RoleHostIPLiteral
	RoleHostIPv4
	RoleHostRegName
	RolePort
	RoleQuery
	RoleFragment
)

// Data is a grammar of the RFC 3986 family as gen writes it: the names and
// words of its RFC, its rule catalogue, and the engines generated from the
// grammar file (the token parser, the reference parser, the automata, the
// escape tables). A face package builds its [Grammar] from one Data with
// [New]; nothing in Data is specific to a standard but its values.
type Data[R Rule] struct {
	// Name is the grammar's short name and the first word of every error
	// message, e.g. "rfc3986"; Spec the document, e.g. "RFC 3986".
	Name, Spec string
	// AppendixA is how messages name the collected grammar, e.g. "RFC
	// 3986's Appendix A".
	AppendixA string
	// NumRules is the number of rules; Start the start rule of a
	// reference (URI-reference, IRI-reference).
	NumRules int
	Start    R
	// Info describes a rule; Uses lists the rules its definition names.
	Info func(R) RuleInfo
	Uses func(R) []R
	// Lookup finds a rule by its RFC name (or its PEG spelling); Names
	// lists the RFC names in the RFC's order.
	Lookup func(name string) (R, bool)
	Names  func() []string
	// Whole lists the rules whose strings are whole references
	// (URI-reference, URI, absolute-URI, relative-ref and their IRI
	// counterparts): a string of one has components.
	Whole []R
	// Roles gives each rule's role (indexed by rule), for the rules whose
	// tokens the token parser reports.
	Roles []Role
	// Scheme is the scheme rule, which explanations treat specially (see
	// [Grammar.Match]).
	Scheme R
	// UserInfo, RegName and Query are the rules the decoded accessors
	// split on their delimiters. A grammar whose strings have no
	// components (RFC 6570's URI Templates) sets these four to -1, no
	// rule.
	UserInfo, RegName, Query R
	// Tokens runs the token parser on ref as a whole reference and
	// returns its components, ok false if ref is not one. It allocates
	// nothing.
	Tokens func(ref string) (p Parts, ok bool)
	// Tree runs the reference parser (every rule a token) on s as rule
	// and returns its tokens, ok false if s does not match.
	Tree func(rule R, s string) (*Node[R], bool)
	// Match and Explain run a rule's automaton over s.
	Match   func(rule R, s string) bool
	Explain func(rule R, s string) automaton.Explanation[R]
	// EscapeTables is what Escape knows of each rule it supports, and
	// Unreserved the characters normalization decodes (section 6.2.2.2).
	EscapeTables map[R]*syntax.EscapeTable
	Unreserved   syntax.ByteSet
	// NormalizeText, if not nil, is the last step of normalization, over
	// the reference the steps of RFC 3986 section 6.2.2 wrote: RFC 3987
	// section 5.3.2.2's character normalization (NFC) and 5.3.2.3's
	// decoding of percent-encoded characters that need none in an IRI.
	// It is given the grammar in force, edits and all, so that what it
	// decodes is what that grammar admits.
	NormalizeText func(g *Grammar[R], s string) string
	// Prose are the rules of the RFC's prose that the ABNF does not
	// express, each lifted by an edit; Edits are the edits the grammar
	// offers.
	Prose []ProseRule
	Edits []Edit[R]
	// Profiles are the grammar's named sets of edits besides "strict",
	// in the order of its manifest (see [Grammar.Profiles]).
	Profiles []Profile
}

// Grammar is one grammar of the RFC 3986 family as a value: [Grammar.Parse]
// reads references by it, [Grammar.Match] checks any of its rules, and the
// resolution, normalization and escaping of RFC 3986 run over what it
// reads. Package rfc3986 holds RFC 3986's, package rfc3987 RFC 3987's.
// A Grammar is safe for concurrent use.
type Grammar[R Rule] struct {
	d       Data[R]
	escapes syntax.EscapeGrammar[R]
	// parent is the grammar as published, for a grammar with edits in
	// force (allowed); variants holds the published grammar's variants,
	// one for each set of edits asked for (at most 2^len(d.Edits)).
	parent   *Grammar[R]
	allowed  []string
	variants sync.Map // string (edit names) -> *Grammar[R]
}

// New returns the grammar of d. It is called once per grammar, by the
// package gen writes for it.
func New[R Rule](d Data[R]) *Grammar[R] {
	g := &Grammar[R]{d: d}
	g.initEscapes()
	grammars.LoadOrStore(ruleKey[R](), g)
	return g
}

// initEscapes sets g's escaping, whose structure checks are g's matches.
func (g *Grammar[R]) initEscapes() {
	g.escapes = syntax.EscapeGrammar[R]{Tables: g.d.EscapeTables, NumRules: R(g.d.NumRules),
		Match: func(rule R, s string) bool { return g.Match(rule, s) == nil }}
}

// grammar returns the grammar u was read by or, for a zero URI, that of
// its rule type.
func (u *URI[R]) grammar() *Grammar[R] {
	if u != nil && u.g != nil {
		return u.g
	}
	return grammarOf[R]()
}

// Name is the grammar's short name, e.g. "rfc3986".
func (g *Grammar[R]) Name() string { return g.d.Name }

// Spec is the document that defines the grammar, e.g. "RFC 3986".
func (g *Grammar[R]) Spec() string { return g.d.Spec }

// AppendixA is how messages name the collected grammar, e.g. "RFC 3986's
// Appendix A".
func (g *Grammar[R]) AppendixA() string { return g.d.AppendixA }

// Start is the start rule of a reference.
func (g *Grammar[R]) Start() R { return g.d.Start }

// NumRules is the number of the grammar's rules.
func (g *Grammar[R]) NumRules() int { return g.d.NumRules }

// name is g's name, or "" for a nil g.
func (g *Grammar[R]) name() string {
	if g == nil {
		return ""
	}
	return g.d.Name
}

// Lookup finds a rule of g by its RFC name ("IPv6address",
// "absolute-URI") or its spelling in the PEG file ("absolute_URI").
func (g *Grammar[R]) Lookup(name string) (R, bool) { return g.d.Lookup(name) }

// RuleNames returns the RFC names of g's rules, in the RFC's order.
func (g *Grammar[R]) RuleNames() []string { return g.d.Names() }

// RuleInfo describes rule r of g; the zero RuleInfo if r is not one.
func (g *Grammar[R]) RuleInfo(r R) RuleInfo {
	if !g.validRule(r) {
		return RuleInfo{}
	}
	return g.d.Info(r)
}

// Role is the role of rule r of g: which component a token of r
// delimits ([RoleAuthority], [RoleHostRegName], ...), [NoRole] for most
// rules.
func (g *Grammar[R]) Role(r R) Role {
	if !g.validRule(r) || int(r) >= len(g.d.Roles) {
		return NoRole
	}
	return g.d.Roles[r]
}

// IsWhole reports whether the strings of rule r are whole references,
// which have components: URI-reference, URI, absolute-URI, relative-ref,
// or their counterparts.
func (g *Grammar[R]) IsWhole(r R) bool { return slices.Contains(g.d.Whole, r) }

// validRule reports whether r is one of the grammar's rules.
func (g *Grammar[R]) validRule(r R) bool { return r >= 0 && int(r) < g.d.NumRules }

// Parts is the components a token parser has found in a reference: the
// generated token parsers fill it with [Parts.Token] and [Parts.Finish].
// It is for the packages gen writes; a URI's components are read from a
// [URI].
type Parts struct {
	spans    syntax.ComponentSpans
	hostKind HostKind
	f        syntax.SpansFiller
}

// Token records a token of a rule with role role over ref[begin:end].
// Tokens come children first: an IPv4address inside an IP-literal comes
// before the IP-literal, which then sets the host. The methods named after
// the roles (Scheme for RoleScheme) do the same for one role each, small
// enough to be inlined into a token parser's loop.
func (p *Parts) Token(role Role, begin, end int) {
	switch role {
	case RoleScheme:
		p.Scheme(begin, end)
	case RoleAuthority:
		p.Authority(begin, end)
	case RoleHostIPLiteral:
		p.HostIPLiteral(begin, end)
	case RoleHostIPv4:
		p.HostIPv4(begin, end)
	case RoleHostRegName:
		p.HostRegName(begin, end)
	case RoleUserInfo:
		p.UserInfo(begin, end)
	case RolePort:
		p.Port(begin, end)
	case RoleQuery:
		p.Query(begin, end)
	case RoleFragment:
		p.Fragment(begin, end)
	}
}

// Scheme is [Parts.Token] for [RoleScheme].
func (p *Parts) Scheme(begin, end int) { p.f.Scheme(&p.spans, begin, end) }

// Authority is [Parts.Token] for [RoleAuthority].
func (p *Parts) Authority(begin, end int) { p.f.Authority(&p.spans, begin, end) }

// HostIPLiteral is [Parts.Token] for [RoleHostIPLiteral].
func (p *Parts) HostIPLiteral(begin, end int) { p.host(IPLiteral, begin, end) }

// HostIPv4 is [Parts.Token] for [RoleHostIPv4].
func (p *Parts) HostIPv4(begin, end int) { p.host(IPv4, begin, end) }

// HostRegName is [Parts.Token] for [RoleHostRegName].
func (p *Parts) HostRegName(begin, end int) { p.host(RegName, begin, end) }

// host records the host and its kind.
func (p *Parts) host(k HostKind, begin, end int) {
	p.spans.Set(syntax.Host, begin, end)
	p.hostKind = k
}

// UserInfo is [Parts.Token] for [RoleUserInfo].
func (p *Parts) UserInfo(begin, end int) { p.spans.Set(syntax.UserInfo, begin, end) }

// Port is [Parts.Token] for [RolePort].
func (p *Parts) Port(begin, end int) { p.spans.Set(syntax.Port, begin, end) }

// Query is [Parts.Token] for [RoleQuery].
func (p *Parts) Query(begin, end int) { p.f.Query(&p.spans, begin, end) }

// Fragment is [Parts.Token] for [RoleFragment].
func (p *Parts) Fragment(begin, end int) { p.f.Fragment(&p.spans, begin, end) }

// Finish ends the components of a reference of n bytes: the path is what
// the other components leave.
func (p *Parts) Finish(n int) { p.f.Finish(&p.spans, n) }

// grammars holds each rule type's grammar, set by [New] when the package
// that declares the grammar is initialized and only read afterwards: a
// zero URI (a struct field that encoding/json fills with
// [URI.UnmarshalText]) knows its grammar by its type alone.
var grammars sync.Map // ruleKey[R]() -> *Grammar[R]

// ruleKey is the key of the rule type R in grammars: R's zero value as an
// interface, which equals another rule type's zero value only if the types
// are the same (an interface's type is part of its equality). Keying by the
// value rather than by reflect.TypeFor keeps package reflect out of what
// links uri (the playground's WebAssembly module).
func ruleKey[R Rule]() any {
	var zero R
	return zero
}

// grammarOf returns the grammar of the rule type R, nil if none was made.
func grammarOf[R Rule]() *Grammar[R] {
	g, _ := grammars.Load(ruleKey[R]())
	gr, _ := g.(*Grammar[R])
	return gr
}
