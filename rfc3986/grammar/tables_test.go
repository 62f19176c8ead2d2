//go:build !js

package grammar_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestLazyAgainstTables checks the generated tables (their blob against
// its header, every entry in range, a table for every rule of the
// catalogue) and that the automata built on demand, which the
// playground's WebAssembly module runs instead (strict_js.go), answer as
// they do on the lines of testdata/explain.txt, of the repository's RFC
// 3986 tables, of RFC 2396's invalid references, and on the corpus
// ([uritest.Automata.TestTables]).
func TestLazyAgainstTables(t *testing.T) {
	collected.TestTables(t, uritest.AutomataTables[grammar.Rule]{Blob: grammar.TablesBin, Index: grammar.Index, Automata: grammar.Automata, Lazy: grammar.NewLazyAutomata()}, "../../testdata/rfc3986/components.txt", "../../testdata/rfc3986/invalid.txt", "../../testdata/rfc3986/charset-diff.txt", "../../testdata/invalid.txt")
}

// TestLazyCharacterLevel checks the character level that the automata
// built on demand take from the catalogue against what package automaton
// works out from the rules' languages, as gen does.
func TestLazyCharacterLevel(t *testing.T) {
	g, err := grammar.LazyGrammar()
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	worked, err := automaton.NewGrammar(bnf.WithCore(defs), nil, grammar.DescribedRules)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []bool
	for i := range g.Defs {
		got, want = append(got, g.CharacterLevel(i)), append(want, worked.CharacterLevel(i))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("character level by rule (-worked out +catalogue):\n%s", diff)
	}
}
