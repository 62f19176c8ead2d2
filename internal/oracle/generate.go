package oracle

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle/lang"
)

// Generator makes test strings from grammar/rfc2396.abnf: random
// derivations of a rule, mutations of them, and derivations placed in the
// context where a rule occurs in a reference. It is deterministic for a
// given seed. Its methods DeriveName and Mutate and its field MaxRepeat are
// those of [lang.Generator].
type Generator struct {
	*lang.Generator
}

// NewGenerator returns a generator for Appendix A, seeded with seed.
func NewGenerator(seed uint64) *Generator { return NewGeneratorFor(0, seed) }

// NewGeneratorFor returns a generator for Appendix A with the edits of set
// in force, seeded with seed.
func NewGeneratorFor(set grammar.EditSet, seed uint64) *Generator {
	defs, _ := grammar.Definitions(set)
	return NewGeneratorOf(defs, seed)
}

// NewGeneratorOf returns a generator for any grammar read by package bnf
// (RFC 5234's core rules are added where defs use them), seeded with seed.
func NewGeneratorOf(defs []bnf.Definition, seed uint64) *Generator {
	return &Generator{lang.NewGenerator(defs, seed)}
}

// Derive returns a random string of rule's language ("" for a rule the
// grammar does not have).
func (g *Generator) Derive(rule grammar.Rule) string { return g.DeriveName(rule.String()) }

// Context is where a rule's strings occur inside a whole reference.
type Context struct {
	Rule           grammar.Rule
	Before, After  string
	WithinRelative bool // the context is a relative reference
}

// Contexts places rules where they occur in references: a server or
// hostname inside "http://…/p?q#f", a segment inside a path, a query after
// "?", and so on.
var Contexts = []Context{
	{Rule: grammar.RuleAuthority, Before: "http://", After: "/p?q#f"},
	{Rule: grammar.RuleServer, Before: "http://", After: "/p?q#f"},
	{Rule: grammar.RuleRegName, Before: "http://", After: "?q"},
	{Rule: grammar.RuleHostport, Before: "ftp://u@", After: "#f"},
	{Rule: grammar.RuleHostname, Before: "http://", After: ":80/p"},
	{Rule: grammar.RuleHostname, Before: "//", After: ""},
	{Rule: grammar.RuleIPv4address, Before: "http://u@", After: "/"},
	{Rule: grammar.RulePort, Before: "http://h:", After: "/p"},
	{Rule: grammar.RuleUserinfo, Before: "http://", After: "@h/"},
	{Rule: grammar.RuleSegment, Before: "/a/", After: "/b"},
	{Rule: grammar.RuleParam, Before: "http://h/a;", After: "?q"},
	{Rule: grammar.RulePathSegments, Before: "http://h/", After: "#f"},
	{Rule: grammar.RuleAbsPath, Before: "", After: "?q"},
	{Rule: grammar.RuleRelPath, Before: "", After: "#f"},
	{Rule: grammar.RuleQuery, Before: "http://h/p?", After: "#f"},
	{Rule: grammar.RuleFragment, Before: "x#", After: ""},
	{Rule: grammar.RuleScheme, Before: "", After: ":/p"},
	{Rule: grammar.RuleOpaquePart, Before: "mailto:", After: "#f"},
	{Rule: grammar.RuleNetPath, Before: "http:", After: "?q"},
	{Rule: grammar.RuleAbsoluteURI, Before: "", After: "#f"},
	{Rule: grammar.RuleRelativeURI, Before: "", After: "#f"},
}
