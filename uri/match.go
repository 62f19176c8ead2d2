package uri

// Match reports whether s as a whole matches rule, any of the grammar's
// rules: nil if it does, and an *[Error] that tells where and why if not,
// or a *[RuleError] for a rule that does not exist. A rule given by its
// RFC name ("IPv6address", "absolute-URI") is found with the Lookup of
// the grammar's catalogue package.
//
// As package parser's Match does for RFC 2396, Match runs the rule's
// deterministic automaton, which gen builds from the grammar's ABNF: it
// reads each byte once and allocates nothing when s matches.
func (g *Grammar[R]) Match(rule R, s string) error {
	if !g.validRule(rule) {
		return &RuleError[R]{Rule: rule, prefix: g.d.Name}
	}
	if g.d.Match(rule, s) {
		if len(g.d.Prose) > 0 {
			if pr, i := g.proseViolation(s); pr != nil {
				return g.proseError(rule, s, pr, i)
			}
		}
		return nil
	}
	return g.explainError(rule, s)
}

// Matches reports whether s as a whole matches rule, as [Grammar.Match]
// does, but without saying why not: it never allocates. It is false for a
// rule that does not exist.
func (g *Grammar[R]) Matches(rule R, s string) bool {
	if !g.validRule(rule) || !g.d.Match(rule, s) {
		return false
	}
	if len(g.d.Prose) > 0 {
		pr, _ := g.proseViolation(s)
		return pr == nil
	}
	return true
}
