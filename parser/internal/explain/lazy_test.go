//go:build !js

package explain

import (
	"os"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/corpus"
	"github.com/rfc2396/rfc2396/internal/dfa"
	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
)

// TestLazyAgainstTables checks that the automata built on demand, which
// the playground's WebAssembly module runs instead of the tables
// (strict_js.go), give the tables' answers: the same verdict, offset,
// paths and expectation, for every rule, on the inputs of this package's
// and the repository's testdata and their prefixes, and for URI-reference
// on the benchmark corpus; for every rule on the corpus with
// RFC2396_LONG=1.
func TestLazyAgainstTables(t *testing.T) {
	var z lazyAutomata
	lazy := dfatest.Engine[grammar.Rule]{
		Match:   func(r grammar.Rule, s string) bool { return z.get(r).Match(s) },
		Explain: func(r grammar.Rule, s string) dfa.Result[grammar.Rule] { return z.get(r).Explain(s) },
	}
	all := dfatest.Rules[grammar.Rule](grammar.NumRules)
	inputs := dfatest.Inputs(t, "testdata/explain.txt", "../../../testdata/components.txt", "../../../testdata/invalid.txt", "../../../testdata/rfc-examples.txt", "../../../testdata/rfc3986/invalid.txt")
	dfatest.Same(t, engine, lazy, all, inputs)
	lines, _ := corpus.Load(t, "../../..")
	rules := []grammar.Rule{grammar.RuleURIReference}
	if os.Getenv("RFC2396_LONG") != "" {
		rules = all
	}
	dfatest.Same(t, engine, lazy, rules, lines)
}
