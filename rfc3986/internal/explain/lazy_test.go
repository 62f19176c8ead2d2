//go:build !js

package explain

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

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
