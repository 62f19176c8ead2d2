package rfc3986

import (
	"slices"
	"sync"

	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/internal/reference"
)

// Node is a node of a parse tree: an Appendix A rule, the byte span
// [Begin, End) of the input it matched, and the rules it called, in order.
// The core rules of RFC 5234 (ALPHA, DIGIT, HEXDIG) are not nodes: they are
// character classes in rfc3986.peg.
type Node struct {
	Rule       grammar.Rule
	Begin, End int
	Children   []*Node
}

// referenceParsers holds reusable parsers generated from rfc3986.peg as
// written, where every rule can be the start rule.
var referenceParsers = sync.Pool{New: func() any { return reference.NewParser() }}

// ParseTree matches s as a whole against rule with the parser generated
// from rfc3986.peg and returns the parse tree: one node for every rule that
// took part in the match, character-level rules and empty matches (an empty
// port, path-abempty or reg-name) included. It returns an [*Error] if s
// does not match.
func ParseTree(rule grammar.Rule, s string) (*Node, error) {
	if rule < 0 || rule >= grammar.NumRules {
		return nil, &UnknownRuleError{Name: rule.String()}
	}
	if len(s) > maxInput {
		return nil, &TooLongError{Len: len(s)}
	}
	p := referenceParsers.Get().(*reference.Parser)
	defer referenceParsers.Put(p)
	if !p.Match(s, rule) {
		return nil, explainError(rule, s)
	}
	// Tokens come children first: a node's children are the nodes just
	// before it that lie inside its span. An empty node on the edge of a
	// span is a child only if the rule calls the empty node's rule ("//"
	// then "/x": the empty reg-name ends where path-abempty starts, but it
	// belongs to authority).
	var stack []*Node
	for i := 0; i < p.Len(); i++ {
		r, b, e := p.Token(i)
		n := &Node{Rule: r, Begin: b, End: e}
		k := len(stack)
		for k > 0 {
			c := stack[k-1]
			if c.Begin < b || c.End > e || (c.Begin == c.End && !slices.Contains(r.Info().Uses, c.Rule)) {
				break
			}
			k--
		}
		n.Children = append(n.Children, stack[k:]...)
		stack = append(stack[:k], n)
	}
	return stack[len(stack)-1], nil
}
