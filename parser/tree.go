package parser

import (
	"slices"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser/internal/reference"
)

// Node is a node of a parse tree: an Appendix A rule, the byte span
// [Begin, End) of the input it matched, and the rules it called, in order.
type Node struct {
	Rule       grammar.Rule
	Begin, End int
	Children   []*Node
}

// ParseTree matches s as a whole against rule with the parser generated from
// rfc2396.peg and returns the parse tree: one node for every rule that took
// part in the match, character-level rules included, empty matches (an
// empty query, port or userinfo) included. It returns an *Error if s does
// not match.
func ParseTree(rule grammar.Rule, s string) (*Node, error) {
	if rule < 0 || rule >= grammar.NumRules {
		return nil, &RuleError{Rule: rule}
	}
	if rule >= grammar.NumRules {
		return nil, Strict.checkRule(rule)
	}
	p := reference.NewParser()
	if !p.Match(s, rule) {
		return nil, explainError(rule, s)
	}
	return buildTree(p), nil
}

// tokens is the read access of the generated parsers to the tokens of
// their last match.
type tokens interface {
	Len() int
	Token(i int) (rule grammar.Rule, begin, end int)
}

// buildTree makes the parse tree of the tokens of a successful match.
func buildTree(p tokens) *Node {
	// Tokens come children first. A node's children are the nodes right
	// before it in that order that lie inside its span; an empty node at the
	// edge of a span belongs to it only if its rule calls that rule
	// (in "///x", the empty authority ends where abs_path starts but is
	// net_path's child, not abs_path's).
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
	return stack[len(stack)-1]
}
