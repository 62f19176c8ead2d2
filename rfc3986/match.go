package rfc3986

import (
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
)

// Match reports whether s as a whole matches rule, any of the rules of
// RFC 3986 Appendix A: nil if it does, and an *[Error] that tells where
// and why if not, or a *[RuleError] for a rule that does not exist. A rule
// given by its RFC name ("IPv6address", "absolute-URI") is found with
// grammar.Lookup (package rfc3986/grammar).
//
// As package parser's Match does for RFC 2396, Match runs the rule's
// deterministic automaton, which gen builds from grammar/rfc3986.abnf: it
// reads each byte once and allocates nothing when s matches.
func Match(rule grammar.Rule, s string) error {
	if rule < 0 || rule >= grammar.NumRules {
		return &RuleError{Rule: rule}
	}
	if explain.Match(rule, s) {
		return nil
	}
	return explainError(rule, s)
}

// Matches reports whether s as a whole matches rule, as [Match] does, but
// without saying why not: it never allocates. It is false for a rule that
// does not exist.
func Matches(rule grammar.Rule, s string) bool {
	return rule >= 0 && rule < grammar.NumRules && explain.Match(rule, s)
}
