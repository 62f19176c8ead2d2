package parser

import (
	"slices"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Node is a node of a parse tree: an Appendix A rule, the byte span
// [Begin, End) of the input it matched, and the rules it called, in order.
type Node struct {
	Rule       grammar.Rule
	Begin, End int
	Children   []*Node
}

// ParseTree matches s as a whole against rule with the parser generated from
// rfc2396.peg (with no edit in force) and returns the parse tree: one node
// for every rule that took part in the match, character-level rules included, empty matches (an
// empty query, port or userinfo) included. It returns an *Error if s does
// not match.
func ParseTree(rule grammar.Rule, s string) (*Node, error) { return strict.ParseTree(rule, s) }

// buildTree makes the parse tree of the tokens of a successful match.
func buildTree(p *treeParser) *Node {
	return syntax.BuildTree[grammar.Rule](p, calls, func(r grammar.Rule, begin, end int, children []*Node) *Node {
		return &Node{Rule: r, Begin: begin, End: end, Children: children}
	})
}

// calls reports whether rule parent refers to rule child.
func calls(parent, child grammar.Rule) bool { return slices.Contains(parent.Info().Uses, child) }
