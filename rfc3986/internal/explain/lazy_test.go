//go:build !js

package explain

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestLazyAgainstTables checks that the automata built on demand, which
// the playground's WebAssembly module runs instead of the tables
// (strict_js.go), give the tables' answers: the same verdict, offset,
// paths and expectation, for every rule, on the inputs of this package's
// and the repository's testdata and their prefixes, and for URI-reference
// on the benchmark corpus; for every rule on the corpus with
// RFC2396_LONG=1.
func TestLazyAgainstTables(t *testing.T) {
	inputs := dfatest.Inputs(t, "testdata/explain.txt", "../../../testdata/rfc3986/components.txt", "../../../testdata/rfc3986/invalid.txt", "../../../testdata/rfc3986/charset-diff.txt", "../../../testdata/invalid.txt")
	dfatest.SameAsLazy(t, engine, newLazyAutomata(), grammar.NumRules, grammar.RuleURIReference, "../../..", inputs)
}

// TestLazyCharacterLevel checks the character level that the automata
// built on demand take from the catalogue against what package automaton
// works out from the rules' languages, as gen does.
func TestLazyCharacterLevel(t *testing.T) {
	g, err := lazyGrammar()
	if err != nil {
		t.Fatal(err)
	}
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	worked, err := automaton.NewGrammar(bnf.WithCore(defs), nil, describedRules)
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
