//go:build !js

package explain

import (
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
)

// TestTablesBlob checks the embedded tables against their header and
// verifies every entry ([dfatest.Blob]).
func TestTablesBlob(t *testing.T) {
	dfatest.Blob(t, tablesBin, index, automata, dfatest.Rules[grammar.Rule](grammar.NumRules))
}
