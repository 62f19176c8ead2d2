//go:build !js

package explain

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// Automaton is the deterministic automaton of one rule of RFC 2396, as
// generated tables. A profile's grammar is run by an on-demand automaton
// (dfa.Lazy) instead.
type Automaton = dfa.Table[grammar.Rule]

// Strict returns the automaton of rule under Appendix A exactly, from the
// generated tables. It panics if rule is not a rule of Appendix A.
func Strict(rule grammar.Rule) *Automaton { return &automata[rule] }
