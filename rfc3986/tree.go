package rfc3986

import (
	"slices"
	"sync"

	"github.com/rfc2396/rfc2396/internal/pegrun"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
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
		return nil, &RuleError{Rule: rule}
	}
	if len(s) > maxInput {
		return nil, &TooLongError{Len: len(s)}
	}
	p := referenceParsers.Get().(*reference.Parser)
	defer referenceParsers.Put(p)
	if !p.Match(s, rule) {
		return nil, explainError(rule, s)
	}
	return pegrun.BuildTree[grammar.Rule](p, calls, func(r grammar.Rule, begin, end int, children []*Node) *Node {
		return &Node{Rule: r, Begin: begin, End: end, Children: children}
	}), nil
}

// calls reports whether rule parent refers to rule child.
func calls(parent, child grammar.Rule) bool { return slices.Contains(parent.Info().Uses, child) }
