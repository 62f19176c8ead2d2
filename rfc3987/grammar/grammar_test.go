package grammar_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/rfc3987/grammar"
)

// TestCatalogue checks the catalogue against RFC 3987 section 2.2: its 39
// rules in the RFC's order (the 25 that differ from RFC 3986's, then the
// 14 the section lists as the same), IRI-reference the zero Rule, and
// each name found by its RFC and its PEG spelling.
func TestCatalogue(t *testing.T) {
	want := []string{
		"IRI", "ihier-part", "IRI-reference", "absolute-IRI", "irelative-ref", "irelative-part",
		"iauthority", "iuserinfo", "ihost", "ireg-name", "ipath", "ipath-abempty", "ipath-absolute",
		"ipath-noscheme", "ipath-rootless", "ipath-empty", "isegment", "isegment-nz", "isegment-nz-nc",
		"ipchar", "iquery", "ifragment", "iunreserved", "ucschar", "iprivate",
		"scheme", "port", "IP-literal", "IPvFuture", "IPv6address", "h16", "ls32", "IPv4address",
		"dec-octet", "pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims",
	}
	if diff := cmp.Diff(want, grammar.Names()); diff != "" {
		t.Errorf("Names() (-section 2.2 +got):\n%s", diff)
	}
	if grammar.Rule(0) != grammar.RuleIRIReference || grammar.RuleIRIReference.String() != "IRI-reference" {
		t.Errorf("the zero Rule is %v", grammar.Rule(0))
	}
	for _, name := range want {
		r, ok := grammar.Lookup(name)
		if !ok || r.String() != name {
			t.Errorf("Lookup(%q) = %v, %t", name, r, ok)
		}
		if r2, ok := grammar.Lookup(r.Info().PEGName); !ok || r2 != r {
			t.Errorf("Lookup(%q) = %v, %t; want %v", r.Info().PEGName, r2, ok, r)
		}
		if r.Info().Section != "2.2" {
			t.Errorf("%s: section %q, want 2.2", name, r.Info().Section)
		}
	}
	if _, ok := grammar.Lookup("URI-reference"); ok {
		t.Error("Lookup found RFC 3986's URI-reference in RFC 3987's catalogue")
	}
	// Character level, as gen works it out from the languages: one
	// character (of any length in UTF-8) or one percent-encoding.
	var level []string
	for _, name := range want {
		if r, _ := grammar.Lookup(name); r.IsCharacterLevel() {
			level = append(level, name)
		}
	}
	wantLevel := []string{"ipchar", "iunreserved", "ucschar", "iprivate", "pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims"}
	if diff := cmp.Diff(wantLevel, level); diff != "" {
		t.Errorf("character-level rules (-want +got):\n%s", diff)
	}
	if r := grammar.Rule(grammar.NumRules); r.String() != "Rule(invalid)" || r.Info().Name != "" {
		t.Errorf("Rule(NumRules) = %q, %+v", r.String(), r.Info())
	}
}

// TestDefinitions checks that the syntax trees gen writes as Go are those
// the ABNF reader makes of ABNF, IRI-reference first, with the core rules.
func TestDefinitions(t *testing.T) {
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	want := bnf.WithCore(defs)
	i := slices.IndexFunc(want, func(d bnf.Definition) bool { return d.Name == "IRI-reference" })
	start := want[i]
	want = append([]bnf.Definition{start}, slices.Delete(want, i, i+1)...)
	got := grammar.Definitions()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Definitions() differs from bnf.WithCore(bnf.ParseABNF(ABNF)), IRI-reference first (-want +got):\n%s", diff)
	}
	got[0] = bnf.Definition{}
	if grammar.Definitions()[0].Name != "IRI-reference" {
		t.Error("a caller's change to the slice reached the next caller")
	}
}

func ExampleLookup() {
	r, ok := grammar.Lookup("iquery")
	fmt.Println(r, ok, r.Info().ABNF)
	// Output: iquery true iquery = *( ipchar / iprivate / "/" / "?" )
}
