package dfa

import (
	"strconv"
	"sync"

	"github.com/rfc2396/rfc2396/internal/automaton"
)

// LazySet is the on-demand automata ([Lazy]) of the rules of one grammar:
// the grammar is built the first time any automaton is asked for, and
// each rule's automaton the first time it is; the states of each are
// built as inputs reach them. It serves a profile's grammar, and strict's
// where the generated tables are left out (the playground's WebAssembly
// module). It is safe for concurrent use.
type LazySet[R ~int] struct {
	build func() (*automaton.Grammar, []R)
	once  sync.Once
	g     *automaton.Grammar
	rules []R // definition index → rule
	index []int
	slots []struct {
		once sync.Once
		a    *Lazy[R]
	}
}

// NewLazySet returns the automata of the rules 0 to numRules-1 of the
// grammar that build returns, with rules[i] the rule of its definition i
// (each rule below numRules at most once). build runs once, when the first
// automaton is asked for; it panics on a grammar it cannot build, which is
// generated and checked by tests.
func NewLazySet[R ~int](numRules int, build func() (g *automaton.Grammar, rules []R)) *LazySet[R] {
	return &LazySet[R]{build: build, slots: make([]struct {
		once sync.Once
		a    *Lazy[R]
	}, numRules)}
}

// Get returns the automaton of rule. It panics if rule is not below the
// set's numRules or not a rule of the grammar.
func (s *LazySet[R]) Get(rule R) *Lazy[R] {
	slot := &s.slots[rule]
	s.once.Do(func() {
		s.g, s.rules = s.build()
		s.index = make([]int, len(s.slots))
		for i := range s.index {
			s.index[i] = -1
		}
		for i, r := range s.rules {
			if int(r) < len(s.index) {
				s.index[r] = i
			}
		}
	})
	slot.once.Do(func() {
		i := s.index[rule]
		if i < 0 {
			panic("dfa: no rule " + strconv.Itoa(int(rule)) + " in the grammar")
		}
		slot.a = NewLazy(s.g.Lazy(i, 0), s.rules)
	})
	return slot.a
}
