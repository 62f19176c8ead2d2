//go:build !js

package grammar

import "github.com/rfc2396/rfc2396/internal/dfa/dfatest"

// The automata's internals, for the tests of package grammar_test, which
// hold them to the oracle (package internal/oracle3986, which imports
// this package, and so cannot be imported by its internal tests).
var (
	// Tables are the generated tables and the automata built on demand
	// that the playground's WebAssembly module runs instead.
	Tables = dfatest.Tables[Rule]{Blob: tablesBin, Index: index, Automata: automata, Lazy: newLazyAutomata()}
	// LazyGrammar is the grammar the automata built on demand come from.
	LazyGrammar = lazyGrammar
	// DescribedRules are the rules an error's "expected" list is written
	// with.
	DescribedRules = describedRules
)
