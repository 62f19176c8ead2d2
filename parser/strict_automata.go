package parser

import (
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
)

// The automata of Appendix A exactly: gen builds the deterministic
// automaton of every rule of RFC 2396 Appendix A from grammar/rfc2396.abnf
// alone (package internal/automaton: Glushkov's construction and the
// subset construction) and writes them into tables.bin, which
// tables_gen.go embeds with the rule paths and expectations its states
// index; nothing here reads the BNF at run time. Package internal/automaton runs
// them, reading the blob in place.
//
// Appendix A is regular, so the automaton of a rule knows after every byte
// whether some string of the rule's language still starts with what has
// been read. It is the engine of two jobs: whole-string matching for every
// rule ([Match]), and error explanation (every [Error]).
//
// The playground's WebAssembly module (GOOS=js) leaves the 77 KB of tables
// out: there strictAutomaton builds the same automata on demand, state by
// state as inputs reach them, from the grammar's syntax trees (as a
// profile's are built); TestLazyAgainstTables checks, natively, that both
// give the same answers.

// strictMatch reports whether s as a whole matches rule under Appendix A
// exactly. It allocates nothing and reads each byte once. It panics if
// rule is not a rule of Appendix A.
func strictMatch(rule grammar.Rule, s string) bool { return strictAutomaton(rule).Match(s) }

// strictExplain runs the automaton of rule over s and reports where s
// leaves the rule's language: Path follows the RFC's first alternative
// where readings part (net_path before abs_path, server before reg_name,
// absoluteURI before relativeURI), AltPath the last. It panics if rule is
// not a rule of Appendix A.
func strictExplain(rule grammar.Rule, s string) automaton.Explanation[grammar.Rule] {
	return strictAutomaton(rule).Explain(s)
}

// describedRules are the character-level rules that an error's "expected"
// list is written with, largest first, as gen builds the tables with them.
var describedRules = []string{"uric", "uric_no_slash", "pchar", "reserved", "unreserved", "alphanum", "mark", "alpha", "hex", "digit"}

// newStrictLazyAutomata returns the automata of every rule of Appendix A
// built on demand (package internal/automaton's on-demand automaton), from
// the grammar that gen builds the tables from: Appendix A's syntax trees
// (grammar.Definitions with no edit), with the same described rules and
// the same reading of alternative paths. The playground's WebAssembly
// module answers with them instead of the tables (strict_automata_js.go);
// TestLazyAgainstTables checks that both give the same answers.
func newStrictLazyAutomata() *automaton.LazySet[grammar.Rule] {
	return automaton.NewLazySet(grammar.NumRules, func() (*automaton.Grammar, []grammar.Rule) {
		g, rules, err := automataGrammar(0)
		if err != nil {
			panic("parser: Appendix A's grammar: " + err.Error()) // generated; checked by tests
		}
		return g, rules
	})
}

// automataGrammar returns the grammar of the automata of Appendix A under
// the edits of set, as gen builds the tables from it (a profile's automata
// are built from it on demand), and rules, the rule of each of its
// definitions.
func automataGrammar(set grammar.EditSet) (g *automaton.Grammar, rules []grammar.Rule, err error) {
	defs, rules := grammar.Definitions(set)
	charLevel := make([]bool, len(rules))
	for i, r := range rules {
		charLevel[i] = r.IsCharacterLevel()
	}
	g, err = automaton.NewGrammarWithLevels(defs, charLevel, describedRules)
	return g, rules, err
}
