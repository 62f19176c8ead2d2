package parser

import (
	"container/list"
	"sync"

	"github.com/rfc2396/rfc2396/grammar"
)

// The bounds of the automata cache of the profiles that [Profile.With]
// makes (and that [Profile.ValidUnder] and [Profile.Needs] make through
// it): at most maxCachedAutomata sets of automata, estimated at most
// maxCachedBytes together.
//
// A profile's automata hold about 1 to 3 MB once Match and Explain of
// every rule have read the 52,683 references of the benchmark corpus and
// as many random strings, and at most about 23 MB with every state of
// every rule built under every edit at once (runtime.MemStats.HeapAlloc
// before and after; internal/automaton's TestLazyBytes checks the
// estimate against the second figure). 32 sets of the usual size fit in
// the byte bound; the byte bound keeps a cache of sets grown to their full
// size, as an adversary's inputs can grow them, to 64 MB.
const (
	maxCachedAutomata = 32
	maxCachedBytes    = 64 << 20
)

// automataCache remembers the automata of the edit sets that profiles
// were made of, least recently used first out, so that the profiles
// [Profile.With] makes of the same edits, in whatever order and under
// whatever name, share their automata while they are in use. An automata
// set that leaves the cache stays valid for the profiles that hold it; a
// profile made after that builds its own.
type automataCache struct {
	maxSets  int   // at most this many sets
	maxBytes int64 // estimated at most this many bytes, unless one set is more

	mu      sync.Mutex
	lru     list.List // of *cachedAutomata, the most recently used first
	byEdits map[grammar.EditSet]*list.Element
	hits    int // uses of a cached set since the bytes were last counted
}

// countBytesEvery is how many uses of cached sets may go by between two
// counts of the cache's bytes (a count reads an atomic value per rule of
// every set: about a microsecond for a full cache). A set that is made
// is always counted.
const countBytesEvery = 16

// newAutomataCache returns an empty cache of the bounds given.
func newAutomataCache(maxSets int, maxBytes int64) *automataCache {
	return &automataCache{maxSets: maxSets, maxBytes: maxBytes, byEdits: map[grammar.EditSet]*list.Element{}}
}

type cachedAutomata struct {
	edits grammar.EditSet
	auto  *profileAutomata
}

// derivedAutomata is the automata cache of the profiles that are not
// named profiles; a named profile's automata are its own and never leave.
var derivedAutomata = newAutomataCache(maxCachedAutomata, maxCachedBytes)

// automataOf returns the automata of the grammar under the edits of set,
// for a profile named name: a named profile's when set is its edits, or
// those of the cache, made when set is not there.
func automataOf(name string, set grammar.EditSet) *profileAutomata {
	for _, p := range named {
		if p.edits == set {
			return p.auto
		}
	}
	return derivedAutomata.get(name, set)
}

// get returns the cached automata of set, making them when they are not
// cached, and then evicts the least recently used sets beyond the bounds.
// Making them builds nothing yet (see profileAutomata), so it is done
// under the lock.
func (c *automataCache) get(name string, set grammar.EditSet) *profileAutomata {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byEdits[set]; ok {
		c.lru.MoveToFront(e)
		if c.hits++; c.hits >= countBytesEvery {
			c.evict()
		}
		return e.Value.(*cachedAutomata).auto
	}
	auto := newProfileAutomata(name, set)
	c.byEdits[set] = c.lru.PushFront(&cachedAutomata{edits: set, auto: auto})
	c.evict()
	return auto
}

// evict removes the least recently used sets while there are more than
// c.maxSets, or more than one estimated at over c.maxBytes together. The
// sets grow as inputs build their states, so the bytes are counted again
// every countBytesEvery uses too. c.mu must be held.
func (c *automataCache) evict() {
	c.hits = 0
	for c.lru.Len() > c.maxSets {
		c.remove(c.lru.Back())
	}
	var total int64
	for e := c.lru.Front(); e != nil; e = e.Next() {
		total += e.Value.(*cachedAutomata).auto.dfas.Bytes()
	}
	for total > c.maxBytes && c.lru.Len() > 1 {
		back := c.lru.Back()
		total -= back.Value.(*cachedAutomata).auto.dfas.Bytes()
		c.remove(back)
	}
}

// remove takes e out of the cache. c.mu must be held.
func (c *automataCache) remove(e *list.Element) {
	delete(c.byEdits, e.Value.(*cachedAutomata).edits)
	c.lru.Remove(e)
}

// stats returns how many automata sets the cache holds and their
// estimated bytes, for tests.
func (c *automataCache) stats() (n int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for e := c.lru.Front(); e != nil; e = e.Next() {
		bytes += e.Value.(*cachedAutomata).auto.dfas.Bytes()
	}
	return c.lru.Len(), bytes
}
