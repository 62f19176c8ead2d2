package automaton

import (
	"strconv"
	"sync"
	"sync/atomic"
)

// LazySet is the on-demand automata ([LazyTable]) of the rules of one grammar:
// the grammar is built the first time any automaton is asked for, and
// each rule's automaton the first time it is; the states of each are
// built as inputs reach them. It serves a profile's grammar, and strict's
// where the generated tables are left out (the playground's WebAssembly
// module). It is safe for concurrent use. What it holds is bounded by the
// grammar and by [DefaultMaxStates] a rule; [LazySet.Bytes]
// estimates it.
type LazySet[R ~int] struct {
	build func() (*Grammar, []R)
	once  sync.Once
	built atomic.Bool // the grammar is built
	g     *Grammar
	rules []R // definition index → rule
	index []int
	slots []lazySlot[R]
}

// lazySlot is the automaton of one rule, made once.
type lazySlot[R any] struct {
	once sync.Once
	a    atomic.Pointer[LazyTable[R]]
}

// GrammarBytes estimates the memory of a profile's grammar
// ([Grammar] and its definitions) once built: about 20 KB
// measured with every edit in force (runtime.MemStats.HeapAlloc before
// and after), rounded up.
const GrammarBytes = 32 << 10

// NewLazySet returns the automata of the rules 0 to numRules-1 of the
// grammar that build returns, with rules[i] the rule of its definition i
// (each rule below numRules at most once). build runs once, when the first
// automaton is asked for; it panics on a grammar it cannot build, which is
// generated and checked by tests.
func NewLazySet[R ~int](numRules int, build func() (g *Grammar, rules []R)) *LazySet[R] {
	return &LazySet[R]{build: build, slots: make([]lazySlot[R], numRules)}
}

// Get returns the automaton of rule. It panics if rule is not below the
// set's numRules or not a rule of the grammar.
func (s *LazySet[R]) Get(rule R) *LazyTable[R] {
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
		s.built.Store(true)
	})
	slot.once.Do(func() {
		i := s.index[rule]
		if i < 0 {
			panic("automaton: no rule " + strconv.Itoa(int(rule)) + " in the grammar")
		}
		slot.a.Store(NewLazyTable(s.g.Lazy(i, 0), s.rules))
	})
	return slot.a.Load()
}

// Bytes returns an estimate of the memory the set holds: its grammar
// ([GrammarBytes]) once built, and each automaton's ([LazyTable.Bytes]). It
// reads one atomic value an automaton made and takes no lock.
func (s *LazySet[R]) Bytes() int64 {
	if !s.built.Load() {
		return 0
	}
	n := int64(GrammarBytes)
	for i := range s.slots {
		if a := s.slots[i].a.Load(); a != nil {
			n += a.Bytes()
		}
	}
	return n
}
