package explain

import (
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/dfa"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// describedRules are the character-level rules that an error's "expected"
// list is written with, largest first, as gen builds the tables with them.
var describedRules = []string{"pchar", "unreserved", "sub-delims", "ALPHA", "HEXDIG", "DIGIT"}

// newLazyAutomata returns the automata of every rule of Appendix A built
// on demand (package internal/automaton's on-demand automaton), from the
// grammar that gen builds the tables from: the syntax trees of
// grammar.ABNF with ABNF's core rules (grammar.Definitions, which gen
// writes as Go, so that the module has no ABNF reader), the same
// described rules and the same reading of alternative paths. The playground's WebAssembly module answers with
// them instead of the tables (strict_js.go); TestLazyAgainstTables checks
// that both give the same answers.
func newLazyAutomata() *dfa.LazySet[grammar.Rule] {
	return dfa.NewLazySet(grammar.NumRules, func() (*automaton.Grammar, []grammar.Rule) {
		g, err := lazyGrammar()
		if err != nil {
			panic("explain: RFC 3986's grammar: " + err.Error()) // generated; checked by tests
		}
		rules := make([]grammar.Rule, len(g.Defs))
		for i := range rules {
			rules[i] = grammar.Rule(i) // past NumRules: a core rule, which no error reports (gen checks)
		}
		return g, rules
	})
}

// lazyGrammar is the grammar of grammar.ABNF as gen reads it, with the
// character level of each rule from the catalogue (gen works it out from
// the rules' languages, which would build every rule's whole automaton
// here); every core rule (ALPHA, DIGIT, HEXDIG) is one byte.
func lazyGrammar() (*automaton.Grammar, error) {
	defs := grammar.Definitions()
	charLevel := make([]bool, len(defs))
	for i := range charLevel {
		charLevel[i] = i >= grammar.NumRules || grammar.Rule(i).IsCharacterLevel()
	}
	return automaton.NewGrammarWithLevels(defs, charLevel, describedRules)
}
