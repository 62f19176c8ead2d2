package parser

import (
	"strconv"

	"github.com/rfc2396/rfc2396/grammar"
)

// Match reports whether s as a whole matches rule, any of the 40 rules of
// Appendix A: nil if it does, and an *[Error] that tells where and why if
// not. A rule given by its RFC name is found with [grammar.Lookup].
//
// Match runs the deterministic automaton that gen builds for the rule from
// grammar/rfc2396.abnf (strict_automata.go): it reads each
// byte once and allocates nothing when s matches.
func Match(rule grammar.Rule, s string) error { return strict.Match(rule, s) }

// Matches reports whether s as a whole matches rule, as [Match] does, but
// without saying why not: it never allocates. It is false for a rule that
// is not one of Appendix A's.
func Matches(rule grammar.Rule, s string) bool { return strict.Matches(rule, s) }

// RuleError reports a [grammar.Rule] that does not exist, or, with
// Profile set, that an edit adds and the profile does not have (hex4 exists
// only under the edit ipv6).
type RuleError struct {
	Rule    grammar.Rule
	Profile string
}

func (e *RuleError) Error() string {
	if e == nil {
		return "rfc2396: <nil *RuleError>"
	}
	if e.Profile != "" {
		return "rfc2396: rule " + e.Rule.String() + " is not in the grammar of profile " + e.Profile + " (it comes with edit " + e.Rule.Info().Edit.Code() + ")"
	}
	return "rfc2396: no such rule: grammar.Rule(" + strconv.Itoa(int(e.Rule)) + ")"
}
