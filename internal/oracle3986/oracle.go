// Package oracle3986 is the oracle of any ABNF grammar (package
// internal/abnforacle) over RFC 3986 Appendix A, typed to package
// rfc3986's rules, for tests: Match and ViablePrefix take a grammar.Rule,
// and ReadAuthority knows Appendix A's rule names. Beside it are what only
// RFC 3986's tests use: Appendix A as the RFC publishes it (for [Facts]),
// the contexts its rules occur in, a generator of test strings from the
// ABNF and section 5.2.4 step by step. None of it shares code with
// rfc3986.peg or with package rfc3986.
package oracle3986

import (
	_ "embed"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/abnforacle"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// Oracle decides membership in the language of each Appendix A rule: the
// oracle of any ABNF grammar (package abnforacle) over grammar/rfc3986.abnf,
// typed to RFC 3986's rules.
type Oracle struct {
	o *abnforacle.Oracle
}

// New compiles the oracle's expressions for the grammar in force,
// grammar/rfc3986.abnf.
func New() *Oracle { return newOf(grammar.ABNF) }

// PublishedABNF is RFC 3986 Appendix A as the RFC publishes it, whatever
// rfc3986.peg now says.
//
//go:embed appendix-a.abnf
var PublishedABNF string

// NewPublished is [New] for Appendix A as RFC 3986 publishes it
// (appendix-a.abnf), not as rfc3986.peg now writes it: the two differ
// only after someone edits the grammar. See [Facts].
func NewPublished() *Oracle { return newOf(PublishedABNF) }

// PublishedDefinitions returns the rules of Appendix A as RFC 3986
// publishes it (appendix-a.abnf), without the core rules.
func PublishedDefinitions() ([]bnf.Definition, error) { return bnf.ParseABNF(PublishedABNF) }

// newOf returns the oracle of the ABNF text.
func newOf(text string) *Oracle {
	o, err := abnforacle.New(text)
	if err != nil {
		panic(err) // a fixed file, or one gen has checked
	}
	return &Oracle{o: o}
}

// authorityRules are the rules of Appendix A an authority is read by.
var authorityRules = abnforacle.AuthorityRules{
	Authority: grammar.RuleAuthority.String(), IPLiteral: grammar.RuleIPLiteral.String(),
	IPv4: grammar.RuleIPv4address.String(), RegName: grammar.RuleRegName.String(),
}

// Match reports whether s as a whole is in the language of rule. Bytes
// outside US-ASCII never match.
func (o *Oracle) Match(rule grammar.Rule, s string) bool {
	return o.o.Match(rule.String(), s)
}

// ViablePrefix returns the length of the longest prefix of s that some
// string of rule's language starts with: the offset of the first byte no
// valid parse can include, or len(s).
func (o *Oracle) ViablePrefix(rule grammar.Rule, s string) int {
	return o.o.ViablePrefix(rule.String(), s)
}

// SplitB splits a reference with the Appendix B regular expression: scheme
// $2, authority $4, path $5, query $7, fragment $9.
func SplitB(s string) oracle.Split { return abnforacle.SplitB(s) }

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
type Authority = abnforacle.Authority

// ReadAuthority splits an authority (see [abnforacle.Oracle.ReadAuthority]).
func (o *Oracle) ReadAuthority(authority string) (Authority, bool) {
	return o.o.ReadAuthority(authorityRules, authority)
}

// SameReading reports whether o and p read each of refs alike: the same
// verdict, the same viable prefix and, for a reference both accept, the
// same reading of its authority. See [oracle.Facts].
func (o *Oracle) SameReading(p *Oracle, refs ...string) bool {
	return o.o.SameReading(p.o, grammar.RuleURIReference.String(), authorityRules, refs...)
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
