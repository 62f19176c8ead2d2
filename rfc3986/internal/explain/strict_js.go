//go:build js

package explain

import (
	"github.com/rfc2396/rfc2396/internal/dfa"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// automata are the automata of Appendix A, built on demand: the
// playground's WebAssembly module does not carry the generated tables.
var automata = newLazyAutomata()

// strict returns the automaton of rule, built on demand from the ABNF the
// first time it is asked for. It panics if rule is not a rule of
// Appendix A.
func strict(rule grammar.Rule) *dfa.Lazy[grammar.Rule] { return automata.Get(rule) }
