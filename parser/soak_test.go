package parser_test

import (
	"math/rand/v2"
	"os"
	"runtime"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// soakHeapGrowth is how much the heap (runtime.MemStats.HeapAlloc after a
// collection) may grow over a soak: the cache of derived profiles' automata
// (at most 64 MB estimated; see parser.Profile) and the named profiles'
// own automata, grown by the soak's inputs (a few MB each), with room to
// spare. With the bound the heap grows by about 10 MB; without it, by
// 250 MB in the first 200 profiles, about 1.2 MB a profile.
const soakHeapGrowth = 100 << 20

func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestProfileSoak makes a profile of every set of edits, each by a chain
// of With from a named profile, and uses every rule of each, as a program
// that makes profiles from its users' input does; the heap must stay
// within soakHeapGrowth of where it started. It runs only with
// RFC2396_LONG=1 (about 20 s).
func TestProfileSoak(t *testing.T) {
	if os.Getenv("RFC2396_LONG") == "" {
		t.Skip("long check: set RFC2396_LONG=1")
	}
	lines, _ := uritest.LoadCorpus(t, "..")
	rng := rand.New(rand.NewPCG(2396, 1))
	inputs := func() []string {
		var in []string
		for _, e := range grammar.Edits() {
			in = append(in, e.Info().Example)
		}
		for range 24 {
			s := []byte(lines[rng.IntN(len(lines))])
			if len(s) > 0 && rng.IntN(2) == 0 {
				const odd = "[]%:@/?# \x80\xff"
				s[rng.IntN(len(s))] = odd[rng.IntN(len(odd))]
			}
			in = append(in, string(s))
		}
		return in
	}
	sets := parser.ClosedEditSets()
	rng.Shuffle(len(sets), func(i, j int) { sets[i], sets[j] = sets[j], sets[i] })
	h0 := heapAfterGC()
	var peak uint64
	for i, set := range sets {
		// A chain of With from a named profile whose edits the set
		// holds, one edit or a few at a time.
		p := parser.Strict
		for _, q := range parser.Profiles() {
			if q.Edits()&^set == 0 && rng.IntN(2) == 0 {
				p = q
			}
		}
		for _, e := range (set &^ p.Edits()).Edits() {
			p = p.With(e)
		}
		if p.Edits() != set {
			t.Fatalf("%s has edits %v, want %v", p, p.Edits(), set)
		}
		in := inputs()
		for r := grammar.Rule(0); r < grammar.NumAllRules; r++ {
			if !p.Has(r) {
				continue
			}
			for _, s := range in {
				p.Match(r, s)
			}
		}
		for _, s := range in[:8] {
			p.Parse(s)
			p.Needs(grammar.RuleURIReference, s)
			p.ValidUnder(grammar.RuleURIReference, s)
			parser.Strict.ValidUnder(grammar.Rule(rng.IntN(grammar.NumRules)), s)
		}
		if i%200 == 199 || i == len(sets)-1 {
			h := heapAfterGC()
			peak = max(peak, h)
			if h > h0+soakHeapGrowth {
				t.Fatalf("after %d profiles the heap is %d MB, up %d MB from %d MB; the bound is %d MB", i+1, h>>20, (h-h0)>>20, h0>>20, soakHeapGrowth>>20)
			}
		}
	}
	t.Logf("%d profiles: heap %d MB at the start, %d MB at the most", len(sets), h0>>20, peak>>20)
}
