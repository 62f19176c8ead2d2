package automaton

import (
	"github.com/rfc2396/rfc2396/grammar/bnf"

	"slices"
	"sync"
	"sync/atomic"
)

// DefaultMaxStates is the number of states a [Lazy] keeps at most unless
// [Grammar.Lazy] is told otherwise. Appendix A's rules and every edit of
// them the project carries need a few hundred to a few thousand states
// when every one is built; an input visits far fewer.
const DefaultMaxStates = 4096

// Lazy is the deterministic automaton of one rule, built state by state as
// inputs reach the states (an on-demand DFA, as RE2 builds): the subset
// construction runs only along the paths inputs take, over a position
// automaton whose positions are themselves made only as states need them
// (see hier.go). A state's error description ([State]) is worked out only
// when an error needs it.
//
// The states are kept in a cache of at most a fixed number of states; when
// it is full it is emptied and the reading goes on from where it was, so
// memory stays bounded whatever the input. The positions, which are not
// emptied, are bounded by the grammar: at most those of the rule's whole
// position automaton ([Grammar.Build]). [Lazy.Bytes] estimates what it
// holds.
//
// A Lazy is safe for concurrent use: a transition that is known is read
// with one atomic load, and states are created under a mutex.
type Lazy struct {
	h         *hier // guarded by mu
	classOf   [256]uint8
	classes   int
	rep       []byte // a byte of each class
	maxStates int
	dead      *lazyState // the state of no live position: no string continues

	start atomic.Pointer[lazyState]

	mu      sync.Mutex            // guards what follows, and the creation of states
	index   map[string]*lazyState // the states of the current cache, by live positions
	flushes int                   // how many times the cache was emptied
	// keyBuf is the key of the state looked up last: at most 4 bytes a
	// position of the rule.
	keyBuf []byte
	// stateBytes estimates the memory of the states of the cache and of
	// their descriptions.
	stateBytes int64
	// bytes is stateBytes and the estimated memory of the positions made,
	// updated whenever either grows, for [Lazy.Bytes] to read without the
	// lock.
	bytes atomic.Int64
}

// lazyState is a state of a Lazy: its live positions, and its transitions
// by byte class, nil where not yet known.
type lazyState struct {
	next []atomic.Pointer[lazyState]
	live []int32 // the live positions, sorted
	// reached are the positions that can follow the state, whatever the
	// byte, sorted: worked out at its first step, which its other steps
	// and its description read again. Guarded by the Lazy's mu.
	reached   []int32
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
	h := newHier(g, start)
	l := &Lazy{h: h, maxStates: maxStates, dead: &lazyState{}}
	l.classOf, l.classes, l.rep = h.classes()
	l.mu.Lock()
	l.reset()
	l.account()
	l.mu.Unlock()
	return l
}

// reset empties the cache and makes a new start state. l.mu must be held.
func (l *Lazy) reset() {
	l.index = map[string]*lazyState{}
	l.stateBytes = 0
	l.start.Store(l.add(nil, true))
}

// The estimated sizes, in bytes, of what a Lazy holds: a state, besides
// its transitions (8 bytes a class) and live positions (4 bytes each,
// twice: the list and the key of the index); a position; a frame; an entry
// of a follow list or a path. They were checked against
// runtime.MemStats.HeapAlloc with every state of every rule built (see
// TestLazyBytes).
const (
	stateBytes    = 160
	positionBytes = 160
	frameBytes    = 160
	entryBytes    = 8
)

// account updates l.bytes from what l holds now. l.mu must be held.
func (l *Lazy) account() {
	h := l.h
	l.bytes.Store(l.stateBytes + int64(cap(l.keyBuf)) +
		int64(len(h.pos))*positionBytes + int64(len(h.frames))*frameBytes + h.followEntries*entryBytes)
}

// Bytes returns an estimate of the memory l holds: its states, at most
// [DefaultMaxStates] (or the maxStates it was made with), and the
// positions they were made of. It reads one atomic value.
func (l *Lazy) Bytes() int64 { return l.bytes.Load() }

// add returns the cached state of the live positions, creating it when it
// is new; live is copied then. l.mu must be held.
func (l *Lazy) add(live []int32, atStart bool) *lazyState {
	l.keyBuf = appendListKey(l.keyBuf[:0], live)
	if atStart {
		l.keyBuf = append(l.keyBuf[:0], "start"...)
	}
	if s, ok := l.index[string(l.keyBuf)]; ok {
		return s
	}
	s := &lazyState{
		next:      make([]atomic.Pointer[lazyState], l.classes),
		live:      slices.Clone(live),
		atStart:   atStart,
		accepting: l.h.accepts(live, atStart),
	}
	l.index[string(l.keyBuf)] = s
	l.stateBytes += stateBytes + int64(l.classes)*8 + int64(len(live))*8
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
	c := l.rep[class]
	var next []int32
	for _, q := range l.reach(s) {
		if l.h.sets[l.h.pos[q].set].has(c) {
			next = append(next, q)
		}
	}
	t := l.dead
	if len(next) > 0 {
		if _, ok := l.index[string(appendListKey(l.keyBuf[:0], next))]; !ok && len(l.index) >= l.maxStates {
			// The cache is full: empty it and go on. States readers
			// still hold stay valid; they only lead into the new cache.
			l.flushes++
			l.reset()
		}
		t = l.add(next, false)
	}
	s.next[class].Store(t)
	l.account()
	return t
}

// reach returns the positions that can follow s, whatever the byte,
// sorted, working them out the first time. l.mu must be held.
func (l *Lazy) reach(s *lazyState) []int32 {
	if s.atStart {
		return l.h.first
	}
	if s.reached != nil {
		return s.reached
	}
	var out []int32
	for _, p := range s.live {
		out = append(out, l.h.follow(p)...)
	}
	s.reached = sortedSet(out)
	if s.reached == nil {
		s.reached = []int32{}
	}
	l.stateBytes += int64(cap(s.reached)) * 4
	return s.reached
}

// appendListKey appends the bytes of a sorted list of positions to buf,
// for use as a map key.
func appendListKey(buf []byte, list []int32) []byte {
	for _, p := range list {
		buf = append(buf, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
	}
	return buf
}

// Match reports whether s as a whole is in the rule's language. Once the
// states s needs are built, it reads each byte with one table look-up and
// allocates nothing.
func (l *Lazy) Match(s string) bool {
	st := l.start.Load()
	classOf := &l.classOf
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
//
// The offset never splits a character: where the automaton stops inside a
// UTF-8 sequence or right after one that is cut short, or the input ends
// inside one, the offset is the sequence's first byte, and the state the
// one before it (see [bnf.StartOfChar]).
func (l *Lazy) Explain(s string) (offset int, matched bool, state State) {
	st := l.start.Load()
	// The last two bytes read that start a character, and the states
	// before them.
	charStart, charState, prevStart, prevState := 0, st, 0, st
	classOf := &l.classOf
	for ; offset < len(s); offset++ {
		if !bnf.IsContinuation(s[offset]) {
			prevStart, prevState = charStart, charState
			charStart, charState = offset, st
		}
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
	if offset == len(s) && st.accepting {
		return offset, true, *l.describe(st)
	}
	switch at := bnf.StartOfChar(s, offset); {
	case at == offset:
	case at == charStart:
		offset, st = at, charState
	case at == prevStart:
		offset, st = at, prevState
	}
	return offset, false, *l.describe(st)
}

// describe returns the error description of s, working it out the first
// time.
func (l *Lazy) describe(s *lazyState) *State {
	if d := s.desc.Load(); d != nil {
		return d
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if d := s.desc.Load(); d != nil {
		return d
	}
	h := l.h
	d := &State{Accepting: s.accepting, Path: []int{h.start}, AltPath: []int{h.start}}
	if !s.atStart {
		nodes := make([]*pathNode, len(s.live))
		for i, p := range s.live {
			nodes[i] = h.paths[p]
		}
		d.Path = h.g.context(nodes, false, -1)
		d.AltPath = h.g.altContext(nodes, d.Path)
	}
	var want byteSet
	for _, q := range l.reach(s) {
		want = want.union(h.sets[h.pos[q].set])
	}
	d.Expected = describeBytes(want, s.accepting, h.g.describedSetsIn(h))
	s.desc.Store(d)
	l.stateBytes += stateBytes + int64(len(d.Path)+len(d.AltPath))*entryBytes + int64(len(d.Expected))
	l.account()
	return d
}

// CacheStats returns how many states the cache holds and how many times it
// was emptied because it was full.
func (l *Lazy) CacheStats() (states, flushes int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.index), l.flushes
}
