package parser

import (
	"slices"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// A Profile reads references under a set of grammar edits ([grammar.Edit]):
// Appendix A exactly ([Strict], what the package-level functions use), RFC
// 2396 as RFC 2732 amends it ([RFC2732]), what java.net.URI accepts
// ([Java]), or any set of edits one by one ([Strict].With(...)). The edits
// are grammar text (edits/ in the repository), composed with Appendix A by
// go generate, so a profile changes the grammar, not the strings: its
// errors, components and parse trees are those of the edited grammar.
//
// A Profile is immutable and safe for concurrent use; it builds the
// automata of its grammar as inputs need them, state by state, at most
// 4096 states a rule. A nil *Profile, and a zero Profile, are [Strict].
//
// The named profiles keep their automata for the life of the process. The
// profiles that [Profile.With] makes (and [Profile.ValidUnder] through it)
// share theirs through one cache, by edit set: profiles of the same edits
// share one set of automata, however they were made, while the set is in
// the cache. The cache keeps at most 32 sets, estimated at at most 64 MB
// together (a set read over a large corpus holds 1 to 3 MB; one with every
// state of every rule built, up to about 23 MB), and drops the least
// recently used beyond that. A profile whose automata were dropped keeps
// them, and works as before, for as long as it is held; With, asked again
// for its edits, makes a new set. So memory stays bounded whatever edit
// sets a program makes profiles of, for example from its users' input.
type Profile struct {
	name  string
	edits grammar.EditSet
	auto  *profileAutomata
}

// profileAutomata holds the automata of a profile's grammar, built from the
// generated syntax trees (grammar.Definitions) the first time they are
// needed; nothing reads grammar text at run time. Each rule's automaton is
// an on-demand one (automaton.LazyTable): making it builds the rule's position
// automaton, and its deterministic states are built only as inputs reach
// them.
type profileAutomata struct {
	dfas *automaton.LazySet[grammar.Rule]
	// parsers pools compact parsers set to the profile's edits, so that
	// profiles used in turn (compare) do not reset each other's.
	parsers sync.Pool
}

// newProfileAutomata returns the automata of the grammar of the profile
// name, Appendix A under the edits of set, none built yet.
func newProfileAutomata(name string, set grammar.EditSet) *profileAutomata {
	return &profileAutomata{dfas: automaton.NewLazySet(grammar.NumAllRules, func() (*automaton.Grammar, []grammar.Rule) {
		g, rules, err := automataGrammar(set)
		if err != nil {
			panic("parser: the grammar of profile " + name + ": " + err.Error()) // generated; checked by tests
		}
		// Read "my file.html" as a relative path under empty-authority
		// too, whose second alternative of URI-reference starts with a
		// scheme.
		g.AltPathLeavesPathRule()
		return g, rules
	})}
}

// ruleAutomaton is the deterministic automaton of one rule: the generated
// tables of Appendix A (strict), or an on-demand one (a profile's grammar).
type ruleAutomaton interface {
	Match(s string) bool
	Explain(s string) automaton.Explanation[grammar.Rule]
}

// named holds the named profiles of edits/edits.txt, in its order, as the
// package itself uses them: one for each line of the generated list
// ([grammar.Profiles]), so that a profile line added there is a profile
// here with no change to this package. The exported variables below are
// copies for callers: the package never reads them, so assigning to one
// changes nothing that the package's functions do.
var named = func() []*Profile {
	infos := grammar.Profiles()
	out := make([]*Profile, len(infos))
	for i, info := range infos {
		out[i] = &Profile{name: info.Name, edits: info.Edits, auto: newProfileAutomata(info.Name, info.Edits)}
	}
	return out
}()

// The named profiles that the package and its exported variables name.
var (
	strict        = namedProfile("strict")
	rfc2732       = namedProfile("rfc2732")
	rfc2732Intent = namedProfile("rfc2732-intent")
	java          = namedProfile("java")
)

// The named profiles of edits/edits.txt. The package-level functions
// (Parse, Match, Resolve, ...) are Strict's methods; LookupProfile and
// Profiles return these profiles whatever the variables hold.
var (
	// Strict is RFC 2396 Appendix A exactly, with no edit.
	Strict = strict
	// RFC2732 is RFC 2396 as RFC 2732 amends it, to the letter: the edits
	// ipv6 (IPv6 literals in brackets, RFC 2373's address grammar with its
	// defects, "[" and "]" reserved) and ipv4-three-digits (RFC 2373's
	// IPv4address, at most three digits a part).
	RFC2732 = rfc2732
	// RFC2732Intent is RFC2732 with RFC 2373's address grammar repaired as
	// its prose intends: the edits ipv6-embedded-ipv4 and
	// ipv6-address-length.
	RFC2732Intent = rfc2732Intent
	// Java is every deviation from RFC 2396 that java.net.URI documents, in
	// its order: empty-relative-path, ipv4-octets, digit-hostname, ipv6
	// with ipv6-address-length, ipv6-embedded-ipv4 and ipv6-scope, and
	// non-ascii.
	Java = java
)

// namedProfile returns the named profile name, which edits/edits.txt must
// define: the package names it in Go.
func namedProfile(name string) *Profile {
	p, ok := LookupProfile(name)
	if !ok {
		panic("parser: no profile " + name + " in edits/edits.txt") // generated; checked by tests
	}
	return p
}

// Profiles returns the named profiles, those of edits/edits.txt in its
// order, [Strict] first. (It is not inlined: inlined where the playground
// calls it, it weighed 1.6 KB of the playground's WebAssembly module.)
//
//go:noinline
func Profiles() []*Profile { return slices.Clone(named) }

// LookupProfile returns the named profile of edits/edits.txt called name
// ("strict", "rfc2732", "rfc2732-intent", "java", and any other that file
// defines).
func LookupProfile(name string) (*Profile, bool) {
	for _, p := range named {
		if p.name == name {
			return p, true
		}
	}
	return nil, false
}

// With returns a profile with the edits of p and edits, and every edit
// those require (ipv6-scope brings ipv6). Its name is p's name followed by
// "+" and the added edits, e.g. "strict+empty-opaque-part". It returns p
// when edits add nothing; otherwise a new Profile, whose automata are
// shared with the other profiles of the same edits (see [Profile]).
func (p *Profile) With(edits ...grammar.Edit) *Profile {
	p = p.orStrict()
	set := p.edits
	for _, e := range edits {
		set = set.With(e)
	}
	for m := set.Missing(); m != 0; m = set.Missing() {
		set |= m
	}
	if set == p.edits {
		return p
	}
	var added []string
	for _, e := range (set &^ p.edits).Edits() {
		added = append(added, e.Code())
	}
	name := p.name + "+" + strings.Join(added, ",")
	return &Profile{name: name, edits: set, auto: automataOf(name, set)}
}

// Name returns the profile's name: a named profile's, or one that With
// made.
func (p *Profile) Name() string { return p.orStrict().name }

// String returns the profile's name.
func (p *Profile) String() string { return p.orStrict().name }

// Edits returns the edits of the profile.
func (p *Profile) Edits() grammar.EditSet { return p.orStrict().edits }

// Has reports whether rule exists under p: Appendix A's rules always do;
// a rule that an edit adds does when the edit is in force.
func (p *Profile) Has(rule grammar.Rule) bool {
	p = p.orStrict()
	_, ok := rule.Definition(p.edits)
	return ok
}

// automatonFor returns the automaton of rule under p.
func (p *Profile) automatonFor(rule grammar.Rule) ruleAutomaton {
	if p.edits == 0 && rule < grammar.NumRules {
		return strictAutomaton(rule)
	}
	return p.auto.dfas.Get(rule)
}

// checkRule returns an error if rule does not exist under p.
func (p *Profile) checkRule(rule grammar.Rule) error {
	if rule >= 0 && rule < grammar.NumRules {
		return nil // Appendix A's rules exist under every profile
	}
	if rule < 0 || rule >= grammar.NumAllRules {
		return &RuleError{Rule: rule}
	}
	if !p.Has(rule) {
		return &RuleError{Rule: rule, Profile: p.name}
	}
	return nil
}

// Parse parses ref as a URI-reference under p; see [Parse]. Under edits,
// it runs the compact parser generated from the union of rfc2396.peg and
// the edits' transcriptions, with p's edits in force.
func (p *Profile) Parse(ref string) (*URI, error) {
	// The URI is read on the stack and copied to the heap once it is
	// known to be valid: an invalid reference allocates no URI, and the
	// copy into memory just allocated needs no write barrier for what it
	// overwrites, where filling a heap URI field by field needs one.
	var v URI
	if err := p.ParseInto(&v, ref); err != nil {
		return nil, err
	}
	u := new(URI)
	*u = v
	return u, nil
}

// ParseInto is [Profile.Parse] into a URI the caller provides; see
// [ParseInto].
func (p *Profile) ParseInto(u *URI, ref string) error {
	p = p.orStrict()
	if p.edits == 0 && u != nil && len(ref) <= maxInput {
		// Appendix A exactly, read by the compact parser of
		// rfc2396.peg, which keeps a bounded number of tokens
		// whatever the input (TestStrictTokensBounded): a long
		// invalid input costs it no memory.
		if parseStrictTokens(u, ref) {
			return nil
		}
		*u = URI{}
		return strict.explainError(grammar.RuleURIReference, ref)
	}
	return p.parseUnderEdits(u, ref)
}

// parseUnderEdits is ParseInto for a profile with edits, and for the
// errors of a nil u and of a reference too long under any profile.
func (p *Profile) parseUnderEdits(u *URI, ref string) error {
	if u == nil {
		return errNilURI
	}
	if len(ref) > maxInput {
		*u = URI{}
		return &TooLongError{Len: len(ref)}
	}
	// The compact parser reads the reference once, in memory bounded
	// whatever the input until it is known to be valid (matchReference),
	// and a process that reads valid references under a profile builds
	// none of its automata.
	if !p.parseTokens(u, ref, p) {
		*u = URI{}
		return p.explainError(grammar.RuleURIReference, ref)
	}
	return nil
}

// parseTokens fills u from ref, read under p's edits, with a parser from
// p's pool, if ref is a URI-reference under them; the URI is of profile
// (nil for Appendix A exactly).
func (p *Profile) parseTokens(u *URI, ref string, profile *Profile) bool {
	c := p.compactParser()
	ok := matchReference(c, ref)
	if ok {
		fill(u, ref, c, profile)
	}
	p.auto.parsers.Put(c)
	return ok
}

// compactParser returns a compact parser set to p's edits, from p's pool;
// give it back with p.auto.parsers.Put, set to p's edits again.
func (p *Profile) compactParser() *tokenParser {
	c, _ := p.auto.parsers.Get().(*tokenParser)
	if c == nil {
		c = newTokenParser()
		c.SetEdits(p.edits)
	}
	return c
}

// Valid reports whether ref is a URI-reference under p; see [Valid].
func (p *Profile) Valid(ref string) bool {
	p = p.orStrict()
	return p.automatonFor(grammar.RuleURIReference).Match(ref)
}

// Match reports whether s as a whole matches rule under p: nil, or an
// *[Error] that tells where and why; see [Match]. A rule that an edit
// adds can be matched only under that edit.
func (p *Profile) Match(rule grammar.Rule, s string) error {
	p = p.orStrict()
	if err := p.checkRule(rule); err != nil {
		return err
	}
	if p.automatonFor(rule).Match(s) {
		return nil
	}
	return p.explainError(rule, s)
}

// Matches reports whether s as a whole matches rule under p, without
// saying why not; see [Matches].
func (p *Profile) Matches(rule grammar.Rule, s string) bool {
	p = p.orStrict()
	return p.checkRule(rule) == nil && p.automatonFor(rule).Match(s)
}

// ParseTree is [ParseTree] under p: under edits it runs the parser
// generated from the union of rfc2396.peg and the edits' transcriptions.
func (p *Profile) ParseTree(rule grammar.Rule, s string) (*Node, error) {
	p = p.orStrict()
	if err := p.checkRule(rule); err != nil {
		return nil, err
	}
	ep := newTreeParser()
	ep.SetEdits(p.edits)
	if !ep.Match(s, rule) {
		return nil, p.explainError(rule, s)
	}
	return buildTree(ep), nil
}

// Alternative is a reading under which a string rejected by a profile is
// valid: a named profile, or the profile with some edits added.
type Alternative struct {
	// Profile is the reading: a named profile ("rfc2732", "java"), or the
	// profile the question was asked under with edits added
	// ("strict+empty-opaque-part").
	Profile *Profile
	// Edits lists the edits of Profile that the string needs: without any
	// one of them, Profile rejects it.
	Edits []grammar.Edit
}

// Documents returns the documents that justify the alternative's edits.
func (a Alternative) Documents() []string {
	var docs []string
	for _, e := range a.Edits {
		docs = append(docs, e.Info().Document)
	}
	return docs
}

// ValidUnder reports, for a string s that rule rejects under p, the
// readings under which it is valid: p with each single edit added (and the
// edits it requires) that s needs, then each named profile that accepts
// it, each with the edits the string needs. It returns nil when p accepts s, or when no
// reading does.
func (p *Profile) ValidUnder(rule grammar.Rule, s string) []Alternative {
	p = p.orStrict()
	if p.Matches(rule, s) {
		return nil
	}
	var out []Alternative
	for _, e := range grammar.Edits() {
		if p.edits.Has(e) || e.Info().Kind != grammar.Relaxation {
			continue
		}
		q := p.With(e)
		if !q.Matches(rule, s) {
			continue
		}
		// An edit that only brings in what it requires (ipv6-scope brings
		// ipv6) is not listed: the edit it requires is.
		if needs := q.Needs(rule, s); slices.Contains(needs, e) {
			out = append(out, Alternative{Profile: q, Edits: needs})
		}
	}
	for _, q := range Profiles() {
		if q.edits != p.edits && q.Matches(rule, s) {
			out = append(out, Alternative{Profile: q, Edits: q.Needs(rule, s)})
		}
	}
	return out
}

// Needs returns the edits of p that s needs to match rule under p: those
// without which (and without the edits that require them) p rejects s. It
// returns nil when s matches rule under Appendix A exactly, or does not
// match under p.
func (p *Profile) Needs(rule grammar.Rule, s string) []grammar.Edit {
	p = p.orStrict()
	// Appendix A first: its tables are the cheapest test, and most
	// references pass it.
	if p.edits == 0 || (rule < grammar.NumRules && strict.Matches(rule, s)) {
		return nil
	}
	if rule == grammar.RuleURIReference {
		return p.needsCompact(s)
	}
	return p.needsAutomata(rule, s)
}

// needsAutomata is Needs asked of the automata of p and of p without each
// edit, built as needed.
func (p *Profile) needsAutomata(rule grammar.Rule, s string) []grammar.Edit {
	if !p.Matches(rule, s) {
		return nil
	}
	var needed []grammar.Edit
	for _, e := range p.edits.Edits() {
		if !strict.withExactly(editsWithout(p.edits, e)).Matches(rule, s) {
			needed = append(needed, e)
		}
	}
	return needed
}

// needsCompact is Needs for a URI-reference, asked of the compact parser,
// which Parse trusts under any set of edits: it takes a set of edits per
// run, where an automaton would have to be built for each set, a few
// hundred microseconds apiece (a fresh process under the java profile
// would build nine).
func (p *Profile) needsCompact(s string) []grammar.Edit {
	c := p.compactParser()
	defer func() {
		c.SetEdits(p.edits)
		p.auto.parsers.Put(c)
	}()
	if !matchesReference(c, s) {
		return nil
	}
	var needed []grammar.Edit
	for _, e := range p.edits.Edits() {
		c.SetEdits(editsWithout(p.edits, e))
		if !matchesReference(c, s) {
			needed = append(needed, e)
		}
	}
	return needed
}

// withExactly returns a profile of exactly the edits of s (which must
// include what they require), with the automata of the cache that With
// uses.
func (p *Profile) withExactly(s grammar.EditSet) *Profile {
	if s == p.edits {
		return p
	}
	if s == 0 {
		return strict
	}
	name := "strict+" + s.String()
	return &Profile{name: name, edits: s, auto: automataOf(name, s)}
}

// editsWithout returns s without e and without the edits of s that
// require e.
func editsWithout(s grammar.EditSet, e grammar.Edit) grammar.EditSet {
	without := s &^ grammar.EditSet(0).With(e)
	for _, d := range without.Edits() {
		if d.Info().Requires.Has(e) {
			without &^= grammar.EditSet(0).With(d)
		}
	}
	return without
}
