//go:build !js

package explain

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestTablesBlob checks the embedded tables against their header and
// verifies every entry ([dfatest.Blob]).
func TestTablesBlob(t *testing.T) {
	dfatest.Blob(t, tablesBin, index, automata, dfatest.Rules[grammar.Rule](grammar.NumRules))
}

// TestEveryRuleHasATable checks that the generated tables cover every rule
// of the catalogue: a rule without one would have no start state.
func TestEveryRuleHasATable(t *testing.T) {
	for _, r := range dfatest.Rules[grammar.Rule](grammar.NumRules) {
		if a := &automata[r]; a.Classes == 0 || len(a.States) == 0 {
			t.Errorf("%s has no automaton", r)
		}
	}
}
