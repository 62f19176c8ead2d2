package oracle

import (
	"math/rand/v2"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Generator makes test strings from grammar/rfc2396.abnf: random
// derivations of a rule, mutations of them, and derivations placed in the
// context where a rule occurs in a reference. It is deterministic for a
// given seed.
type Generator struct {
	defs map[string]*bnf.Node
	r    *rand.Rand
	// MaxRepeat bounds the extra repetitions of a "*" or "1*" element
	// beyond its minimum; derivations grow with it.
	MaxRepeat int
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
	defs = bnf.WithCore(defs)
	g := &Generator{defs: map[string]*bnf.Node{}, r: rand.New(rand.NewPCG(seed, 2396)), MaxRepeat: 4}
	for _, d := range defs {
		g.defs[d.Name] = d.Body
	}
	return g
}

// Derive returns a random string of rule's language ("" for a rule the
// grammar does not have).
func (g *Generator) Derive(rule grammar.Rule) string { return g.DeriveName(rule.String()) }

// DeriveName returns a random string of the language of the rule named
// name ("" for a rule the grammar does not have).
func (g *Generator) DeriveName(name string) string {
	if g.defs[name] == nil {
		return ""
	}
	var b strings.Builder
	g.derive(&b, g.defs[name])
	return b.String()
}

func (g *Generator) derive(b *strings.Builder, n *bnf.Node) {
	switch n.Kind {
	case bnf.Literal:
		for i := 0; i < len(n.Text); i++ {
			c := n.Text[i]
			if n.Fold && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && g.r.IntN(2) == 0 {
				c ^= 0x20
			}
			b.WriteByte(c)
		}
	case bnf.CharRange:
		b.WriteByte(byte(n.Min + g.r.IntN(n.Max-n.Min+1)))
	case bnf.RuleRef:
		g.derive(b, g.defs[n.Text])
	case bnf.Concatenation:
		for _, c := range n.Children {
			g.derive(b, c)
		}
	case bnf.Alternation:
		g.derive(b, n.Children[g.r.IntN(len(n.Children))])
	case bnf.Repetition:
		count := n.Min
		switch {
		case n.Max == n.Min:
		case n.Max > 0:
			count += g.r.IntN(n.Max - n.Min + 1)
		default:
			// Mostly short runs, sometimes none, sometimes long ones.
			switch k := g.r.IntN(8); {
			case k == 0:
			case k < 6:
				count += 1 + g.r.IntN(2)
			default:
				count += g.r.IntN(g.MaxRepeat + 1)
			}
		}
		for i := 0; i < count; i++ {
			g.derive(b, n.Children[0])
		}
	}
}

// mutationBytes are the bytes mutations insert or substitute: every
// delimiter and mark of RFC 2396, the excluded characters of section 2.4.3,
// "%" and hex digits, control bytes and bytes outside US-ASCII.
var mutationBytes = []byte(";/?:@&=+$,-_.!~*'()%#aZ09fF[]<>\"{}|\\^` \t\x00\x01\x1f\x7f\x80\xc3\xa9\xff")

// Mutate returns s with one to three random edits: a byte inserted,
// deleted or replaced.
func (g *Generator) Mutate(s string) string {
	b := []byte(s)
	for i, n := 0, 1+g.r.IntN(3); i < n; i++ {
		c := mutationBytes[g.r.IntN(len(mutationBytes))]
		switch op := g.r.IntN(3); {
		case op == 0 || len(b) == 0:
			at := g.r.IntN(len(b) + 1)
			b = append(b[:at], append([]byte{c}, b[at:]...)...)
		case op == 1:
			at := g.r.IntN(len(b))
			b = append(b[:at], b[at+1:]...)
		default:
			b[g.r.IntN(len(b))] = c
		}
	}
	return string(b)
}

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
