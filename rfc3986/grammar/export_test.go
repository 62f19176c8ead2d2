//go:build !js

package grammar

// The automata's internals, for the tests of package grammar_test, which
// hold them to the oracle (package internal/oracle, which imports
// this package, and so cannot be imported by its internal tests; nor can
// internal/uritest, which imports the oracle).
var (
	// TablesBin, Index and Automata are the generated tables, and
	// NewLazyAutomata builds the automata on demand that the
	// playground's WebAssembly module runs instead.
	TablesBin       = tablesBin
	Index           = index
	Automata        = automata
	NewLazyAutomata = newLazyAutomata
	// LazyGrammar is the grammar the automata built on demand come from.
	LazyGrammar = lazyGrammar
	// DescribedRules are the rules an error's "expected" list is written
	// with.
	DescribedRules = describedRules
)
