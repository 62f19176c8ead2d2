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
