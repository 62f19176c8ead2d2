package oracle3986

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestPublished checks appendix-a.abnf: it parses, it defines the rules of
// the catalogue in its order, and it reads as RFC 3986 publishes it.
func TestPublished(t *testing.T) {
	defs, err := bnf.ParseABNF(appendixA)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, d := range defs {
		got = append(got, d.Name)
	}
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		want = append(want, r.String())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("appendix-a.abnf's rules (-catalogue +file):\n%s", diff)
	}
	o := NewPublished()
	for _, tt := range []struct {
		rule grammar.Rule
		in   string
		want bool
	}{
		{grammar.RuleScheme, "svn+ssh", true},
		{grammar.RulePort, "", true},
		{grammar.RuleRegName, "", true},
		{grammar.RuleIPv4address, "1.2.3.256", false},
		{grammar.RuleURIReference, "http://[v1.x]/", true},
		{grammar.RuleURIReference, "a:b:c", true},
		{grammar.RuleURIReference, "http://h/a b", false},
	} {
		if got := o.Match(tt.rule, tt.in); got != tt.want {
			t.Errorf("published %s %q = %v, want %v", tt.rule, tt.in, got, tt.want)
		}
	}
}
