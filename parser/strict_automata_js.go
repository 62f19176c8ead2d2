//go:build js

package parser

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// strictAutomata are the automata of Appendix A, built on demand: the
// playground's WebAssembly module does not carry the generated tables.
var strictAutomata = newStrictLazyAutomata()

// strictAutomaton returns the automaton of rule under Appendix A exactly,
// built on demand from the grammar's syntax trees the first time it is
// asked for. It panics if rule is not a rule of Appendix A.
func strictAutomaton(rule grammar.Rule) *automaton.LazyTable[grammar.Rule] {
	return strictAutomata.Get(rule)
}
