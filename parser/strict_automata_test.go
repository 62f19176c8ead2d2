package parser

import (
	"flag"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/automaton"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// appendixA is the strict automata for the checks of package uritest: the
// automata, and the regular expressions the oracle generates from the
// same BNF (a separate reading: RE2 over the BNF's text, not Glushkov's
// construction).
var appendixA = uritest.Automata[grammar.Rule]{Engine: uritest.Engine[grammar.Rule]{Match: strictMatch, Explain: strictExplain},
	Oracle: oracle.New(), Generator: oracle.NewGenerator(2396), NumRules: grammar.NumRules, Lookup: grammar.Lookup,
	Start: grammar.RuleURIReference, Valid: "http://user@www.example.com:8080/a/b;p?q=1#frag", Invalid: "http://user@www.example.com:8080/a b", Root: ".."}

// TestStrictAutomata checks every rule's automaton against the oracle:
// membership, and the offset of the first byte no string of the rule can
// have there, on derivations of each rule and mutations of them; the
// description of errors against testdata/explain.txt; and that Match and
// Explain allocate nothing ([uritest.Automata.Test]).
func TestStrictAutomata(t *testing.T) { appendixA.Test(t) }

// FuzzStrictExplain checks, for any rule and any input, that the strict
// automata's Explain agrees with their Match and with the oracle, and that
// its offset lies in the input.
func FuzzStrictExplain(f *testing.F) {
	appendixA.Fuzz(f, grammar.RuleHostname, "http://a b/", "?y", "", "1.2.3.4", "%zz", "\xff\x00")
}

// updateExplain makes TestExplainTable rewrite testdata/explain.txt; go
// generate runs it so (generate.go).
var updateExplain = flag.Bool("update-explain", false, "rewrite testdata/explain.txt from the automata")

// TestExplainTable checks that the rows of testdata/explain.txt (a rule and
// an input each, chosen by hand) say what the strict automata say of them,
// which changes whenever the grammar does; with -update-explain it
// rewrites them instead (internal/automaton's CheckExplainTable).
func TestExplainTable(t *testing.T) {
	if err := automaton.CheckExplainTable("testdata/explain.txt", *updateExplain, strictExplain, grammar.Lookup); err != nil {
		t.Error(err)
	}
}
