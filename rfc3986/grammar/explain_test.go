package grammar_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// collected is this package for the automata checks of internal/uritest: the
// automata of the ABNF collected from RFC 3986, and the regular
// expressions the oracle generates from the same ABNF (a separate reading:
// RE2 over the ABNF's text, not Glushkov's construction). The strings that
// must cost no allocation have an IP-literal.
var collected = uritest.Automata[grammar.Rule]{
	Engine:    uritest.Engine[grammar.Rule]{Match: grammar.Match, Explain: grammar.Explain},
	Oracle:    oracle.New3986(),
	Generator: oracle.NewGenerator3986(3986),
	NumRules:  grammar.NumRules,
	Lookup:    grammar.Lookup,
	Start:     grammar.RuleURIReference,
	Valid:     "http://user@[v7.x]:8080/a/b;p?q=1#frag",
	Invalid:   "http://user@[v7.x]:8080/a b",
	Root:      "../..",
}

// TestAutomata holds every rule's automaton to the oracle and to the
// explained errors of testdata/explain.txt, and Match and Explain to no
// allocation ([uritest.Automata.Test]).
func TestAutomata(t *testing.T) { collected.Test(t) }

// FuzzExplain checks, for any rule and any input, that Explain agrees with
// Match and with the oracle, and that its offset lies in the input; the
// seeds are tried as URI-references and as IPv6 addresses.
func FuzzExplain(f *testing.F) {
	collected.Fuzz(f, grammar.RuleIPv6address, "http://a b/", "?y", "", "1.2.3.4", "%zz", "\xff\x00", "[::1", "v1.x")
}
