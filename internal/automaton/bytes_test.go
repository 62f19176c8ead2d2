package automaton

import (
	"os"
	"runtime"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
)

func allEdits() grammar.EditSet {
	var all grammar.EditSet
	for _, e := range grammar.Edits() {
		all = all.With(e)
	}
	return all
}

// buildAll builds the states of l reachable from its start, breadth
// first, visiting at most limit states (0: no limit). A cache smaller
// than the automaton makes new copies of states it emptied, so only a
// limit ends the walk then.
func buildAll(l *Lazy, limit int) {
	seen := map[*lazyState]bool{}
	queue := []*lazyState{l.start.Load()}
	seen[queue[0]] = true
	for visited := 0; len(queue) > 0 && (limit == 0 || visited < limit); visited++ {
		s := queue[0]
		queue = queue[1:]
		for c := range l.classes {
			n := s.next[c].Load()
			if n == nil {
				n = l.step(s, uint8(c))
			}
			if n != l.dead && !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
}

// TestLazyStaysWithinItsCache checks what a Lazy keeps however many
// states its inputs reach: at most maxStates states in its index, a key
// buffer of at most one key (4 bytes a position), at most the positions
// of the rule's whole automaton, and a byte estimate that does not grow
// once every state has been built, however often the cache is emptied.
func TestLazyStaysWithinItsCache(t *testing.T) {
	g, rules := profileGrammar(t, allEdits())
	for i, r := range rules {
		if r != grammar.RuleURIReference && r != grammar.RuleHost {
			continue
		}
		whole := len(g.positions(i).pos)
		for _, max := range []int{2, 16, 256} {
			l := g.Lazy(i, max)
			var bytes []int64
			for range 3 {
				buildAll(l, 1500)
				bytes = append(bytes, l.Bytes())
			}
			states, flushes := l.CacheStats()
			if states > max {
				t.Errorf("%v, cache %d: %d states", r, max, states)
			}
			if flushes == 0 {
				t.Errorf("%v, cache %d: never emptied; the test builds nothing past the cache", r, max)
			}
			if len(l.h.pos) > whole {
				t.Errorf("%v, cache %d: %d positions, the whole automaton has %d", r, max, len(l.h.pos), whole)
			}
			if cap(l.keyBuf) > 4*2*len(l.h.pos)+64 {
				t.Errorf("%v, cache %d: a key buffer of %d bytes for %d positions", r, max, cap(l.keyBuf), len(l.h.pos))
			}
			// Each full pass ends with a cache of the same size or so:
			// the estimate must not grow pass after pass.
			if bytes[2] > 2*bytes[0]+1<<16 {
				t.Errorf("%v, cache %d: the estimate grows pass after pass: %v", r, max, bytes)
			}
		}
	}
}

func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestLazyBytes checks Lazy.Bytes against the heap: with every state of
// every rule built under every edit (about 21 MB), the estimate is within
// a quarter of what runtime.MemStats measures. It runs only with
// RFC2396_LONG=1.
func TestLazyBytes(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	for _, edits := range []grammar.EditSet{0, allEdits()} {
		g, rules := profileGrammar(t, edits)
		h0 := heapAlloc()
		var keep []*Lazy
		var est int64
		for i, r := range rules {
			if int(r) >= grammar.NumAllRules {
				continue
			}
			l := g.Lazy(i, 0)
			keep = append(keep, l)
			buildAll(l, 50000) // every state: only URI-reference has more than the cache holds
			est += l.Bytes()
		}
		measured := int64(heapAlloc() - h0)
		t.Logf("edits %v: %d rules, estimate %d B, measured %d B", edits, len(keep), est, measured)
		if est < measured*3/4 || est > measured*5/4 {
			t.Errorf("edits %v: estimate %d B, measured %d B", edits, est, measured)
		}
		runtime.KeepAlive(keep)
	}
}
