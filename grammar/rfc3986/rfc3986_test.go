package rfc3986_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/grammar/rfc3986"
)

func TestCatalogueMatchesABNF(t *testing.T) {
	defs, err := bnf.ParseABNF(rfc3986.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != rfc3986.NumRules {
		t.Fatalf("%d rules in the ABNF, NumRules = %d", len(defs), rfc3986.NumRules)
	}
	for i, d := range defs {
		info := rfc3986.Rule(i).Info()
		if info.Name != d.Name || info.ABNF != d.Line || info.Section == "" {
			t.Errorf("rule %d: catalogue %+v, ABNF %q", i, info, d.Line)
		}
		// Uses: the catalogue rules the definition names, each once, in
		// order of first appearance.
		var uses []rfc3986.Rule
		var walk func(n *bnf.Node)
		walk = func(n *bnf.Node) {
			if r, ok := rfc3986.Lookup(n.Text); ok && n.Kind == bnf.RuleRef && !slices.Contains(uses, r) {
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
	if uses := rfc3986.RuleAuthority.Info().Uses; !slices.Equal(uses, []rfc3986.Rule{rfc3986.RuleUserinfo, rfc3986.RuleHost, rfc3986.RulePort}) {
		t.Errorf("authority uses %v", uses)
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		want rfc3986.Rule
		ok   bool
	}{
		{"URI-reference", rfc3986.RuleURIReference, true},
		{"URI_reference", rfc3986.RuleURIReference, true},
		{"IP-literal", rfc3986.RuleIPLiteral, true},
		{"absolute-URI", rfc3986.RuleAbsoluteURI, true},
		{"ipv6address", 0, false},
		{"hostname", 0, false},
	}
	for _, tt := range tests {
		got, ok := rfc3986.Lookup(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Lookup(%q) = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	if s := rfc3986.Rule(99).String(); s != "Rule(invalid)" {
		t.Errorf("Rule(99).String() = %q", s)
	}
	if n := len(rfc3986.Names()); n != 36 {
		t.Errorf("%d names", n)
	}
}

func ExampleRule_Info() {
	info := rfc3986.RuleDecOctet.Info()
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
	for r := rfc3986.Rule(0); r < rfc3986.NumRules; r++ {
		if r.IsCharacterLevel() {
			got = append(got, r.String())
		}
	}
	want := []string{"pchar", "pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims"}
	if !slices.Equal(got, want) {
		t.Errorf("character-level rules: got %v, want %v", got, want)
	}
	if rfc3986.Rule(-1).IsCharacterLevel() {
		t.Error("rfc3986.Rule(-1) is character-level")
	}
}
