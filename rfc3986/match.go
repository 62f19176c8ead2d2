package rfc3986

import (
	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/internal/explain"
)

// Match reports whether s as a whole matches the Appendix A rule named name
// ("URI-reference", "absolute-URI", "IPv6address", "path-rootless", ...;
// the rfc3986.peg spelling with "_" is accepted too). It returns nil, an
// [*UnknownRuleError], or an [*Error] that says where s fails.
func Match(name, s string) error {
	rule, ok := grammar.Lookup(name)
	if !ok {
		return &UnknownRuleError{Name: name}
	}
	return MatchRule(rule, s)
}

// MatchRule is [Match] for a rule of the catalogue. Like package parser
// for RFC 2396, it runs the rule's deterministic automaton, which gen builds
// from grammar/rfc3986.abnf: one table lookup a byte, no allocation on a
// match.
func MatchRule(rule grammar.Rule, s string) error {
	if rule < 0 || rule >= grammar.NumRules {
		return &UnknownRuleError{Name: rule.String()}
	}
	if explain.Match(rule, s) {
		return nil
	}
	return explainError(rule, s)
}
