package parser

import (
	"strconv"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser/internal/explain"
)

// Match reports whether s as a whole matches rule, any of the 40 rules of
// Appendix A: nil if it does, and an *[Error] that tells where and why if
// not. A rule given by its RFC name is found with [grammar.Lookup].
//
// Match runs the deterministic automaton that gen builds for the rule from
// grammar/rfc2396.abnf (package parser/internal/explain): it reads each
// byte once and allocates nothing when s matches.
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
// is not one of Appendix A's.
func Matches(rule grammar.Rule, s string) bool {
	return rule >= 0 && rule < grammar.NumRules && explain.Match(rule, s)
}

// RuleError reports a [grammar.Rule] that is not one of the rules of
// Appendix A.
type RuleError struct {
	Rule grammar.Rule
}

func (e *RuleError) Error() string {
	return "rfc2396: no such rule: grammar.Rule(" + strconv.Itoa(int(e.Rule)) + ")"
}
