//go:build !js

package parser

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// strictAutomaton returns the automaton of rule under Appendix A exactly,
// from the generated tables (tables_gen.go). It panics if rule is not a
// rule of Appendix A. A profile's grammar is run by an on-demand
// automaton (automaton.LazyTable) instead.
func strictAutomaton(rule grammar.Rule) *automaton.Table[grammar.Rule] { return &strictAutomata[rule] }
