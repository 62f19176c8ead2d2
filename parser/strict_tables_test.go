//go:build !js

package parser

import (
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// TestLazyAgainstTables checks the embedded tables against their header,
// and that the automata built on demand, which the playground's
// WebAssembly module runs instead of the tables (strict_automata_js.go),
// give the tables' answers: the same verdict, offset, paths and
// expectation, for every rule, on the inputs of testdata/explain.txt and
// the repository's testdata and their prefixes, and for URI-reference on
// the benchmark corpus; for every rule on the corpus with RFC2396_LONG=1
// ([uritest.Automata.TestTables]).
func TestLazyAgainstTables(t *testing.T) {
	tables := uritest.AutomataTables[grammar.Rule]{Blob: strictTablesBin, Index: strictIndex, Automata: strictAutomata, Lazy: newStrictLazyAutomata()}
	appendixA.TestTables(t, tables, "../testdata/components.txt", "../testdata/invalid.txt", "../testdata/rfc-examples.txt", "../testdata/rfc3986/invalid.txt")
}
