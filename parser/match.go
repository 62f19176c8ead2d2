package parser

import (
	"fmt"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser/internal/reference"
)

// Match reports whether s as a whole matches rule, one of the 40 rules of
// Appendix A, using the parser generated from rfc2396.peg. It returns nil if
// it does, and an *Error that tells where and why if not.
func Match(rule grammar.Rule, s string) error {
	if err := checkRule(rule); err != nil {
		return err
	}
	p := reference.NewParser()
	if p.Match(s, rule) {
		return nil
	}
	return explain(rule, s)
}

// MatchName is Match with the rule given by its RFC name ("hostname",
// "IPv4address", "URI-reference"; the rfc2396.peg spelling "URI_reference"
// is accepted too).
func MatchName(name, s string) error {
	rule, ok := grammar.Lookup(name)
	if !ok {
		return fmt.Errorf("rfc2396: no rule named %q in Appendix A", name)
	}
	return Match(rule, s)
}

func checkRule(rule grammar.Rule) error {
	if rule < 0 || rule >= grammar.NumRules {
		return fmt.Errorf("rfc2396: no such rule: %d", int(rule))
	}
	return nil
}
