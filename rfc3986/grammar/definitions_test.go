package grammar_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// TestDefinitions checks that the syntax trees gen writes as Go are those
// the ABNF reader makes of ABNF, with the core rules, and that the caller's
// slice is its own.
func TestDefinitions(t *testing.T) {
	defs, err := bnf.ParseABNF(grammar.ABNF)
	if err != nil {
		t.Fatal(err)
	}
	// In the order of the rules' numbers: URI-reference first.
	want := bnf.WithCore(defs)
	if start := want[2]; start.Name == "URI-reference" {
		want = append([]bnf.Definition{start}, slices.Delete(want, 2, 3)...)
	}
	got := grammar.Definitions()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Definitions() differs from bnf.WithCore(bnf.ParseABNF(ABNF)), URI-reference first (-want +got):\n%s", diff)
	}
	if len(got) <= grammar.NumRules {
		t.Errorf("%d definitions: no core rule after the %d of Appendix A", len(got), grammar.NumRules)
	}
	got[0] = bnf.Definition{}
	if grammar.Definitions()[0].Name != "URI-reference" {
		t.Error("a caller's change to the slice reached the next caller")
	}
}
