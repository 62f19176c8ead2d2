package report

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	g3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3987"
	g3987 "github.com/rfc2396/rfc2396/rfc3987/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// Standard is a grammar the tools read references by, as --standard and
// the site's standard= name it. Every tool takes its reader from here:
// adding a grammar of the RFC 3986 family is one line in [Standards].
type Standard struct {
	// Name is the grammar's name ("rfc3986"), Spec its document ("RFC
	// 3986").
	Name, Spec string
	// newReader returns a reader by the grammar under the named profile
	// with the named edits besides; nil for RFC 2396, whose reader takes
	// a parser.Profile (NewRFC2396Reader). edits lists the edits the
	// grammar offers, profiles its profiles.
	newReader func(profile string, allow []string) (Reader, error)
	edits     func() []EditInfo
	profiles  func() []ProfileInfo
	// face is what the standard's own package adds to its grammar, nil
	// for none (see [Face]).
	face Face
	// rules describes the rules of the grammar under a profile, and
	// roles the rule of each component role; nil for RFC 2396.
	rules func(profile string) ([]uri.RuleInfo, error)
	roles func() map[uri.Role]string
	// core are the core rules of RFC 5234 the grammar uses (see
	// CoreRules); nil for RFC 2396.
	core  []bnf.Definition
	match func(rule, s string) error
	// references is whether the grammar's start rule is one of its whole
	// references (uri.Grammar.IsWhole), set for the RFC 3986 family.
	references bool
	// newPair returns a Pair by the grammar under the named profile with
	// the named edits besides (see NewPairProfile).
	newPair func(profile string, allow []string) (Pair, error)
	// ladder is the standard's comparison ladder, when not its family's
	// (see Ladder); mapsToURI whether its strings map to URIs (RFC 3987
	// section 3.1).
	ladder    *Ladder
	mapsToURI bool
}

// Face returns what the standard's own package adds to its grammar (see
// [Face]), nil for a standard read by its grammar alone.
func (s Standard) Face() Face { return s.face }

// EditInfo is an edit a standard of the RFC 3986 family offers (--allow):
// its name, the document that justifies it and what it allows. ABNF says
// it changes the grammar's ABNF (it has engines of its own, which the
// playground's WebAssembly module leaves out), rather than lifting a
// rule of the RFC's prose.
type EditInfo struct {
	Name, Spec, Doc string
	ABNF            bool
	// KeepsReadings reports that every string the grammar as published
	// derives is read under the edit alone with the same components
	// ([uri.Edit.KeepsReadings]): a tool may take the grammar's reading
	// of such a string for the edit's. False for RFC 2396's edits.
	KeepsReadings bool
}

// Edits lists the edits the standard offers to --allow: RFC 2396's
// those of package grammar (edits/edits.txt), the others' their
// grammar value's.
func (s Standard) Edits() []EditInfo {
	if s.edits == nil {
		return nil
	}
	return s.edits()
}

// NewReaderProfile returns a reader by a standard of the RFC 3986 family
// under the named profile (see [Standard.ProfileList]) with the named
// edits besides, or an error naming a profile or an edit it does not
// offer.
func (s Standard) NewReaderProfile(profile string, allow []string) (Reader, error) {
	if s.newReader == nil {
		return nil, fmt.Errorf("%s reads edits through its profiles", s.Name)
	}
	return s.newReader(profile, allow)
}

// ProfileInfo is a profile a standard offers to --profile: its name, one
// line of what it is, and the names of its edits.
type ProfileInfo struct {
	Name, Doc string
	Edits     []string
}

// ProfileNames lists the names of [Standard.ProfileList], "strict"
// first, as messages list them and as a --profile is checked against.
func (s Standard) ProfileNames() []string {
	var names []string
	for _, p := range s.ProfileList() {
		names = append(names, p.Name)
	}
	return names
}

// ProfileList lists the standard's profiles, "strict" first: RFC 2396's
// of package parser (edits/edits.txt), or those of the grammar's
// manifest ([uri.Grammar.Profiles]).
func (s Standard) ProfileList() []ProfileInfo {
	if s.profiles != nil {
		return s.profiles()
	}
	var out []ProfileInfo
	for _, p := range grammar.Profiles() {
		out = append(out, ProfileInfo{Name: p.Name, Doc: p.Summary, Edits: p.Edits.Codes()})
	}
	return out
}

// grammarStandard is a standard of the RFC 3986 family: its grammar value
// read by a GrammarReader.
//
// face, if not nil, is the standard's [Face]: its start rule, normal form
// and equivalence are read through it.
func grammarStandard[R uri.Rule](g *uri.Grammar[R], face Face) Standard {
	return Standard{
		Name: g.Name(), Spec: g.Spec(), face: face, references: g.IsWhole(g.Start()),
		newPair: func(profile string, allow []string) (Pair, error) {
			_, v, err := grammarUnder(g, profile, allow)
			if err != nil {
				return nil, err
			}
			return &grammarPair[R]{g: v}, nil
		},
		newReader: func(profile string, allow []string) (Reader, error) {
			p, v, err := grammarUnder(g, profile, allow)
			if err != nil {
				return nil, err
			}
			rd := NewGrammarReader(v)
			if profile != uri.StrictProfile {
				rd.profile = profile
				if extra := slices.DeleteFunc(v.Allowed(), func(e string) bool { return slices.Contains(p.Allowed(), e) }); len(extra) > 0 {
					rd.profile += "+" + strings.Join(extra, ",")
				}
			}
			if face != nil {
				return &faceReader[R]{GrammarReader: rd, f: face}, nil
			}
			return rd, nil
		},
		edits: func() []EditInfo {
			var out []EditInfo
			for _, e := range g.Edits() {
				out = append(out, EditInfo{Name: e.Name, Spec: e.Spec, Doc: e.Doc, ABNF: e.Grammar != nil, KeepsReadings: e.KeepsReadings()})
			}
			return out
		},
		profiles: func() []ProfileInfo {
			var out []ProfileInfo
			for _, p := range g.Profiles() {
				out = append(out, ProfileInfo{Name: p.Name, Doc: p.Doc, Edits: p.Edits})
			}
			return out
		},
		match: func(rule, s string) error {
			r, ok := g.Lookup(rule)
			if !ok {
				return fmt.Errorf("%s: no rule named %q in %s", g.Name(), rule, g.AppendixA())
			}
			return g.Match(r, s)
		},
		rules: func(profile string) ([]uri.RuleInfo, error) {
			v, err := g.Profile(profile)
			if err != nil {
				return nil, err
			}
			var out []uri.RuleInfo
			for _, name := range v.RuleNames() {
				r, _ := v.Lookup(name)
				out = append(out, v.RuleInfo(r))
			}
			return out, nil
		},
		roles: func() map[uri.Role]string {
			out := map[uri.Role]string{}
			for _, name := range g.RuleNames() {
				r, _ := g.Lookup(name)
				if role := g.Role(r); role != uri.NoRole {
					out[role] = name
				}
			}
			return out
		},
	}
}

// grammarUnder returns g under the named profile (p) and with the named
// edits besides (v), or an error naming a profile or an edit g does not
// offer.
func grammarUnder[R uri.Rule](g *uri.Grammar[R], profile string, allow []string) (p, v *uri.Grammar[R], err error) {
	if p, err = g.Profile(profile); err != nil {
		return nil, nil, err
	}
	if v, err = p.Allow(allow...); err != nil {
		return nil, nil, err
	}
	return p, v, nil
}

// iri marks s as a standard of IRIs: they map to URIs (RFC 3987 section
// 3.1) and compare by RFC 3987's ladder (section 5.3).
func (s Standard) iri() Standard {
	s.ladder, s.mapsToURI = &ladderRFC3987, true
	return s
}

// Rules describes the rules of the standard's grammar as published (its
// RFC name, grammar line and section), in the RFC's order.
func (s Standard) Rules() []uri.RuleInfo {
	rules, _ := s.RulesUnder(uri.StrictProfile) // every grammar has strict
	return rules
}

// RulesUnder describes the rules of the standard's grammar under the
// named profile ([Standard.ProfileList]): those of the grammar its edits
// make, the rules an edit adds after the grammar's own, each with the
// grammar line and section of the document that defines it (RFC 2396's
// lines are in its own BNF, section 1.6; the others' in RFC 5234's
// ABNF). An error for a profile the standard does not have.
func (s Standard) RulesUnder(profile string) ([]uri.RuleInfo, error) {
	if s.rules == nil {
		return nil, nil
	}
	return s.rules(profile)
}

// ABNF is the grammar of the standard as text, one rule a line in the
// RFC's order: the lines its grammar file writes above each rule
// (grammar/NAME.abnf holds the same lines). They are RFC 5234's ABNF but
// for RFC 2396, whose lines are its own BNF (section 1.6).
func (s Standard) ABNF() string { return abnfOf(s.Rules()) }

// ABNFUnder is [Standard.ABNF] of the grammar under the named profile:
// the lines of [Standard.RulesUnder].
func (s Standard) ABNFUnder(profile string) (string, error) {
	rules, err := s.RulesUnder(profile)
	return abnfOf(rules), err
}

// abnfOf writes the ABNF lines of rules, one a line.
func abnfOf(rules []uri.RuleInfo) string {
	var b strings.Builder
	for _, r := range rules {
		b.WriteString(r.ABNF + "\n")
	}
	return b.String()
}

// CoreRules returns the core rules of RFC 5234 (ALPHA, DIGIT, ...) that
// the grammar of a standard of the RFC 3986 family uses, directly or
// through one another, each with its name and line, in the order
// bnf.WithCore adds them to the definitions of [Standard.ABNF]: they come
// from the syntax trees gen writes (NAME/grammar.Definitions), so that a
// caller needs no ABNF reader (the playground's WebAssembly module links
// none). None for RFC 2396. The nodes are shared and must not be modified.
func (s Standard) CoreRules() []bnf.Definition { return slices.Clip(s.core) }

// withCore is s with the core rules that follow the numRules rules of its
// grammar's definitions (see [Standard.CoreRules]).
func (s Standard) withCore(defs []bnf.Definition, numRules int) Standard {
	s.core = defs[numRules:]
	return s
}

// Match checks s against the rule of the standard named rule (its RFC
// name) with the standard's grammar as published: the grammar's syntax
// error (a *uri.Error, or RFC 2396's *parser.Error), or an error naming a
// rule it does not have. It is safe for concurrent use.
func (s Standard) Match(rule, str string) error {
	if s.match == nil {
		return fmt.Errorf("report: standard %q has no grammar", s.Name) // the zero Standard
	}
	return s.match(rule, str)
}

// RoleRule is the RFC name of the rule of a standard of the RFC 3986
// family whose tokens have the role ("iauthority" for RFC 3987's
// [uri.RoleAuthority]); "" if none has it.
func (s Standard) RoleRule(role uri.Role) string {
	if s.roles == nil {
		return ""
	}
	return s.roles()[role]
}

// ParserProfiles reports whether the standard's profiles are package
// parser's (RFC 2396's), whose reader takes a *parser.Profile
// ([Standard.NewReader]); every other standard's reader takes the name of
// one of its profiles ([Standard.NewReaderProfile]).
func (s Standard) ParserProfiles() bool { return s.newReader == nil }

// NewReader returns a reader by the standard, under p for RFC 2396 (nil
// means strict).
func (s Standard) NewReader(p *parser.Profile) Reader {
	if s.newReader != nil {
		rd, _ := s.newReader(uri.StrictProfile, nil) // no edit: never an error
		return rd
	}
	if p == nil {
		p = parser.Strict
	}
	return NewRFC2396Reader(p)
}

// Standards returns the standards, RFC 2396 first.
func Standards() []Standard { return slices.Clone(standardList()) }

// standardList is the standards, made once: LookupStandard, SpecOf's
// callers and the messages ask for them per line.
var standardList = sync.OnceValue(func() []Standard {
	return append([]Standard{
		rfc2396Standard(),
		grammarStandard(rfc3986.Grammar(), nil).withCore(g3986.Definitions(), g3986.NumRules),
		grammarStandard(rfc3987.Grammar(), nil).withCore(g3987.Definitions(), g3987.NumRules).iri(),
	}, otherStandards()...)
})

// StandardNames returns the names of [Standards], in order.
func StandardNames() []string {
	var names []string
	for _, s := range standardList() {
		names = append(names, s.Name)
	}
	return names
}

// LookupStandard returns the standard named name, or an error that lists
// the standards there are.
func LookupStandard(name string) (Standard, error) {
	if s := standardNamed(name); s != nil {
		return *s, nil
	}
	return Standard{}, fmt.Errorf("the standard must be one of %s, not %q", strings.Join(StandardNames(), ", "), name)
}

// standardNamed is the standard named name in the list, not copied (the
// quiet modes ask per line), or nil.
func standardNamed(name string) *Standard {
	list := standardList()
	for i := range list {
		if list[i].Name == name {
			return &list[i]
		}
	}
	return nil
}

// SpecOf returns the document of the standard rd reads by ("RFC 3986").
func SpecOf(rd Reader) string { return rd.Spec() }

// SyntaxOf reads a syntax error of any standard: a *parser.Error, or the
// *uri.Error of any grammar of the RFC 3986 family. ok is false for any
// other error.
//
// It finds them with syntax.ErrorAs rather than errors.As, whose
// reflection the playground's WebAssembly module, which calls SyntaxOf,
// would link for it alone.
func SyntaxOf(err error) (s Syntax, ok bool) {
	se, ok := syntax.ErrorAs[uri.SyntaxError](err)
	if !ok {
		return Syntax{}, false
	}
	s.Input, s.Offset, s.Rule, s.Expected = se.Syntax()
	// RFC 2396 says "escaped" (section 2.4) where RFC 3986 says
	// "percent-encoded" (section 2.1).
	s.Hint = "it must be percent-encoded"
	if perr, rfc2396 := se.(*parser.Error); rfc2396 {
		s.Hint = "it must be escaped"
		if perr.Gap != parser.NoGap {
			s.Gap = perr.Gap.String()
		}
	}
	return s, true
}

// Syntax is what a syntax error says: where in Input, in which rule, what
// was expected, and what to do with a character that is not allowed
// (Hint: RFC 2396 escapes, RFC 3986 percent-encodes). Gap is the known
// gap of the RFC the input runs into, in words (RFC 2396's
// [parser.Gap]), "" for none.
type Syntax struct {
	Input          string
	Offset         int
	Rule, Expected string
	Hint           string
	Gap            string
}

// TrimStandard drops the standard's name that starts a message
// ("rfc3986: ").
func TrimStandard(msg string) string {
	for _, name := range StandardNames() {
		if m, ok := strings.CutPrefix(msg, name+": "); ok {
			return m
		}
	}
	return msg
}

// A Job is what a command does with the strings of a standard: read them
// (parse, tree: every standard), resolve them (resolve, relativize, lint:
// the standards of URI references), or compare them (normalize,
// equivalent: those, and a standard with an equivalence of its own).
type Job int

// The jobs.
const (
	JobRead Job = iota
	JobResolve
	JobCompare
)

// Does reports whether the standard's strings can be given to job.
func (s Standard) Does(job Job) bool {
	references := s.References()
	switch job {
	case JobResolve:
		return references
	case JobCompare:
		return references || s.face != nil && s.face.Compares()
	}
	return true
}

// StandardsFor returns the standards that do job, in order.
func StandardsFor(job Job) []Standard {
	var out []Standard
	for _, s := range standardList() {
		if s.Does(job) {
			out = append(out, s)
		}
	}
	return out
}

// References reports whether the standard's start rule reads URI
// references, with components, a resolution and a normal form: RFC 2396,
// RFC 3986, RFC 3987; not RFC 9112's request-targets (origin-form and
// authority-form have no counterpart in RFC 3986's section 5), RFC
// 8141's URNs or RFC 6570's templates.
func (s Standard) References() bool { return s.ParserProfiles() || s.references }
