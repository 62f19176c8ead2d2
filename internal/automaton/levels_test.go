package automaton

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
)

// TestNewGrammarWithLevels checks the two ways of making a grammar: under
// Appendix A, the character levels NewGrammar works out by building every
// rule's automaton are those of the catalogue (gen works them out so), and
// NewGrammarWithLevels takes the levels it is given (package parser gives
// the catalogue's, under any edits) and refuses a list of the wrong
// length.
func TestNewGrammarWithLevels(t *testing.T) {
	var all grammar.EditSet
	for _, e := range grammar.Edits() {
		all = all.With(e)
	}
	for _, set := range []grammar.EditSet{0, all} {
		defs, rules := grammar.Definitions(set)
		catalogue := make([]bool, len(rules))
		for i, r := range rules {
			catalogue[i] = r.IsCharacterLevel()
		}
		worked, err := NewGrammar(defs, nil, describedRules)
		if err != nil {
			t.Fatal(err)
		}
		given, err := NewGrammarWithLevels(defs, catalogue, describedRules)
		if err != nil {
			t.Fatal(err)
		}
		var fromWorked, fromGiven []bool
		for i := range defs {
			fromWorked = append(fromWorked, worked.CharacterLevel(i))
			fromGiven = append(fromGiven, given.CharacterLevel(i))
		}
		if diff := cmp.Diff(catalogue, fromWorked); set == 0 && diff != "" {
			t.Errorf("edits %v: levels NewGrammar works out (+) and the catalogue's (-):\n%s", set, diff)
		}
		if diff := cmp.Diff(catalogue, fromGiven); diff != "" {
			t.Errorf("edits %v: levels of NewGrammarWithLevels (+) and those given (-):\n%s", set, diff)
		}
		for _, levels := range [][]bool{nil, catalogue[1:]} {
			_, err := NewGrammarWithLevels(defs, levels, describedRules)
			if err == nil || !strings.Contains(err.Error(), "character levels for") {
				t.Errorf("edits %v: %d levels for %d rules: error %v", set, len(levels), len(defs), err)
			}
		}
	}
}
