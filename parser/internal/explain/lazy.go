package explain

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// describedRules are the character-level rules that an error's "expected"
// list is written with, largest first, as gen builds the tables with them.
var describedRules = []string{"uric", "uric_no_slash", "pchar", "reserved", "unreserved", "alphanum", "mark", "alpha", "hex", "digit"}

// newLazyAutomata returns the automata of every rule of Appendix A built
// on demand (package internal/automaton's on-demand automaton), from the
// grammar that gen builds the tables from: Appendix A's syntax trees
// (grammar.Definitions with no edit), with the same described rules and
// the same reading of alternative paths. The playground's WebAssembly
// module answers with them instead of the tables (strict_js.go);
// TestLazyAgainstTables checks that both give the same answers.
func newLazyAutomata() *dfa.LazySet[grammar.Rule] {
	return dfa.NewLazySet(grammar.NumRules, func() (*automaton.Grammar, []grammar.Rule) {
		g, rules, err := Grammar(0)
		if err != nil {
			panic("explain: Appendix A's grammar: " + err.Error()) // generated; checked by tests
		}
		return g, rules
	})
}

// Grammar returns the grammar of the automata of Appendix A under the
// edits of set, as gen builds the tables from it (a profile's automata are
// built from it on demand), and rules, the rule of each of its
// definitions.
func Grammar(set grammar.EditSet) (g *automaton.Grammar, rules []grammar.Rule, err error) {
	defs, rules := grammar.Definitions(set)
	charLevel := make([]bool, len(rules))
	for i, r := range rules {
		charLevel[i] = r.IsCharacterLevel()
	}
	g, err = automaton.NewGrammarWithLevels(defs, charLevel, describedRules)
	return g, rules, err
}
