package conformance

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
	grammar3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// Standard names a standard the suite is generated for: RFC 2396, or a
// grammar of the RFC 3986 family as report.Standards lists it ([Standards]).
type Standard string

// The standards with constants; [Standards] lists them all.
const (
	RFC2396 Standard = "rfc2396"
	RFC3986 Standard = "rfc3986"
)

// Standards returns the standards a suite is generated for, RFC 2396
// first, then every other standard the tools offer (report.Standards). A
// standard whose start rule's strings are references (RFC 3986, RFC 3987)
// has every kind of case; one whose strings are not (RFC 9112's
// request-target, RFC 8141's namestring, RFC 6570's URI-Template) has
// validity cases only: its strings have no counterpart in RFC 3986's
// components, resolution or normal form.
func Standards() []Standard {
	var out []Standard
	for _, st := range report.Standards() {
		out = append(out, Standard(st.Name))
	}
	return out
}

// standardNames is the standards' names, for messages.
func standardNames() string {
	var names []string
	for _, s := range Standards() {
		names = append(names, string(s))
	}
	return strings.Join(names, ", ")
}

// publishedABNF holds, for a grammar of the RFC 3986 family, its ABNF as
// its RFC publishes it, kept apart from the grammar file that an edit may
// change; a grammar not here is read as its RFC publishes it.
var publishedABNF = map[Standard]string{RFC3986: oracle.PublishedABNF3986}

// matchError is what the project's parser says about an invalid string:
// the offset of the first byte no valid string can have, the rule being
// matched there, and its message.
type matchError struct {
	Offset   int
	Rule     string
	Expected string
	Message  string
	// Prose is what the RFC's prose says in refusing a string its ABNF
	// derives (uri.Error.ProseRefusal); "" otherwise.
	Prose string
}

// std is one standard under one profile: its grammar as syntax trees, the
// project's parser (the standard's report.Reader, whatever the standard)
// and the independent oracle (regular expressions generated from the same
// ABNF text: RFC 2396's own, package oracle's Oracle, or any other
// grammar's, from its ABNF lines). Every call into the public parser APIs
// is in this file.
type std struct {
	name    Standard
	profile string // "" or "strict" for the RFC's grammar exactly
	defs    []bnf.Definition
	byName  map[string]*bnf.Definition
	start   string // URI-reference, IRI-reference

	// rd is the standard's reader under the profile, rules its rules
	// (sections, whether one is catalogued) and spec its document ("RFC
	// 3987").
	rd    report.Reader
	rules map[string]uri.RuleInfo
	spec  string
	// o2396 is RFC 2396's oracle; for a grammar of the RFC 3986 family,
	// orc is the oracle of its ABNF and authRule the rules an authority
	// is read by.
	o2396    *oracle.Oracle
	orc      *oracle.ABNF
	authRule oracle.AuthorityRules
	// asPublished reports whether the grammar in force reads references
	// as the RFC's published grammar does (oracle.Facts): the RFC's
	// examples are cases only where it does. Made on first use.
	asPublished func() func(refs ...string) bool
	// published3986 is the oracle of RFC 3986's Appendix A as published,
	// made on first use by narrowerThan3986.
	published3986 func() *oracle.Oracle3986
	// references says the start rule's strings are URI references, with
	// components, a resolution and a normal form (see [Standards]); a
	// suite of another grammar has its validity cases only.
	references bool
	// lits is the set of bytes some literal of the grammar allows, made
	// on first use by literalBytes.
	lits *[256]bool
}

// family reports whether s is a grammar of the RFC 3986 family, which the
// oracle reads from its ABNF lines, not RFC 2396.
func (s *std) family() bool { return s.o2396 == nil }

// newStd returns the standard name under the named profile ("" for the
// grammar exactly).
func newStd(name Standard, profile string) (*std, error) {
	name = cmp.Or(name, RFC2396)
	st, err := report.LookupStandard(string(name))
	if err != nil {
		return nil, fmt.Errorf("unknown standard %q (have %s)", name, standardNames())
	}
	if names := st.ProfileNames(); !slices.Contains(names, cmp.Or(profile, uri.StrictProfile)) {
		return nil, fmt.Errorf("unknown profile %q for %s (have %s)", profile, name, strings.Join(names, ", "))
	}
	s := &std{name: name, profile: profile, start: "URI-reference", references: true, spec: st.Spec}
	// The reader by the profile's grammar, and its rules.
	if s.rd, err = st.ReaderUnder(profile, ""); err != nil {
		return nil, err
	}
	rules, err := st.RulesUnder(cmp.Or(profile, uri.StrictProfile))
	if err != nil {
		return nil, err
	}
	s.rules = map[string]uri.RuleInfo{}
	for _, r := range rules {
		s.rules[r.Name] = r
	}
	if name == RFC2396 {
		p, _ := parser.LookupProfile(cmp.Or(profile, uri.StrictProfile)) // one of its ProfileNames
		s.o2396 = oracle.NewFor(p.Edits())
		s.asPublished = sync.OnceValue(func() func(...string) bool { return oracle.FactsOf(s.o2396, oracle.NewPublished(p.Edits())).Hold })
		s.defs, _ = grammar.Definitions(p.Edits())
		s.defs = bnf.WithCore(s.defs)
	} else if err := s.familyOf(st, profile); err != nil {
		return nil, err
	}
	s.published3986 = sync.OnceValue(oracle.NewPublished3986)
	s.byName = map[string]*bnf.Definition{}
	for i := range s.defs {
		s.byName[s.defs[i].Name] = &s.defs[i]
	}
	return s, nil
}

// familyOf makes s the grammar of st, a standard of the RFC 3986
// family, under profile (one of its profiles; "" is strict), from its
// grammar value: the reader, and the oracle of its ABNF lines.
func (s *std) familyOf(st report.Standard, profile string) error {
	name := s.name
	s.references = st.References()
	profile = cmp.Or(profile, uri.StrictProfile)
	// The oracle reads by the ABNF lines of the profile's grammar, an
	// edit's from the document that justifies it.
	s.start = s.rd.StartRule()
	abnf, _ := st.ABNFUnder(profile)
	var err error
	if s.orc, err = oracle.NewABNF(abnf); err != nil {
		return fmt.Errorf("%s: its ABNF: %w", name, err)
	}
	s.authRule = oracle.AuthorityRules{
		Authority: st.RoleRule(uri.RoleAuthority), IPLiteral: st.RoleRule(uri.RoleHostIPLiteral),
		IPv4: st.RoleRule(uri.RoleHostIPv4), RegName: st.RoleRule(uri.RoleHostRegName),
	}
	s.defs = s.orc.Definitions()
	s.asPublished = sync.OnceValue(func() func(...string) bool {
		text, ok := publishedABNF[name]
		if !ok {
			return func(...string) bool { return true }
		}
		published, err := oracle.NewABNF(text)
		if err != nil {
			panic(err) // a fixed file
		}
		return func(refs ...string) bool { return s.orc.SameReading(published, s.start, s.authRule, refs...) }
	})
	return nil
}

// rfc3986Section names a section of RFC 3986 that a grammar of the RFC
// 3986 family applies (its resolution, its normalization): "5.2" in RFC
// 3986's own suite, "RFC 3986 5.2" in another's.
func (s *std) rfc3986Section(sec string) string {
	if s.spec == "RFC 3986" {
		return sec
	}
	return "RFC 3986 " + sec
}

// profileName is the profile as the suite records it.
func (s *std) profileName() string {
	if s.profile == "" {
		return "strict"
	}
	return s.profile
}

// catalogued reports whether rule is one the parser and the oracle can
// match on its own (the core rules of RFC 5234 are not).
func (s *std) catalogued(rule string) bool {
	_, ok := s.rules[rule]
	return ok
}

// section is the RFC section that defines rule: the section of the
// standard's document, or another document and its section for a rule an
// edit brings ("RFC 2373 Appendix B"), RFC 5234's for a core rule.
func (s *std) section(rule string) string {
	r, ok := s.rules[rule]
	switch {
	case !ok && s.family():
		return "RFC 5234 B.1"
	case !ok:
		return ""
	case r.Spec != "" && r.Section != "":
		return r.Spec + " " + r.Section
	case r.Spec != "":
		return r.Spec // a document without sections (java.net.URI)
	}
	return r.Section
}

// words is the grammar line that defines rule: the RFC's own words.
func (s *std) words(rule string) string {
	if d := s.byName[rule]; d != nil {
		return d.Line
	}
	return ""
}

// parserMatch checks str against rule with the project's parser.
func (s *std) parserMatch(rule, str string) *matchError {
	r, err := s.rd.LookupRule(rule)
	if err != nil {
		return &matchError{Offset: -1, Message: err.Error()}
	}
	if err = s.rd.Read(r, str, false).Err; err == nil {
		return nil
	}
	var prose interface{ ProseRefusal() string }
	if errors.As(err, &prose) && prose.ProseRefusal() != "" {
		return &matchError{Offset: -1, Message: err.Error(), Prose: prose.ProseRefusal()}
	}
	// Every grammar's syntax error, RFC 2396's too, reads alike
	// (uri.SyntaxError).
	if syn, ok := report.SyntaxOf(err); ok {
		return &matchError{Offset: syn.Offset, Rule: syn.Rule, Expected: syn.Expected, Message: err.Error()}
	}
	return &matchError{Offset: -1, Message: err.Error()}
}

// oracleMatch checks str against rule with the independent oracle and
// returns whether it matches and, if not, the viable-prefix offset.
func (s *std) oracleMatch(rule, str string) (bool, int) {
	if s.name == RFC2396 {
		r, _ := grammar.Lookup(rule)
		if s.o2396.Match(r, str) {
			return true, -1
		}
		return false, s.o2396.ViablePrefix(r, str)
	}
	if s.orc.Match(rule, str) {
		return true, -1
	}
	return false, s.orc.ViablePrefix(rule, str)
}

// parserComponents is the project parser's reading of a valid reference.
func (s *std) parserComponents(ref string) (Components, error) {
	r, err := s.rd.LookupRule(s.start)
	if err != nil {
		return Components{}, err
	}
	rd := s.rd.Read(r, ref, false)
	if rd.Err != nil {
		return Components{}, rd.Err
	}
	u := rd.View
	if u == nil {
		return Components{}, fmt.Errorf("%s: %s has no components", s.name, s.start)
	}
	c := Components{
		Scheme: opt(u.Scheme.Value, u.Scheme.Defined), Authority: opt(u.Authority.Value, u.Authority.Defined),
		UserInfo: opt(u.UserInfo.Value, u.UserInfo.Defined), Host: opt(u.Host.Value, u.Host.Defined),
		Port: opt(u.Port.Value, u.Port.Defined), Path: opt(u.Path, true),
		Query: opt(u.Query.Value, u.Query.Defined), Fragment: opt(u.Fragment.Value, u.Fragment.Defined),
	}
	if u.SchemeSpecificPart != nil && u.Scheme.Defined {
		c.SchemeSpecificPart = opt(*u.SchemeSpecificPart, true) // RFC 2396's
	}
	return c, nil
}

// oracleComponents is the oracle's reading of a valid reference: the
// Appendix B expression (for RFC 2396 as the grammar reads it,
// [oracle.Oracle.Read]), then the authority split by the grammar's own
// expressions.
func (s *std) oracleComponents(ref string) Components {
	var sp oracle.Split
	if s.name == RFC2396 {
		sp, _ = s.o2396.Read(ref)
	} else {
		sp = oracle.SplitB(ref)
	}
	c := Components{
		Scheme: fromOracle(sp.Scheme), Authority: fromOracle(sp.Authority), Path: opt(sp.Path, true),
		Query: fromOracle(sp.Query), Fragment: fromOracle(sp.Fragment),
	}
	if sp.Authority.Defined {
		if s.name == RFC2396 {
			if sv, ok := s.o2396.ReadServer(sp.Authority.Value); ok {
				c.UserInfo, c.Host, c.Port = fromOracle(sv.UserInfo), fromOracle(sv.Host), fromOracle(sv.Port)
			}
		} else if a, ok := s.orc.ReadAuthority(s.authRule, sp.Authority.Value); ok {
			c.UserInfo, c.Host, c.Port = fromOracle(a.UserInfo), fromOracle(a.Host), fromOracle(a.Port)
		}
	}
	if s.name == RFC2396 && sp.Scheme.Defined {
		ssp := ref[len(sp.Scheme.Value)+1:]
		if sp.Fragment.Defined {
			ssp = ssp[:len(ssp)-len(sp.Fragment.Value)-1]
		}
		c.SchemeSpecificPart = opt(ssp, true)
	}
	return c
}

func fromOracle(c oracle.Component) *string { return opt(c.Value, c.Defined) }

func opt(v string, defined bool) *string {
	if !defined {
		return nil
	}
	return &v
}

// resolve is the project's resolution of ref against base.
func (s *std) resolve(base, ref string) (string, error) {
	r, _, err := s.rd.Resolve(base, ref)
	return r, err
}

// refusedNormalForm returns the normal form of in that the grammar in
// force refused, when normalizing in failed so: RFC 2396's Normalize and
// the core's (package uri) say so with a *parser.ComposeError or a
// *uri.ComposeError holding the syntax error; otherwise the syntax error
// is about another string than in, the normal form recomposed.
func (s *std) refusedNormalForm(in string, err error) (string, bool) {
	var c2396 *parser.ComposeError
	if errors.As(err, &c2396) {
		return c2396.Ref, c2396.Err != nil
	}
	var core *uri.ComposeError
	if errors.As(err, &core) {
		return core.Ref, core.Err != nil
	}
	if syn, ok := report.SyntaxOf(err); ok {
		return syn.Input, syn.Input != in
	}
	return "", false
}

// derives reports whether the oracle derives each of refs from the start
// rule.
func (s *std) derives(refs ...string) bool {
	for _, ref := range refs {
		if ok, _ := s.oracleMatch(s.start, ref); !ok {
			return false
		}
	}
	return true
}

// narrowerThan3986 reports whether ref, which the grammar's start rule
// does not derive, is nonetheless a URI-reference of RFC 3986 as
// published: a string that the normalization of RFC 3986 section 6 can
// make of one of the grammar's references when the grammar's language is
// a part of RFC 3986's (RFC 8089's file-URI). Never for RFC 2396.
func (s *std) narrowerThan3986(ref string) bool {
	if !s.family() || s.derives(ref) {
		return false
	}
	return s.published3986().Match(grammar3986.RuleURIReference, ref)
}

// normalize is the project's normal form of ref.
func (s *std) normalize(ref string) (string, error) {
	return s.rd.Normalize(ref)
}
