package explain

import (
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/dfa/dfatest"
	"github.com/rfc2396/rfc2396/internal/oracle"
)

// appendixA is this package for the checks of package dfatest: its
// automata, and the regular expressions the oracle generates from the same
// BNF (a separate reading: RE2 over the BNF's text, not Glushkov's
// construction).
var appendixA = dfatest.Package[grammar.Rule]{Engine: dfatest.Engine[grammar.Rule]{Match: Match, Explain: Explain},
	Oracle: oracle.New(), Generator: oracle.NewGenerator(2396), NumRules: grammar.NumRules, Lookup: grammar.Lookup,
	Start: grammar.RuleURIReference, Valid: "http://user@www.example.com:8080/a/b;p?q=1#frag", Invalid: "http://user@www.example.com:8080/a b", Root: "../../.."}

// TestAutomata checks every rule's automaton against the oracle:
// membership, and the offset of the first byte no string of the rule can
// have there, on derivations of each rule and mutations of them; the
// description of errors against testdata/explain.txt; and that Match and
// Explain allocate nothing ([dfatest.Package.Test]).
func TestAutomata(t *testing.T) { appendixA.Test(t) }

// FuzzExplain checks, for any rule and any input, that Explain agrees with
// Match and with the oracle, and that its offset lies in the input.
func FuzzExplain(f *testing.F) {
	appendixA.Fuzz(f, grammar.RuleHostname, "http://a b/", "?y", "", "1.2.3.4", "%zz", "\xff\x00")
}
