package explain

import (
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestTablesVerify checks every entry of the embedded tables (package
// internal/dfa checks only the header and directory when it loads them):
// no input can make Match or Explain read outside them.
func TestTablesVerify(t *testing.T) {
	if len(automata) != grammar.NumRules {
		t.Fatalf("%d tables for %d rules", len(automata), grammar.NumRules)
	}
	for r := range automata {
		if err := automata[r].Verify(); err != nil {
			t.Errorf("%s: %v", grammar.Rule(r), err)
		}
	}
}
