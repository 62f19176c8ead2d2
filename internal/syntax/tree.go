package syntax

// Tokens is the read access to the tokens of a successful match of a
// generated parser (the Parser that gen writes into each generated
// package's adapter_gen.go): the rule and byte span of each, in the order
// their rules completed, children before parents; the last is the start
// rule's.
type Tokens[R any] interface {
	Len() int
	Token(i int) (rule R, begin, end int)
}

// BuildTree makes the parse tree of the tokens of a successful match, with
// node making each node from its rule, span and children, and
// returns the root (the start rule's node). Tokens come children first: a
// node's children are the nodes right before it that lie inside its span.
// An empty node at the edge of a span belongs to it only if calls reports
// that its rule calls the empty node's rule (in RFC 2396's "///x" the
// empty authority ends where abs_path starts, but it is net_path's child,
// not abs_path's).
func BuildTree[R comparable, N any](p Tokens[R], calls func(parent, child R) bool, node func(rule R, begin, end int, children []N) N) N {
	type entry struct {
		rule       R
		begin, end int
		node       N
	}
	var stack []entry
	for i := 0; i < p.Len(); i++ {
		r, b, e := p.Token(i)
		k := len(stack)
		for k > 0 {
			c := stack[k-1]
			if c.begin < b || c.end > e || (c.begin == c.end && !calls(r, c.rule)) {
				break
			}
			k--
		}
		var children []N
		if n := len(stack) - k; n > 0 {
			children = make([]N, n)
			for j, c := range stack[k:] {
				children[j] = c.node
			}
		}
		stack = append(stack[:k], entry{r, b, e, node(r, b, e, children)})
	}
	return stack[len(stack)-1].node
}
