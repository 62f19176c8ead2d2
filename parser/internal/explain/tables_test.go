package explain

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// TestTablesBlob checks the embedded tables as the package does not at
// start-up: the blob's header (its layout version, its length, its
// directory) gives the index written beside it, and every entry of every
// table is in range, so that no input can make Match or Explain read
// outside the blob.
func TestTablesBlob(t *testing.T) {
	idx, err := dfa.ReadIndex(tablesBin, grammar.NumRules)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(index, idx); diff != "" {
		t.Errorf("the index in tables_gen.go and tables.bin's own (-Go +blob):\n%s", diff)
	}
	if len(automata) != grammar.NumRules {
		t.Fatalf("%d tables for %d rules", len(automata), grammar.NumRules)
	}
	for r := range automata {
		if err := automata[r].Verify(); err != nil {
			t.Errorf("%s: %v", grammar.Rule(r), err)
		}
	}
}
