package rfc3986

import (
	"sync"

	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/internal/reference"
)

// referenceParsers holds reusable parsers generated from rfc3986.peg as
// written, where every rule can be the start rule.
var referenceParsers = sync.Pool{New: func() any { return reference.NewParser() }}

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

// MatchRule is [Match] for a rule of the catalogue.
func MatchRule(rule grammar.Rule, s string) error {
	if rule < 0 || rule >= grammar.NumRules {
		return &UnknownRuleError{Name: rule.String()}
	}
	if len(s) > maxInput {
		return &TooLongError{Len: len(s)}
	}
	p := referenceParsers.Get().(*reference.Parser)
	ok := p.Match(s, rule)
	referenceParsers.Put(p)
	if ok {
		return nil
	}
	return explain(rule, s)
}
