// Package lang reads each rule of a grammar written in the notation of
// package grammar/bnf as a language: a regular expression for exactly its
// strings ([Patterns]) and random strings of it ([Generator]). It depends
// on grammar/bnf alone, not on the generated package grammar, so that gen
// can check rfc2396.peg against its ABNF lines before anything is
// generated; package oracle builds its oracles on it.
//
// Regular expressions match runes and the grammars bytes, so both the
// expressions and the inputs read one byte as one rune of the same value
// (ISO 8859-1): a byte 0xC3 is the rune U+00C3, in a class and in an input
// alike.
package lang

import (
	"math/rand/v2"
	"strings"

	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// Generator makes test strings from a grammar: random derivations of a
// rule and mutations of them. It is deterministic for a given seed.
type Generator struct {
	defs map[string]*bnf.Node
	r    *rand.Rand
	// MaxRepeat bounds the extra repetitions of a "*" or "1*" element
	// beyond its minimum; derivations grow with it.
	MaxRepeat int
}

// NewGenerator returns a generator for any grammar read by package bnf
// (RFC 5234's core rules are added where defs use them), seeded with seed.
func NewGenerator(defs []bnf.Definition, seed uint64) *Generator {
	defs = bnf.WithCore(defs)
	g := &Generator{defs: map[string]*bnf.Node{}, r: rand.New(rand.NewPCG(seed, 2396)), MaxRepeat: 4}
	for _, d := range defs {
		g.defs[d.Name] = d.Body
	}
	return g
}

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
		c := n.Min + g.r.IntN(n.Max-n.Min+1)
		if !n.CodePoints {
			b.WriteByte(byte(c)) // a byte
			break
		}
		// A range of code points (RFC 3987's ucschar): one of them, as
		// UTF-8. A surrogate has no encoding; the range's first code
		// point stands for it.
		if c >= 0xD800 && c <= 0xDFFF {
			c = n.Min
		}
		b.WriteRune(rune(c))
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

// MutationBytes are the bytes [Generator.Mutate] inserts or substitutes:
// every delimiter and mark of RFC 2396, the excluded characters of section
// 2.4.3, "%" and hex digits, control bytes and bytes outside US-ASCII.
const MutationBytes = ";/?:@&=+$,-_.!~*'()%#aZ09fF[]<>\"{}|\\^` \t\x00\x01\x1f\x7f\x80\xc3\xa9\xff"

// Mutate returns s with one to three random edits: a byte inserted,
// deleted or replaced.
func (g *Generator) Mutate(s string) string {
	b := []byte(s)
	for i, n := 0, 1+g.r.IntN(3); i < n; i++ {
		c := MutationBytes[g.r.IntN(len(MutationBytes))]
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
