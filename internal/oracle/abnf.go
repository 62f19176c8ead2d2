// This file is an independent reading of any grammar written in
// the ABNF of RFC 5234 (grammar/NAME.abnf, or the rule lines of a grammar
// value): a regular expression for each rule, built from the rule's syntax
// tree as package grammar/bnf reads it (see [Patterns]), a
// prefix-viability check over Go's compiled form of the same expressions,
// the regular expression of RFC 3986 Appendix B, and a reading of an
// authority by the grammar's own rules. It is keyed by rule name, so one
// oracle serves every grammar of the RFC 3986 family (RFC 3986, RFC 3987,
// RFC 9112's request-target); none of it shares code with the PEG files,
// the generated parsers or the automata.
//
// It is not test-only: the conformance kit (package conformance, which
// the vectors, coverage and grade commands run) checks every case it
// ships against it, and gen/examples checks the site's examples against
// it.
//
// A grammar's %x values are code points ("Terminals in the ABNF are
// characters, not bytes", RFC 3987 section 2.2), and Go's regular
// expressions match runes: an input is read as UTF-8. Go reads a byte
// that is not UTF-8 as U+FFFD, which ucschar (%xFDF0-FFEF) contains, so
// the oracle refuses input that is not UTF-8 itself, before any
// expression sees it: no grammar of the family has a string that is not.

package oracle

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// ABNF decides membership in the language of each rule of one grammar.
// Its expressions are compiled on first use, one rule at a time. It is
// safe for concurrent use.
type ABNF struct {
	defs     []bnf.Definition // with the core rules
	byName   map[string]*bnf.Definition
	patterns map[string]string

	mu       sync.Mutex
	compiled map[string]*compiled
}

// compiled is one rule's expression, anchored, and its program.
type compiled struct {
	whole *regexp.Regexp
	prog  *syntax.Prog
}

// NewABNF reads the ABNF text (one rule a line, as grammar/bnf.ParseABNF
// reads it; RFC 5234's core rules are added where the text uses them).
func NewABNF(text string) (*ABNF, error) {
	defs, err := bnf.ParseABNF(text)
	if err != nil {
		return nil, err
	}
	return NewABNFOf(defs), nil
}

// NewABNFOf returns the oracle of rules read by package bnf.
func NewABNFOf(defs []bnf.Definition) *ABNF {
	defs = bnf.WithCore(defs)
	o := &ABNF{defs: defs, byName: map[string]*bnf.Definition{}, patterns: Patterns(defs), compiled: map[string]*compiled{}}
	for i := range defs {
		o.byName[defs[i].Name] = &defs[i]
	}
	return o
}

// Definitions returns the grammar's rules, the core rules of RFC 5234
// included where it uses them.
func (o *ABNF) Definitions() []bnf.Definition { return o.defs }

// Has reports whether the grammar defines rule.
func (o *ABNF) Has(rule string) bool { return o.byName[rule] != nil }

// Pattern returns rule's regular expression, unanchored ("" for a rule
// the grammar does not define).
func (o *ABNF) Pattern(rule string) string { return o.patterns[rule] }

// get returns rule's compiled expression, compiling it on first use; nil
// for a rule the grammar does not define.
func (o *ABNF) get(rule string) *compiled {
	p, ok := o.patterns[rule]
	if !ok {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.compiled[rule]
	if c == nil {
		c = &compiled{whole: regexp.MustCompile(`^(?:` + p + `)$`), prog: CompileProg(p)}
		o.compiled[rule] = c
	}
	return c
}

// Match reports whether s as a whole is in the language of rule: false
// for a rule the grammar does not define, and for s not UTF-8.
func (o *ABNF) Match(rule, s string) bool {
	c := o.get(rule)
	return c != nil && utf8.ValidString(s) && c.whole.MatchString(s)
}

// ViablePrefix returns the length of the longest prefix of s that some
// string of rule's language starts with: the offset of the first
// character that no valid parse can include, or len(s). It runs a Thompson
// simulation of the program Go's regexp/syntax compiles from the rule's
// expression, one character at a time; a byte that does not start a UTF-8
// encoding (or starts one cut short) ends the prefix where it is. It
// returns 0 for a rule the grammar does not define.
func (o *ABNF) ViablePrefix(rule, s string) int {
	c := o.get(rule)
	if c == nil {
		return 0
	}
	prog := c.prog
	cur := ProgStart(prog)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		next := ProgStep(prog, cur, r)
		if len(next) == 0 {
			return i
		}
		cur = next
		i += size
	}
	return len(s)
}

// AuthorityRules names the rules of a grammar an authority is read by:
// the authority itself (authority, iauthority) and the host's three kinds
// (IP-literal, IPv4address, reg-name or ireg-name).
type AuthorityRules struct {
	Authority, IPLiteral, IPv4, RegName string
}

// Authority is the reading of an authority (RFC 3986 section 3.2):
// userinfo, host and port, and which rule the host matched.
type Authority struct {
	UserInfo, Host, Port Component
	HostKind             string // "ip-literal", "ipv4" or "reg-name"
}

// ReadAuthority splits an authority by the rules names names. userinfo
// has no "@" and host no ":" outside an IP-literal's brackets, so the
// split is unique; an IPv4address host is an IPv4 literal, not a reg-name
// (section 3.2.2). A host is an IP-literal or an IPv4address only while
// the host rule (the rule of the authority's definition that names the
// reg-name rule) has that alternative.
func (o *ABNF) ReadAuthority(names AuthorityRules, authority string) (Authority, bool) {
	if !o.Match(names.Authority, authority) {
		return Authority{}, false
	}
	var a Authority
	rest := authority
	if i := strings.IndexByte(rest, '@'); i >= 0 {
		a.UserInfo = Component{Value: rest[:i], Defined: true}
		rest = rest[i+1:]
	}
	hostEnd := len(rest)
	if i := strings.LastIndexByte(rest, ':'); i >= 0 && !strings.Contains(rest[i:], "]") {
		hostEnd = i
		a.Port = Component{Value: rest[i+1:], Defined: true}
	}
	a.Host = Component{Value: rest[:hostEnd], Defined: true}
	uses := o.hostUses(names)
	switch {
	case uses[names.IPLiteral] && o.Match(names.IPLiteral, a.Host.Value):
		a.HostKind = "ip-literal"
	case uses[names.IPv4] && o.Match(names.IPv4, a.Host.Value):
		a.HostKind = "ipv4"
	default:
		a.HostKind = "reg-name"
	}
	return a, true
}

// hostUses returns the rules the host rule's definition names: the host
// rule is the one the authority's definition names whose own definition
// names the reg-name rule.
func (o *ABNF) hostUses(names AuthorityRules) map[string]bool {
	uses := map[string]bool{}
	auth := o.byName[names.Authority]
	if auth == nil {
		return uses
	}
	for _, ref := range refs(auth.Body) {
		d := o.byName[ref]
		if d == nil {
			continue
		}
		if r := refs(d.Body); containsName(r, names.RegName) {
			for _, n := range r {
				uses[n] = true
			}
			return uses
		}
	}
	return uses
}

// refs lists the rules a syntax tree names.
func refs(n *bnf.Node) []string {
	var out []string
	bnf.Walk(n, func(n *bnf.Node) {
		if n.Kind == bnf.RuleRef {
			out = append(out, n.Text)
		}
	})
	return out
}

func containsName(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// SameReading reports whether o and p read each of refs alike as rule
// start: the same verdict, the same viable prefix for a string both
// refuse, and, for a reference both accept, the same reading of its
// authority. See [Facts].
func (o *ABNF) SameReading(p *ABNF, start string, names AuthorityRules, refs ...string) bool {
	for _, ref := range refs {
		valid := o.Match(start, ref)
		if valid != p.Match(start, ref) {
			return false
		}
		if !valid && o.ViablePrefix(start, ref) != p.ViablePrefix(start, ref) {
			return false
		}
		if a := SplitB(ref).Authority; valid && a.Defined {
			ra, ok := o.ReadAuthority(names, a.Value)
			pa, pok := p.ReadAuthority(names, a.Value)
			if ok != pok || ra != pa {
				return false
			}
		}
	}
	return true
}
