package grammar_test

import (
	"fmt"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
)

// TestCatalogueMatchesABNF checks the generated catalogue against the
// embedded Appendix A text.
func TestCatalogueMatchesABNF(t *testing.T) {
	defs, err := bnf.Parse(grammar.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != grammar.NumRules {
		t.Fatalf("%d rules in the ABNF, NumRules = %d", len(defs), grammar.NumRules)
	}
	for i, d := range defs {
		info := grammar.Rule(i).Info()
		if info.Name != d.Name || info.ABNF != d.Line || info.Section == "" {
			t.Errorf("rule %d: catalogue %+v, ABNF %q", i, info, d.Line)
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		want grammar.Rule
		ok   bool
	}{
		{"URI-reference", grammar.RuleURIReference, true},
		{"URI_reference", grammar.RuleURIReference, true},
		{"hostname", grammar.RuleHostname, true},
		{"IPv4address", grammar.RuleIPv4address, true},
		{"ipv4address", 0, false},
		{"host name", 0, false},
	}
	for _, tt := range tests {
		got, ok := grammar.Lookup(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Lookup(%q) = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	if s := grammar.Rule(-1).String(); s != "Rule(invalid)" {
		t.Errorf("Rule(-1).String() = %q", s)
	}
}

func ExampleRule_Info() {
	info := grammar.RuleHostname.Info()
	fmt.Println(info.Name, "§"+info.Section)
	fmt.Println(info.ABNF)
	// Output:
	// hostname §3.2.2
	// hostname = *( domainlabel "." ) toplabel [ "." ]
}
