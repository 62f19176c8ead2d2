// This file is the oracle of any ABNF grammar ([ABNF]) over RFC 3986
// Appendix A, typed to package rfc3986's rules, for tests: Match and
// ViablePrefix take a grammar.Rule, and ReadAuthority knows Appendix A's
// rule names. Beside it are what only RFC 3986's tests use: Appendix A as
// the RFC publishes it (for [Facts]), the contexts its rules occur in, a
// generator of test strings from the ABNF and section 5.2.4 step by step.
// None of it shares code with rfc3986.peg or with package rfc3986.

package oracle

import (
	_ "embed"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// Oracle3986 decides membership in the language of each Appendix A rule: the
// oracle of any ABNF grammar ([ABNF]) over grammar/rfc3986.abnf,
// typed to RFC 3986's rules.
type Oracle3986 struct {
	o *ABNF
}

// New3986 compiles the oracle's expressions for the grammar in force,
// grammar/rfc3986.abnf.
func New3986() *Oracle3986 { return newOf3986(grammar.ABNF) }

// PublishedABNF3986 is RFC 3986 Appendix A as the RFC publishes it, whatever
// rfc3986.peg now says.
//
//go:embed rfc3986-appendix-a.abnf
var PublishedABNF3986 string

// NewPublished3986 is [New3986] for Appendix A as RFC 3986 publishes it
// (rfc3986-appendix-a.abnf), not as rfc3986.peg now writes it: the two differ
// only after someone edits the grammar. See [Facts].
func NewPublished3986() *Oracle3986 { return newOf3986(PublishedABNF3986) }

// PublishedDefinitions3986 returns the rules of Appendix A as RFC 3986
// publishes it (rfc3986-appendix-a.abnf), without the core rules.
func PublishedDefinitions3986() ([]bnf.Definition, error) { return bnf.ParseABNF(PublishedABNF3986) }

// newOf3986 returns the oracle of the ABNF text.
func newOf3986(text string) *Oracle3986 {
	o, err := NewABNF(text)
	if err != nil {
		panic(err) // a fixed file, or one gen has checked
	}
	return &Oracle3986{o: o}
}

// authorityRules3986 are the rules of Appendix A an authority is read by.
var authorityRules3986 = AuthorityRules{
	Authority: grammar.RuleAuthority.String(), IPLiteral: grammar.RuleIPLiteral.String(),
	IPv4: grammar.RuleIPv4address.String(), RegName: grammar.RuleRegName.String(),
}

// Match reports whether s as a whole is in the language of rule. Bytes
// outside US-ASCII never match.
func (o *Oracle3986) Match(rule grammar.Rule, s string) bool {
	return o.o.Match(rule.String(), s)
}

// ViablePrefix returns the length of the longest prefix of s that some
// string of rule's language starts with: the offset of the first byte no
// valid parse can include, or len(s).
func (o *Oracle3986) ViablePrefix(rule grammar.Rule, s string) int {
	return o.o.ViablePrefix(rule.String(), s)
}

// Generator3986 makes test strings from grammar/rfc3986.abnf (see
// [Generator]).
type Generator3986 struct {
	*Generator
}

// NewGenerator3986 returns a generator seeded with seed.
func NewGenerator3986(seed uint64) Generator3986 {
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		panic(err)
	}
	return Generator3986{NewGeneratorOf(defs, seed)}
}

// Derive returns a random string of rule's language.
func (g Generator3986) Derive(rule grammar.Rule) string {
	return g.DeriveName(rule.String())
}

// Context3986 is where a rule's strings occur inside a whole reference.
type Context3986 struct {
	Rule          grammar.Rule
	Before, After string
}

// Contexts3986 places rules where they occur in references.
var Contexts3986 = []Context3986{
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

// ReadAuthority splits an authority (see [ABNF.ReadAuthority]).
func (o *Oracle3986) ReadAuthority(authority string) (Authority, bool) {
	return o.o.ReadAuthority(authorityRules3986, authority)
}

// SameReading reports whether o and p read each of refs alike: the same
// verdict, the same viable prefix and, for a reference both accept, the
// same reading of its authority. See [Facts].
func (o *Oracle3986) SameReading(p *Oracle3986, refs ...string) bool {
	return o.o.SameReading(p.o, grammar.RuleURIReference.String(), authorityRules3986, refs...)
}

// NewFacts3986 returns the [Facts] of RFC 3986's grammar in force: which
// rows of a table about Appendix A as published hold under it.
func NewFacts3986() *Facts[*Oracle3986] { return FactsOf(New3986(), NewPublished3986()) }

// ErrorRuleAsPublished3986 reports whether an error that RFC 3986's grammar as
// published places in the rule name still names it under the grammar in
// force (see [ErrorRuleSame]).
func ErrorRuleAsPublished3986(rule grammar.Rule) bool {
	inForce, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		panic(err) // a file gen has checked
	}
	published, err := PublishedDefinitions3986()
	if err != nil {
		panic(err) // a fixed file
	}
	return ErrorRuleSame(inForce, published, rule.String())
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
