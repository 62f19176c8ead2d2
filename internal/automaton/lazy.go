package automaton

import (
	"sync"
	"sync/atomic"
)

// DefaultMaxStates is the number of states a [Lazy] keeps at most unless
// [Grammar.Lazy] is told otherwise. Appendix A's rules and every edit of
// them the project carries need a few hundred to a few thousand states
// when every one is built; an input visits far fewer.
const DefaultMaxStates = 4096

// Lazy is the deterministic automaton of one rule, built state by state as
// inputs reach the states (an on-demand DFA, as RE2 builds): the position
// automaton of the rule is made up front, which is cheap, and the subset
// construction runs only along the paths inputs take. A state's error
// description ([State]) is worked out only when an error needs it.
//
// The states are kept in a cache of at most a fixed number of states; when
// it is full it is emptied and the reading goes on from where it was, so
// memory stays bounded whatever the input.
//
// A Lazy is safe for concurrent use: a transition that is known is read
// with one atomic load, and states are created under a mutex.
type Lazy struct {
	a         *automaton
	maxStates int
	dead      *lazyState // the state of no live position: no string continues

	start atomic.Pointer[lazyState]

	mu      sync.Mutex            // guards what follows, and the creation of states
	index   map[string]*lazyState // the states of the current cache, by live positions
	flushes int                   // how many times the cache was emptied
	keyBuf  []byte
	scratch bitset
}

// lazyState is a state of a Lazy: its live positions, and its transitions
// by byte class, nil where not yet known.
type lazyState struct {
	next      []atomic.Pointer[lazyState]
	live      bitset
	atStart   bool
	accepting bool
	desc      atomic.Pointer[State] // the error description, once asked for
}

// Lazy returns the on-demand automaton of rule start, keeping at most
// maxStates states (DefaultMaxStates when maxStates <= 0; at least 2, the
// start state and one more).
func (g *Grammar) Lazy(start, maxStates int) *Lazy {
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	maxStates = max(maxStates, 2)
	a := g.positions(start)
	l := &Lazy{a: a, maxStates: maxStates, dead: &lazyState{}, scratch: make(bitset, len(a.first))}
	l.mu.Lock()
	l.reset()
	l.mu.Unlock()
	return l
}

// reset empties the cache and makes a new start state. l.mu must be held.
func (l *Lazy) reset() {
	l.index = map[string]*lazyState{}
	l.start.Store(l.add(make(bitset, len(l.a.first)), true))
}

// add returns the cached state of the live positions, creating it when it
// is new; live is copied then. l.mu must be held.
func (l *Lazy) add(live bitset, atStart bool) *lazyState {
	l.keyBuf = live.appendKey(l.keyBuf[:0])
	if atStart {
		l.keyBuf = append(l.keyBuf[:0], "start"...)
	}
	if s, ok := l.index[string(l.keyBuf)]; ok {
		return s
	}
	s := &lazyState{
		next:      make([]atomic.Pointer[lazyState], l.a.classes),
		live:      append(bitset(nil), live...),
		atStart:   atStart,
		accepting: l.a.accepts(live, atStart),
	}
	l.index[string(l.keyBuf)] = s
	return s
}

// step returns the state after reading a byte of class in s, creating it
// when it is not known yet.
func (l *Lazy) step(s *lazyState, class uint8) *lazyState {
	l.mu.Lock()
	defer l.mu.Unlock()
	if t := s.next[class].Load(); t != nil {
		return t // another reader got here first
	}
	next := l.scratch
	l.a.reach(s.live, next, s.atStart)
	by := l.a.byClass[class]
	for i := range next {
		next[i] &= by[i]
	}
	t := l.dead
	if !next.empty() {
		if _, ok := l.index[string(next.appendKey(l.keyBuf[:0]))]; !ok && len(l.index) >= l.maxStates {
			// The cache is full: empty it and go on. States readers
			// still hold stay valid; they only lead into the new cache.
			l.flushes++
			l.reset()
		}
		t = l.add(next, false)
	}
	s.next[class].Store(t)
	return t
}

// Match reports whether s as a whole is in the rule's language. Once the
// states s needs are built, it reads each byte with one table look-up and
// allocates nothing.
func (l *Lazy) Match(s string) bool {
	st := l.start.Load()
	classOf := &l.a.classOf
	for i := 0; i < len(s); i++ {
		c := classOf[s[i]]
		next := st.next[c].Load()
		if next == nil {
			next = l.step(st, c)
		}
		if next == l.dead {
			return false
		}
		st = next
	}
	return st.accepting
}

// Explain runs the automaton over s and returns the length of the longest
// prefix of s that some string of the language starts with, whether s as a
// whole matches, and what an error at that offset reports (see [State]).
func (l *Lazy) Explain(s string) (offset int, matched bool, state State) {
	st := l.start.Load()
	classOf := &l.a.classOf
	for ; offset < len(s); offset++ {
		c := classOf[s[offset]]
		next := st.next[c].Load()
		if next == nil {
			next = l.step(st, c)
		}
		if next == l.dead {
			break
		}
		st = next
	}
	return offset, offset == len(s) && st.accepting, *l.describe(st)
}

// describe returns the error description of s, working it out the first
// time. Two readers may both work it out; they find the same.
func (l *Lazy) describe(s *lazyState) *State {
	if d := s.desc.Load(); d != nil {
		return d
	}
	a := l.a
	path := a.context(s.live, s.atStart, false, -1)
	d := &State{
		Accepting: s.accepting,
		Path:      path,
		AltPath:   a.altContext(s.live, s.atStart, path),
		Expected:  a.expected(s.live, s.atStart, a.g.sets),
	}
	s.desc.Store(d)
	return d
}

// CacheStats returns how many states the cache holds and how many times it
// was emptied because it was full.
func (l *Lazy) CacheStats() (states, flushes int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.index), l.flushes
}
