package uri

import (
	"slices"

	"github.com/rfc2396/rfc2396/internal/syntax"
)

// Node is a node of a parse tree: a rule of the grammar, the byte span
// [Begin, End) of the input it matched, and the rules it called, in order.
// The core rules of RFC 5234 (ALPHA, DIGIT, HEXDIG) are not nodes: they are
// character classes in the grammar's PEG file.
type Node[R Rule] struct {
	Rule       R
	Begin, End int
	Children   []*Node[R]
}

// ParseTree matches s as a whole against rule with the parser generated
// from the grammar's PEG file as written and returns the parse tree: one
// node for every rule that took part in the match, character-level rules
// and empty matches (an empty port, path-abempty or reg-name) included. It
// returns an [*Error] if s does not match.
func (g *Grammar[R]) ParseTree(rule R, s string) (*Node[R], error) {
	if !g.validRule(rule) {
		return nil, &RuleError[R]{Rule: rule, prefix: g.d.Name}
	}
	if len(s) > maxInput {
		return nil, &TooLongError{Len: len(s), prefix: g.d.Name}
	}
	n, ok := g.d.Tree(rule, s)
	if !ok {
		return nil, g.explainError(rule, s)
	}
	if len(g.d.Prose) > 0 {
		if pr, i := g.proseViolation(s); pr != nil {
			return nil, g.proseError(rule, s, pr, i)
		}
	}
	return n, nil
}

// BuildTree is the parse tree of the tokens of a reference parser that
// has matched: the generated packages' [Data.Tree] returns it. uses lists
// the rules a rule's definition names.
func BuildTree[R Rule](p syntax.Tokens[R], uses func(R) []R) *Node[R] {
	return syntax.BuildTree[R](p, func(parent, child R) bool { return slices.Contains(uses(parent), child) },
		func(r R, begin, end int, children []*Node[R]) *Node[R] {
			return &Node[R]{Rule: r, Begin: begin, End: end, Children: children}
		})
}
