package explain

import (
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/dfa"
)

// describedRules are the character-level rules that an error's "expected"
// list is written with, largest first, as gen builds the tables with them.
var describedRules = []string{"uric", "uric_no_slash", "pchar", "reserved", "unreserved", "alphanum", "mark", "alpha", "hex", "digit"}

// lazyAutomata are the automata of every rule of Appendix A built on
// demand (package internal/automaton's on-demand automaton), from the
// grammar that gen builds the tables from: Appendix A's syntax trees
// (grammar.Definitions with no edit), with the same described rules and
// the same reading of alternative paths. The playground's WebAssembly
// module answers with them instead of the tables (strict_js.go);
// TestLazyAgainstTables checks that both give the same answers. The zero
// value is ready to use, and it is safe for concurrent use.
type lazyAutomata struct {
	once  sync.Once
	g     *automaton.Grammar
	rules []grammar.Rule // definition index → rule
	slots [grammar.NumRules]struct {
		once sync.Once
		a    *dfa.Lazy[grammar.Rule]
	}
}

// get returns the automaton of rule, building the grammar the first time
// any automaton is asked for and each rule's automaton the first time it
// is. It panics if rule is not a rule of Appendix A.
func (z *lazyAutomata) get(rule grammar.Rule) *dfa.Lazy[grammar.Rule] {
	slot := &z.slots[rule]
	z.once.Do(z.init)
	slot.once.Do(func() { slot.a = dfa.NewLazy(z.g.Lazy(int(rule), 0), z.rules) })
	return slot.a
}

func (z *lazyAutomata) init() {
	defs, rules := grammar.Definitions(0)
	charLevel := make([]bool, len(rules))
	for i, r := range rules {
		if r != grammar.Rule(i) {
			panic("explain: Appendix A's definitions are not in catalogue order") // generated; checked by tests
		}
		charLevel[i] = r.IsCharacterLevel()
	}
	g, err := automaton.NewGrammar(defs, charLevel, describedRules)
	if err != nil {
		panic("explain: Appendix A's grammar: " + err.Error()) // generated; checked by tests
	}
	z.g, z.rules = g, rules
}
