package parser

import (
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
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
	if err := checkRule(rule); err != nil {
		return nil, err
	}
	p := reference.NewParser()
	if !p.Match(s, rule) {
		return nil, explain(rule, s)
	}
	// Tokens come children first. A node's children are the nodes right
	// before it in that order that lie inside its span; an empty node at the
	// edge of a span belongs to it only if its rule calls that rule
	// (in "///x", the empty authority ends where abs_path starts but is
	// net_path's child, not abs_path's).
	calls := ruleCalls()
	var stack []*Node
	for i := 0; i < p.Len(); i++ {
		r, b, e := p.Token(i)
		n := &Node{Rule: r, Begin: b, End: e}
		k := len(stack)
		for k > 0 {
			c := stack[k-1]
			if c.Begin < b || c.End > e || (c.Begin == c.End && !calls[r][c.Rule]) {
				break
			}
			k--
		}
		n.Children = append(n.Children, stack[k:]...)
		stack = append(stack[:k], n)
	}
	return stack[len(stack)-1], nil
}

// ruleCalls reports, for each pair of rules, whether the first one's
// Appendix A definition names the second.
var ruleCalls = sync.OnceValue(func() *[grammar.NumRules][grammar.NumRules]bool {
	var calls [grammar.NumRules][grammar.NumRules]bool
	defs, err := bnf.Parse(grammar.ABNF)
	if err != nil {
		panic("parser: grammar/rfc2396.abnf does not parse: " + err.Error()) // checked by go generate and tests
	}
	var walk func(from grammar.Rule, n *bnf.Node)
	walk = func(from grammar.Rule, n *bnf.Node) {
		if n.Kind == bnf.RuleRef {
			to, _ := grammar.Lookup(n.Text)
			calls[from][to] = true
		}
		for _, c := range n.Children {
			walk(from, c)
		}
	}
	for _, d := range defs {
		from, _ := grammar.Lookup(d.Name)
		walk(from, d.Body)
	}
	return &calls
})
