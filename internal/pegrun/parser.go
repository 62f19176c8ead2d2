package pegrun

// Engine is a parser that pointlander/peg generated, as the adapter that
// gen writes beside it (adapter_gen.go) presents it: one run over an
// input, then the tokens of the run. Rules are the generated parser's rule
// numbers; Parser maps them to a grammar's rules.
type Engine interface {
	// Run runs the generated rule over input from its first byte and
	// reports whether the rule matched a prefix of it; the tokens of the
	// run replace those of the one before.
	Run(input string, rule int) bool
	// Len returns the number of tokens of the last run.
	Len() int
	// Token returns the i-th token of the last run: the generated rule
	// and the byte span it matched. Tokens come in the order their rules
	// completed, children before parents; the last is the start rule's.
	Token(i int) (rule, begin, end int)
	// Clear drops the tokens of the last run.
	Clear()
}

// Parser runs a generated parser by the rules R of a grammar catalogue
// (grammar.Rule of either RFC): it matches a rule against a whole input
// and gives the tokens of a match as grammar rules. A Parser is not safe
// for concurrent use; it keeps its buffers between runs, so callers pool
// them.
type Parser[R ~int] struct {
	engine Engine
	// toGrammar maps a generated rule to its grammar rule; fromGrammar a
	// grammar rule to its generated rule, 0 (peg's ruleUnknown) for a
	// rule the generated grammar does not keep as a rule of its own.
	toGrammar   []R
	fromGrammar []int
}

// NewParser returns a Parser over e with the rule mappings that gen wrote
// for it.
func NewParser[R ~int](e Engine, toGrammar []R, fromGrammar []int) *Parser[R] {
	return &Parser[R]{engine: e, toGrammar: toGrammar, fromGrammar: fromGrammar}
}

// Has reports whether rule is a rule of the generated grammar, and so can
// be given to Match.
func (p *Parser[R]) Has(rule R) bool {
	return rule >= 0 && int(rule) < len(p.fromGrammar) && p.fromGrammar[rule] != 0
}

// Match reports whether rule matches the whole of input. Input is read one
// byte at a time (an input of 4 GiB or more is never matched: positions
// are 32 bits). After a successful match, Len and Token give the tokens.
func (p *Parser[R]) Match(input string, rule R) bool {
	if !p.Has(rule) || uint64(len(input)) >= 1<<32-1 {
		return false
	}
	e := p.engine
	if !e.Run(input, p.fromGrammar[rule]) || e.Len() == 0 {
		e.Clear()
		return false
	}
	if _, _, end := e.Token(e.Len() - 1); end != len(input) {
		e.Clear()
		return false
	}
	return true
}

// Len returns the number of tokens of the last successful Match.
func (p *Parser[R]) Len() int { return p.engine.Len() }

// Token returns the i-th token of the last successful Match: the grammar
// rule and the byte span it matched, children before parents.
func (p *Parser[R]) Token(i int) (rule R, begin, end int) {
	r, b, e := p.engine.Token(i)
	return p.toGrammar[r], b, e
}

// BuildTree makes the parse tree of the tokens of p's last successful
// Match, with node making each node from its rule, span and children, and
// returns the root (the start rule's node). Tokens come children first: a
// node's children are the nodes right before it that lie inside its span.
// An empty node at the edge of a span belongs to it only if calls reports
// that its rule calls the empty node's rule (in RFC 2396's "///x" the
// empty authority ends where abs_path starts, but it is net_path's child,
// not abs_path's).
func BuildTree[R ~int, N any](p *Parser[R], calls func(parent, child R) bool, node func(rule R, begin, end int, children []N) N) N {
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
		for _, c := range stack[k:] {
			children = append(children, c.node)
		}
		stack = append(stack[:k], entry{r, b, e, node(r, b, e, children)})
	}
	return stack[len(stack)-1].node
}
