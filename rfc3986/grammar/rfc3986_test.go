package grammar_test

import (
	"fmt"
	"slices"
	"testing"

	g2396 "github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

func TestCatalogueMatchesABNF(t *testing.T) {
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != grammar.NumRules {
		t.Fatalf("%d rules in the ABNF, NumRules = %d", len(defs), grammar.NumRules)
	}
	// The rules are numbered in the ABNF's order, but for URI-reference,
	// which is first.
	if start := defs[2]; start.Name == "URI-reference" {
		defs = append([]bnf.Definition{start}, slices.Delete(defs, 2, 3)...)
	}
	for i, d := range defs {
		info := grammar.Rule(i).Info()
		if info.Name != d.Name || info.ABNF != d.Line || info.Section == "" {
			t.Errorf("rule %d: catalogue %+v, ABNF %q", i, info, d.Line)
		}
		// Uses: the catalogue rules the definition names, each once, in
		// order of first appearance.
		var uses []grammar.Rule
		var walk func(n *bnf.Node)
		walk = func(n *bnf.Node) {
			if r, ok := grammar.Lookup(n.Text); ok && n.Kind == bnf.RuleRef && !slices.Contains(uses, r) {
				uses = append(uses, r)
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(d.Body)
		if !slices.Equal(uses, info.Uses) {
			t.Errorf("%s: Uses = %v, the ABNF names %v", d.Name, info.Uses, uses)
		}
	}
	// A spot check, while authority is as RFC 3986 writes it.
	if info := grammar.RuleAuthority.Info(); info.ABNF == `authority = [ userinfo "@" ] host [ ":" port ]` &&
		!slices.Equal(info.Uses, []grammar.Rule{grammar.RuleUserinfo, grammar.RuleHost, grammar.RulePort}) {
		t.Errorf("authority uses %v", info.Uses)
	}
}

// TestZeroRule holds the zero Rule of both packages to the same rule, the
// start rule URI-reference that Parse reads.
func TestZeroRule(t *testing.T) {
	var r grammar.Rule
	var r2396 g2396.Rule
	if r != grammar.RuleURIReference || r.String() != "URI-reference" || r.String() != r2396.String() {
		t.Errorf("the zero Rule is %s here, %s in package grammar", r, r2396)
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
		{"IP-literal", grammar.RuleIPLiteral, true},
		{"absolute-URI", grammar.RuleAbsoluteURI, true},
		{"ipv6address", 0, false},
		{"hostname", 0, false},
	}
	for _, tt := range tests {
		got, ok := grammar.Lookup(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Lookup(%q) = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	if s := grammar.Rule(99).String(); s != "Rule(invalid)" {
		t.Errorf("Rule(99).String() = %q", s)
	}
	if n := len(grammar.Names()); n != 36 {
		t.Errorf("%d names", n)
	}
}

func ExampleRule_Info() {
	info := grammar.RuleDecOctet.Info()
	fmt.Println(info.Name, "§"+info.Section)
	fmt.Println(info.ABNF)
	// Output:
	// dec-octet §3.2.2
	// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
}

// TestCharacterLevel checks the rules gen finds to describe single
// characters or one escape.
func TestCharacterLevel(t *testing.T) {
	var got []string
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		if r.IsCharacterLevel() {
			got = append(got, r.String())
		}
	}
	want := []string{"pchar", "pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims"}
	if !slices.Equal(got, want) {
		t.Errorf("character-level rules: got %v, want %v", got, want)
	}
	if grammar.Rule(-1).IsCharacterLevel() {
		t.Error("grammar.Rule(-1) is character-level")
	}
}
