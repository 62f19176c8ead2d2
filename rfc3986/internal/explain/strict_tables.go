//go:build !js

package explain

import (
	"github.com/rfc2396/rfc2396/internal/dfa"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// strict returns the automaton of rule, from the generated tables. It
// panics if rule is not a rule of Appendix A.
func strict(rule grammar.Rule) *dfa.Table[grammar.Rule] { return &automata[rule] }
