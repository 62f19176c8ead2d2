//go:build js

package explain

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// Automaton is the deterministic automaton of one rule of RFC 2396. In the
// playground's WebAssembly module it is built on demand (see lazy.go), so
// that the module does not carry the generated tables.
type Automaton = dfa.Lazy[grammar.Rule]

// strict are the automata of Appendix A, built on demand.
var strict = newLazyAutomata()

// Strict returns the automaton of rule under Appendix A exactly, built on
// demand from the grammar's syntax trees the first time it is asked for.
// It panics if rule is not a rule of Appendix A.
func Strict(rule grammar.Rule) *Automaton { return strict.Get(rule) }
