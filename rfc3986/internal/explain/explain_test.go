package explain

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
	"github.com/rfc2396/rfc2396/internal/oracle3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// engine is this package's automata, for the checks of package dfatest.
var engine = dfatest.Engine[grammar.Rule]{Match: Match, Explain: Explain}

// TestAutomata checks every rule's automaton against the regular
// expressions the oracle generates from the same ABNF (a separate reading:
// RE2 over the ABNF's text, not Glushkov's construction): membership, and
// the offset of the first byte no string of the rule can have there, on
// 300 derivations of each rule and mutations of them; and the description
// of errors against the table in testdata/explain.txt (see
// dfatest.Grammar).
func TestAutomata(t *testing.T) {
	dfatest.Grammar(t, engine, oracle3986.New(), oracle3986.NewGenerator(3986), grammar.NumRules, 300, "testdata/explain.txt", grammar.Lookup)
}

// TestMatchAllocatesNothing checks that Match and Explain run without
// allocating.
func TestMatchAllocatesNothing(t *testing.T) {
	in, bad := "http://user@[v7.x]:8080/a/b;p?q=1#frag", "http://user@[v7.x]:8080/a b"
	if n := testing.AllocsPerRun(100, func() { Match(grammar.RuleURIReference, in) }); n != 0 {
		t.Errorf("Match allocates %v times per run", n)
	}
	if n := testing.AllocsPerRun(100, func() { Explain(grammar.RuleURIReference, bad) }); n != 0 {
		t.Errorf("Explain allocates %v times per run", n)
	}
}

// FuzzExplain checks, for any rule and any input, that Explain agrees with
// Match and with the oracle, and that its offset lies in the input.
func FuzzExplain(f *testing.F) {
	for _, s := range []string{"http://a b/", "?y", "", "1.2.3.4", "%zz", "\xff\x00", "[::1", "v1.x"} {
		f.Add(uint8(grammar.RuleURIReference), s)
		f.Add(uint8(grammar.RuleIPv6address), s)
	}
	o := oracle3986.New()
	f.Fuzz(func(t *testing.T, n uint8, s string) {
		dfatest.Check(t, engine, o, grammar.Rule(int(n)%grammar.NumRules), s)
	})
}
