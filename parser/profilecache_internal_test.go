package parser

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar"
)

// closedEditSets returns every set of edits that holds what its edits
// require, in order of the subsets of grammar.Edits() they close.
func closedEditSets() []grammar.EditSet {
	edits := grammar.Edits()
	var out []grammar.EditSet
	seen := map[grammar.EditSet]bool{}
	for mask := 0; mask < 1<<len(edits); mask++ {
		var set grammar.EditSet
		for i, e := range edits {
			if mask&(1<<i) != 0 {
				set = set.With(e)
			}
		}
		for m := set.Missing(); m != 0; m = set.Missing() {
			set |= m
		}
		if !seen[set] {
			seen[set] = true
			out = append(out, set)
		}
	}
	return out
}

func mustEdit(t testing.TB, code string) grammar.Edit {
	t.Helper()
	e, ok := grammar.LookupEdit(code)
	if !ok {
		t.Fatalf("no edit %s", code)
	}
	return e
}

// TestProfilesShareAutomata checks that profiles of the same edits share
// one set of automata however they were made: With in one call or in a
// chain, in any order, withExactly (Needs), and a named profile's own.
func TestProfilesShareAutomata(t *testing.T) {
	ipv6, scope, nonASCII := mustEdit(t, "ipv6"), mustEdit(t, "ipv6-scope"), mustEdit(t, "non-ascii")
	three := mustEdit(t, "ipv4-three-digits")
	for _, c := range []struct {
		name string
		a, b *Profile
	}{
		{"chain and one call", strict.With(ipv6).With(nonASCII), strict.With(nonASCII, ipv6)},
		{"required edit brought in", strict.With(scope), strict.With(ipv6, scope)},
		{"withExactly", strict.withExactly(strict.With(ipv6, nonASCII).edits), strict.With(nonASCII).With(ipv6)},
		{"named profile's", strict.With(ipv6, three), rfc2732},
		{"from another root", rfc2732.With(nonASCII), strict.With(ipv6, three, nonASCII)},
	} {
		if c.a.edits != c.b.edits {
			t.Fatalf("%s: edits %v and %v", c.name, c.a.edits, c.b.edits)
		}
		// Under the other tests' load the set may have just been evicted
		// between the two calls; a third call finds it.
		if c.a.auto != c.b.auto && c.a.auto != strict.withExactly(c.a.edits).auto {
			t.Errorf("%s: %s and %s do not share their automata", c.name, c.a, c.b)
		}
	}
	if got, want := strict.With(ipv6).With(nonASCII).Name(), "strict+ipv6+non-ascii"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}

// TestAutomataCacheEvicts checks the bounds of the cache: the least
// recently used sets go first, by count and by estimated bytes, and the
// set just asked for stays even when it alone is over the byte bound.
func TestAutomataCacheEvicts(t *testing.T) {
	sets := closedEditSets()[1:7]
	keys := func(c *automataCache) []grammar.EditSet {
		var out []grammar.EditSet
		for e := c.lru.Front(); e != nil; e = e.Next() {
			out = append(out, e.Value.(*cachedAutomata).edits)
		}
		return out
	}
	c := newAutomataCache(3, 1<<62)
	for _, s := range sets[:5] {
		c.get("t", s)
	}
	c.get("t", sets[2]) // used again: the most recent
	if diff := cmp.Diff([]grammar.EditSet{sets[2], sets[4], sets[3]}, keys(c)); diff != "" {
		t.Errorf("by count (-want +got):\n%s", diff)
	}
	if len(c.byEdits) != 3 {
		t.Errorf("the index holds %d sets, the list 3", len(c.byEdits))
	}

	// A set grown over the byte bound goes when another is asked for.
	c = newAutomataCache(10, 1)
	a := c.get("t", sets[0])
	a.dfas.Get(grammar.RuleURIReference).Match("http://example.com/a?b#c")
	if a.dfas.Bytes() <= 1 {
		t.Fatalf("a set that matched a string estimates %d bytes", a.dfas.Bytes())
	}
	for range countBytesEvery {
		c.get("t", sets[0])
	}
	if diff := cmp.Diff([]grammar.EditSet{sets[0]}, keys(c)); diff != "" {
		t.Errorf("one set over the bound (-want +got):\n%s", diff)
	}
	c.get("t", sets[1])
	if diff := cmp.Diff([]grammar.EditSet{sets[1]}, keys(c)); diff != "" {
		t.Errorf("by bytes (-want +got):\n%s", diff)
	}
}

// TestEvictedProfileStillWorks checks that a profile whose automata left
// the cache reads as before, and that the cache of the package keeps its
// bound after more distinct sets than it holds.
func TestEvictedProfileStillWorks(t *testing.T) {
	ipv6 := mustEdit(t, "ipv6")
	p := strict.With(ipv6, mustEdit(t, "non-ascii"))
	const ref = "http://[::1]/é"
	if err := p.Match(grammar.RuleURIReference, ref); err != nil {
		t.Fatalf("before: %v", err)
	}
	for _, s := range closedEditSets()[:2*maxCachedAutomata] {
		strict.withExactly(s).Valid(ref)
	}
	if n, _ := derivedAutomata.stats(); n > maxCachedAutomata {
		t.Errorf("the cache holds %d sets, more than %d", n, maxCachedAutomata)
	}
	if err := p.Match(grammar.RuleURIReference, ref); err != nil {
		t.Errorf("after eviction: %v", err)
	}
	if u, err := p.Parse(ref); err != nil || u.Host() != Some("[::1]") {
		t.Errorf("after eviction: Parse = %v, %v", u, err)
	}
	if got := p.Needs(grammar.RuleURIReference, ref); len(got) != 2 {
		t.Errorf("after eviction: Needs = %v, want both edits", got)
	}
}

// TestProfileCacheConcurrent makes, uses and evicts profiles from many
// goroutines at once, for go test -race.
func TestProfileCacheConcurrent(t *testing.T) {
	sets := closedEditSets()
	refs := []string{"http://[::1]/é", "a:", "//a.b/c d", "http://1.2.3.4444/", "mailto:x@[v1.x]"}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 60 {
				p := strict.withExactly(sets[rng.IntN(len(sets))])
				for _, e := range grammar.Edits() {
					if rng.IntN(4) == 0 {
						p = p.With(e)
					}
				}
				ref := refs[rng.IntN(len(refs))]
				p.Valid(ref)
				p.Parse(ref)
				strict.ValidUnder(grammar.RuleURIReference, ref)
				if n, _ := derivedAutomata.stats(); n > maxCachedAutomata {
					t.Errorf("the cache holds %d sets", n)
				}
			}
		})
	}
	wg.Wait()
	if !slices.Contains(sets, grammar.EditSet(0)) {
		t.Error("closedEditSets has no empty set")
	}
}
