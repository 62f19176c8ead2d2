package rfc3986

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
)

// TestExplainDFAMatchesNFA checks the deterministic automaton against the
// nondeterministic one it was built from, which explain falls back to for a
// rule whose deterministic automaton would be too large: same offset, rule
// and expected text, for every rule, on every string up to length 3 over
// an alphabet of the bytes the rules tell apart.
func TestExplainDFAMatchesNFA(t *testing.T) {
	const alphabet = "vF0125.:/?#[]@%! \x80"
	var inputs []string
	var walk func(s string)
	walk = func(s string) {
		inputs = append(inputs, s)
		if len(s) == 3 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(s + alphabet[i:i+1])
		}
	}
	walk("")
	inputs = append(inputs, "http://[1:2:3:4:5:6:7::8]/", "http://u@[v1.x]:80/p?q#f", "1.2.3.4:5", "::ffff:1.2.3.256")
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		a := automatonFor(r)
		if a.dfa == nil {
			t.Logf("%s: no deterministic automaton (over %d states)", r, maxDFAStates)
			continue
		}
		for _, s := range inputs {
			if diff := cmp.Diff(a.explainNFA(r, s), a.explainDFA(r, s)); diff != "" {
				t.Fatalf("%s %q (-NFA +DFA):\n%s", r, s, diff)
			}
		}
	}
}
