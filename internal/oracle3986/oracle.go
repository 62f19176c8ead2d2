// Package oracle3986 is an independent reading of RFC 3986 Appendix A, for
// tests: regular expressions built from grammar/rfc3986.abnf (read with
// bnf.ParseABNF when the oracle is made; see oracle.Patterns), the
// Appendix B regular expression, and a
// generator of test strings from the ABNF. It is package internal/oracle
// for the second grammar and reuses its machinery (the prefix-viability
// check over Go's compiled regular expressions, the string generator). None
// of it shares code with rfc3986.peg or with package rfc3986.
package oracle3986

import (
	_ "embed"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// Oracle decides membership in the language of each Appendix A rule.
type Oracle struct {
	whole [grammar.NumRules]*regexp.Regexp
	progs [grammar.NumRules]*syntax.Prog
	// hostUses holds the rules host's definition names: a host is an
	// IP-literal or an IPv4address only while host has that alternative.
	hostUses map[string]bool
}

// New compiles the oracle's expressions for the grammar in force,
// grammar/rfc3986.abnf.
func New() *Oracle { return newOf(grammar.ABNF) }

// appendixA is RFC 3986 Appendix A as the RFC publishes it, whatever
// rfc3986.peg now says.
//
//go:embed appendix-a.abnf
var appendixA string

// NewPublished is [New] for Appendix A as RFC 3986 publishes it
// (appendix-a.abnf), not as rfc3986.peg now writes it: the two differ
// only after someone edits the grammar. See [Facts].
func NewPublished() *Oracle { return newOf(appendixA) }

// PublishedDefinitions returns the rules of Appendix A as RFC 3986
// publishes it (appendix-a.abnf), without the core rules.
func PublishedDefinitions() ([]bnf.Definition, error) { return bnf.ParseABNF(appendixA) }

// newOf compiles the oracle's expressions for the ABNF text.
func newOf(text string) *Oracle {
	defs, err := bnf.ParseABNF(text)
	if err != nil {
		panic(err) // a fixed file, or one gen has checked
	}
	byName := oracle.Patterns(bnf.WithCore(defs))
	var patterns [grammar.NumRules]string
	for r := range patterns {
		patterns[r] = byName[grammar.Rule(r).String()]
	}
	o := &Oracle{hostUses: map[string]bool{}}
	for _, d := range defs {
		if d.Name == grammar.RuleHost.String() {
			bnf.Walk(d.Body, func(n *bnf.Node) {
				if n.Kind == bnf.RuleRef {
					o.hostUses[n.Text] = true
				}
			})
		}
	}
	for r, p := range patterns {
		o.whole[r] = regexp.MustCompile(`^(?:` + p + `)$`)
		o.progs[r] = oracle.CompileProg(p)
	}
	return o
}

// Match reports whether s as a whole is in the language of rule. Bytes
// outside US-ASCII never match (Go's regexp reads them as runes no class of
// Appendix A contains, or as U+FFFD).
func (o *Oracle) Match(rule grammar.Rule, s string) bool {
	return o.whole[rule].MatchString(s)
}

// ViablePrefix returns the length of the longest prefix of s that some
// string of rule's language starts with: the offset of the first byte no
// valid parse can include, or len(s).
func (o *Oracle) ViablePrefix(rule grammar.Rule, s string) int {
	return oracle.ViablePrefixOf(o.progs[rule], s)
}

// appendixB is the regular expression of RFC 3986 Appendix B.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// SplitB splits a reference with the Appendix B regular expression: scheme
// $2, authority $4, path $5, query $7, fragment $9.
func SplitB(s string) oracle.Split {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) oracle.Component {
		if m[2*g] < 0 {
			return oracle.Component{}
		}
		return oracle.Component{Value: s[m[2*g]:m[2*g+1]], Defined: true}
	}
	return oracle.Split{Scheme: get(2), Authority: get(4), Path: get(5).Value, Query: get(7), Fragment: get(9)}
}

// Generator makes test strings from grammar/rfc3986.abnf (see
// oracle.Generator).
type Generator struct {
	*oracle.Generator
}

// NewGenerator returns a generator seeded with seed.
func NewGenerator(seed uint64) Generator {
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		panic(err)
	}
	return Generator{oracle.NewGeneratorOf(defs, seed)}
}

// Derive returns a random string of rule's language.
func (g Generator) Derive(rule grammar.Rule) string {
	return g.DeriveName(rule.String())
}

// Context is where a rule's strings occur inside a whole reference.
type Context struct {
	Rule          grammar.Rule
	Before, After string
}

// Contexts places rules where they occur in references.
var Contexts = []Context{
	{Rule: grammar.RuleAuthority, Before: "http://", After: "/p?q#f"},
	{Rule: grammar.RuleAuthority, Before: "//", After: ""},
	{Rule: grammar.RuleHost, Before: "http://", After: ":80/p"},
	{Rule: grammar.RuleHost, Before: "//u@", After: "?q"},
	{Rule: grammar.RuleRegName, Before: "http://", After: "?q"},
	{Rule: grammar.RuleIPv4address, Before: "http://u@", After: "/"},
	{Rule: grammar.RuleIPv4address, Before: "//", After: ""},
	{Rule: grammar.RuleIPLiteral, Before: "http://", After: ":8080/"},
	{Rule: grammar.RuleIPv6address, Before: "http://[", After: "]/"},
	{Rule: grammar.RuleIPvFuture, Before: "//[", After: "]"},
	{Rule: grammar.RulePort, Before: "http://h:", After: "/p"},
	{Rule: grammar.RuleUserinfo, Before: "http://", After: "@h/"},
	{Rule: grammar.RuleSegment, Before: "/a/", After: "/b"},
	{Rule: grammar.RulePathAbempty, Before: "http://h", After: "#f"},
	{Rule: grammar.RulePathAbsolute, Before: "", After: "?q"},
	{Rule: grammar.RulePathAbsolute, Before: "s:", After: "?q"},
	{Rule: grammar.RulePathRootless, Before: "s:", After: "#f"},
	{Rule: grammar.RulePathNoscheme, Before: "", After: "?q"},
	{Rule: grammar.RuleQuery, Before: "http://h/p?", After: "#f"},
	{Rule: grammar.RuleFragment, Before: "x#", After: ""},
	{Rule: grammar.RuleScheme, Before: "", After: ":/p"},
	{Rule: grammar.RuleHierPart, Before: "s:", After: "?q#f"},
	{Rule: grammar.RuleRelativePart, Before: "", After: "?q#f"},
	{Rule: grammar.RuleURI, Before: "", After: ""},
	{Rule: grammar.RuleRelativeRef, Before: "", After: ""},
}

// Authority is the reading of an authority (section 3.2): userinfo, host
// and port, and which rule the host matched.
type Authority struct {
	UserInfo, Host, Port oracle.Component
	HostKind             string // "ip-literal", "ipv4" or "reg-name"
}

// ReadAuthority splits an authority. userinfo has no "@" and host no ":"
// outside an IP-literal's brackets, so the split is unique; an IPv4address
// host is an IPv4 literal, not a reg-name (section 3.2.2).
func (o *Oracle) ReadAuthority(authority string) (Authority, bool) {
	if !o.Match(grammar.RuleAuthority, authority) {
		return Authority{}, false
	}
	var a Authority
	rest := authority
	if i := strings.IndexByte(rest, '@'); i >= 0 {
		a.UserInfo = oracle.Component{Value: rest[:i], Defined: true}
		rest = rest[i+1:]
	}
	hostEnd := len(rest)
	if i := strings.LastIndexByte(rest, ':'); i >= 0 && !strings.Contains(rest[i:], "]") {
		hostEnd = i
		a.Port = oracle.Component{Value: rest[i+1:], Defined: true}
	}
	a.Host = oracle.Component{Value: rest[:hostEnd], Defined: true}
	switch {
	case o.hostUses[grammar.RuleIPLiteral.String()] && o.Match(grammar.RuleIPLiteral, a.Host.Value):
		a.HostKind = "ip-literal"
	case o.hostUses[grammar.RuleIPv4address.String()] && o.Match(grammar.RuleIPv4address, a.Host.Value):
		a.HostKind = "ipv4"
	default:
		a.HostKind = "reg-name"
	}
	return a, true
}

// SameReading reports whether o and p read each of refs alike: the same
// verdict ([oracle.SameVerdict], [oracle.SamePrefixVerdict]) and, for a reference both accept, the
// same reading of its authority. See [oracle.Facts].
func (o *Oracle) SameReading(p *Oracle, refs ...string) bool {
	for _, ref := range refs {
		same, valid := oracle.SameVerdict(o, p, grammar.RuleURIReference, ref)
		if !same || !valid && !oracle.SamePrefixVerdict(o, p, grammar.RuleURIReference, ref) {
			return false
		}
		if a := SplitB(ref).Authority; valid && a.Defined {
			ra, ok := o.ReadAuthority(a.Value)
			pa, pok := p.ReadAuthority(a.Value)
			if ok != pok || ra != pa {
				return false
			}
		}
	}
	return true
}

// NewFacts returns the [oracle.Facts] of RFC 3986's grammar in force: which
// rows of a table about Appendix A as published hold under it.
func NewFacts() *oracle.Facts[*Oracle] { return oracle.FactsOf(New(), NewPublished()) }

// ErrorRuleAsPublished reports whether an error that RFC 3986's grammar as
// published places in the rule name still names it under the grammar in
// force (see [oracle.ErrorRuleSame]).
func ErrorRuleAsPublished(rule grammar.Rule) bool {
	inForce, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		panic(err) // a file gen has checked
	}
	published, err := PublishedDefinitions()
	if err != nil {
		panic(err) // a fixed file
	}
	return oracle.ErrorRuleSame(inForce, published, rule.String())
}

// RemoveDotSegments is section 5.2.4 of RFC 3986, remove_dot_segments,
// step by step on strings as the RFC writes it (its steps A to E), with
// no code of package rfc3986: package rfc3986's own, which works in
// place, is held to it, and the conformance suite's resolutions use it.
func RemoveDotSegments(path string) string {
	out := make([]byte, 0, len(path))
	// popSegment removes the last segment of the output and its "/", if any.
	popSegment := func() {
		i := len(out) - 1
		for i >= 0 && out[i] != '/' {
			i--
		}
		if i < 0 {
			i = 0
		}
		out = out[:i]
	}
	in := path
	for len(in) > 0 {
		switch {
		// A: a prefix "../" or "./" is removed.
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		// B: a prefix "/./" or a whole "/." becomes "/".
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		// C: a prefix "/../" or a whole "/.." becomes "/", and the last
		// segment of the output goes.
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			popSegment()
		case in == "/..":
			in = "/"
			popSegment()
		// D: a whole "." or ".." is removed.
		case in == "." || in == "..":
			in = ""
		// E: the first segment, with its leading "/" if any, moves to the
		// output.
		default:
			end := 0
			if in[0] == '/' {
				end = 1
			}
			if j := strings.IndexByte(in[end:], '/'); j >= 0 {
				end += j
			} else {
				end = len(in)
			}
			out = append(out, in[:end]...)
			in = in[end:]
		}
	}
	return string(out)
}
