package automaton

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// describedRules are the rules errors describe expected bytes with, as
// package parser and gen list them.
var describedRules = []string{"uric", "uric_no_slash", "pchar", "reserved", "unreserved", "alphanum", "mark", "alpha", "hex", "digit"}

// profileGrammar returns the grammar of RFC 2396 under edits, as package
// parser makes it for a profile.
func profileGrammar(t testing.TB, edits grammar.EditSet) (*Grammar, []grammar.Rule) {
	t.Helper()
	defs, rules := grammar.Definitions(edits)
	charLevel := make([]bool, len(rules))
	for i, r := range rules {
		charLevel[i] = r.IsCharacterLevel()
	}
	g, err := NewGrammar(defs, charLevel, describedRules)
	if err != nil {
		t.Fatal(err)
	}
	g.AltPathLeavesPathRule()
	return g, rules
}

// outcome is what a run of an automaton over an input finds.
type outcome struct {
	Offset  int
	Matched bool
	State   State
}

// runEager runs the whole automaton d over s.
func runEager(d *DFA, s string) outcome {
	st, off := int32(0), 0
	for ; off < len(s); off++ {
		next := d.Trans[int(st)*d.Classes+int(d.ClassOf[s[off]])]
		if next < 0 {
			break
		}
		st = next
	}
	matched := off == len(s) && d.States[st].Accepting
	if at := bnf.StartOfChar(s, off); !matched && at != off {
		// An error never splits a character: it is reported at the
		// character's first byte, in the state before it.
		o := runEager(d, s[:at])
		o.Matched = false
		return o
	}
	return outcome{Offset: off, Matched: matched, State: d.States[st]}
}

func runLazy(l *Lazy, s string) outcome {
	off, matched, st := l.Explain(s)
	return outcome{Offset: off, Matched: matched, State: st}
}

// inputs returns the strings of testdata/lazy-inputs.txt, each followed by
// n mutations of it (bytes replaced, inserted, deleted, or the string cut
// or doubled).
func inputs(t testing.TB, n int) []string {
	t.Helper()
	f, err := os.Open("testdata/lazy-inputs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var base []string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		s, err := strconv.Unquote(text)
		if err != nil {
			t.Fatalf("testdata/lazy-inputs.txt:%d: %v", line, err)
		}
		base = append(base, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	const alphabet = "aZ09:/?#[]@%.-_~!$&'()*+,;=<> \"{}|\\^`\x7f\xc3\xa9\xff"
	r := rand.New(rand.NewPCG(1, 2))
	var out []string
	for _, s := range base {
		out = append(out, s)
		for range n {
			b := []byte(s)
			switch k := r.IntN(5); {
			case k == 0 && len(b) > 0:
				b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
			case k == 1:
				i := r.IntN(len(b) + 1)
				b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
			case k == 2 && len(b) > 0:
				i := r.IntN(len(b))
				b = append(b[:i], b[i+1:]...)
			case k == 3 && len(b) > 0:
				b = b[:r.IntN(len(b))]
			default:
				b = append(b, b...)
			}
			out = append(out, string(b))
		}
	}
	return out
}

// TestLazyAgainstEager checks that the on-demand automaton finds what the
// whole automaton finds: the same verdict, offset and error description,
// under Appendix A, java's edits and every edit at once.
func TestLazyAgainstEager(t *testing.T) {
	var java grammar.EditSet
	for _, e := range []string{"empty-authority", "empty-relative-path", "ipv4-octets", "digit-hostname", "ipv6", "ipv6-address-length", "ipv6-embedded-ipv4", "ipv6-scope", "non-ascii", "opaque-brackets"} {
		ed, ok := grammar.LookupEdit(e)
		if !ok {
			t.Fatalf("no edit %s", e)
		}
		java = java.With(ed)
	}
	var all grammar.EditSet
	for _, e := range grammar.Edits() {
		all = all.With(e)
	}
	// URI-reference and a few rules inside it, character-level ones
	// included; every rule with RFC2396_LONG=1.
	rulesToCheck := []grammar.Rule{grammar.RuleURIReference, grammar.RuleHost, grammar.RuleEscaped, grammar.RuleAlpha, grammar.RulePchar}
	mutations := 8
	long := os.Getenv("RFC2396_LONG") != ""
	if long {
		mutations = 100
	}
	ins := inputs(t, mutations)
	for _, edits := range []grammar.EditSet{0, java, all} {
		g, rules := profileGrammar(t, edits)
		for i, r := range rules {
			if !long && !contains(rulesToCheck, r) {
				continue
			}
			eager := g.Build(i)
			// A small cache, so that the runs go through flushes too.
			for _, max := range []int{0, 8} {
				lazy := g.Lazy(i, max)
				for _, s := range ins {
					want, got := runEager(eager, s), runLazy(lazy, s)
					if diff := cmp.Diff(want, got); diff != "" {
						t.Fatalf("edits %v, rule %v, cache %d: %q (-eager +lazy):\n%s", edits, r, max, s, diff)
					}
					if m := lazy.Match(s); m != want.Matched {
						t.Fatalf("edits %v, rule %v: Match(%q) = %v, want %v", edits, r, s, m, want.Matched)
					}
				}
			}
		}
	}
}

func contains(rs []grammar.Rule, r grammar.Rule) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// blowUp is a grammar whose whole automaton has 2^13 states: the
// thirteenth byte from the end must be "a".
const blowUp = "r = *( \"a\" / \"b\" ) \"a\" 12( \"a\" / \"b\" )\n"

func smallGrammar(t testing.TB, abnf string) *Grammar {
	t.Helper()
	defs, err := bnf.ParseABNF(abnf)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGrammar(bnf.WithCore(defs), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLazyCacheBounded reads a long input that visits thousands of states
// with a cache of 64: the cache stays within 64 states, it is flushed, and
// the verdicts stay right.
func TestLazyCacheBounded(t *testing.T) {
	const max = 64
	l := smallGrammar(t, blowUp).Lazy(0, max)
	r := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, 1<<16)
	for i := range b {
		b[i] = "ab"[r.IntN(2)]
	}
	for _, n := range []int{len(b), len(b) - 1, len(b) - 7, 13, 12} {
		s := string(b[:n])
		want := n >= 13 && s[n-13] == 'a'
		if got := l.Match(s); got != want {
			t.Errorf("Match(%d bytes) = %v, want %v", n, got, want)
		}
		if off, matched, _ := l.Explain(s); off != n || matched != want {
			t.Errorf("Explain(%d bytes) = %d, %v; want %d, %v", n, off, matched, n, want)
		}
		states, _ := l.CacheStats()
		if states > max {
			t.Fatalf("the cache holds %d states, more than %d", states, max)
		}
	}
	if _, flushes := l.CacheStats(); flushes == 0 {
		t.Error("the cache was never flushed: the input did not test the bound")
	}
	if _, _, st := l.Explain("abc"); st.Expected != `"A", "B", "a" or "b"` {
		t.Errorf(`Explain("abc") expects %q, want "A", "B", "a" or "b"`, st.Expected)
	}
}

// TestLazyConcurrent runs one on-demand automaton, with a cache small
// enough to be flushed, from many goroutines at once; go test -race checks
// that readers and the creation of states do not race.
func TestLazyConcurrent(t *testing.T) {
	g, rules := profileGrammar(t, grammar.EditSet(0).With(mustEdit(t, "ipv6")).With(mustEdit(t, "non-ascii")))
	var start int
	for i, r := range rules {
		if r == grammar.RuleURIReference {
			start = i
		}
	}
	eager := g.Build(start)
	lazy := g.Lazy(start, 16)
	ins := inputs(t, 4)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ins {
				s := ins[(k+w*7)%len(ins)]
				if got, want := runLazy(lazy, s), runEager(eager, s); !cmp.Equal(got, want) {
					errs <- s
					return
				}
				lazy.Match(s)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for s := range errs {
		t.Errorf("a concurrent run over %q differs from the whole automaton", s)
	}
	if states, _ := lazy.CacheStats(); states > 16 {
		t.Errorf("the cache holds %d states, more than 16", states)
	}
}

func mustEdit(t testing.TB, name string) grammar.Edit {
	t.Helper()
	e, ok := grammar.LookupEdit(name)
	if !ok {
		t.Fatalf("no edit %s", name)
	}
	return e
}

// FuzzLazy checks, on any input, that the on-demand automaton of
// URI-reference under every edit, with a cache small enough to be flushed
// often, finds what the whole automaton finds.
func FuzzLazy(f *testing.F) {
	for _, s := range inputs(f, 0) {
		f.Add(s)
	}
	var all grammar.EditSet
	for _, e := range grammar.Edits() {
		all = all.With(e)
	}
	g, rules := profileGrammar(f, all)
	var start int
	for i, r := range rules {
		if r == grammar.RuleURIReference {
			start = i
		}
	}
	eager := g.Build(start)
	lazy := g.Lazy(start, 32)
	f.Fuzz(func(t *testing.T, s string) {
		want, got := runEager(eager, s), runLazy(lazy, s)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q (-eager +lazy):\n%s", s, diff)
		}
		if got.Offset < 0 || got.Offset > len(s) || len(got.State.Path) == 0 || got.State.Path[0] != start {
			t.Fatalf("%q: %+v", s, got)
		}
		if states, _ := lazy.CacheStats(); states > 32 {
			t.Fatalf("the cache holds %d states, more than 32", states)
		}
	})
}
