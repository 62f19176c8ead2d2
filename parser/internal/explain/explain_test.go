package explain

import (
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
	"github.com/rfc2396/rfc2396/internal/oracle"
)

// engine is this package's automata, for the checks of package dfatest.
var engine = dfatest.Engine[grammar.Rule]{Match: Match, Explain: Explain}

// TestAutomata checks every rule's automaton against the regular
// expressions the oracle generates from the same BNF (a separate reading:
// RE2 over the BNF's text, not Glushkov's construction): membership, and
// the offset of the first byte no string of the rule can have there, on
// 300 derivations of each rule and mutations of them; and the description
// of errors against the table in testdata/explain.txt (see
// dfatest.Grammar).
func TestAutomata(t *testing.T) {
	dfatest.Grammar(t, engine, oracle.New(), oracle.NewGenerator(2396), grammar.NumRules, 300, "testdata/explain.txt", grammar.Lookup)
}

// TestMatchAllocatesNothing checks that Match runs without allocating.
func TestMatchAllocatesNothing(t *testing.T) {
	in := "http://user@www.example.com:8080/a/b;p?q=1#frag"
	if n := testing.AllocsPerRun(100, func() { Match(grammar.RuleURIReference, in) }); n != 0 {
		t.Errorf("Match allocates %v times per run", n)
	}
}

// FuzzExplain checks, for any rule and any input, that Explain agrees with
// Match and with the oracle, and that its offset lies in the input.
func FuzzExplain(f *testing.F) {
	for _, s := range []string{"http://a b/", "?y", "", "1.2.3.4", "%zz", "\xff\x00"} {
		f.Add(uint8(grammar.RuleURIReference), s)
		f.Add(uint8(grammar.RuleHostname), s)
	}
	o := oracle.New()
	f.Fuzz(func(t *testing.T, n uint8, s string) {
		dfatest.Check(t, engine, o, grammar.Rule(int(n)%grammar.NumRules), s)
	})
}
