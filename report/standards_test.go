package report

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/uri"
)

// TestStandardABNF checks that the ABNF a standard's grammar value holds
// is grammar/NAME.abnf's, rule for rule, and that its component roles name
// rules of it, for a grammar whose strings have a scheme.
func TestStandardABNF(t *testing.T) {
	for _, st := range Standards() {
		if st.ParserProfiles() {
			continue
		}
		file, err := os.ReadFile(filepath.Join("..", "grammar", st.Name+".abnf"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := bnf.ParseABNF(string(file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := bnf.ParseABNF(st.ABNF())
		if err != nil {
			t.Fatalf("%s: %v", st.Name, err)
		}
		line := func(ds []bnf.Definition) []string {
			var out []string
			for _, d := range ds {
				out = append(out, d.Line)
			}
			return out
		}
		if diff := cmp.Diff(line(want), line(got)); diff != "" {
			t.Errorf("%s: the grammar value's ABNF is not grammar/%s.abnf's (-file +value):\n%s", st.Name, st.Name, diff)
		}
		if st.RoleRule(uri.RoleScheme) == "" {
			continue // a grammar of no URI references (rfc8141's URNs)
		}
		for _, role := range []uri.Role{uri.RoleAuthority, uri.RoleHostIPLiteral, uri.RoleHostIPv4, uri.RoleHostRegName} {
			if st.RoleRule(role) == "" {
				t.Errorf("%s: no rule has role %d", st.Name, role)
			}
		}
	}
}

// TestStandardCoreRules checks that the core rules a standard reports are
// those bnf.WithCore adds to its ABNF, in the same order, name for name
// and line for line: the playground lists them from CoreRules, without
// the ABNF reader.
func TestStandardCoreRules(t *testing.T) {
	for _, st := range Standards() {
		if st.ParserProfiles() {
			if got := st.CoreRules(); got != nil {
				t.Errorf("%s: CoreRules = %v, want none", st.Name, got)
			}
			continue
		}
		defs, err := bnf.ParseABNF(st.ABNF())
		if err != nil {
			t.Fatalf("%s: %v", st.Name, err)
		}
		type nameLine struct{ Name, Line string }
		pairs := func(ds []bnf.Definition) []nameLine {
			var out []nameLine
			for _, d := range ds {
				out = append(out, nameLine{d.Name, d.Line})
			}
			return out
		}
		want := pairs(bnf.WithCore(defs)[len(defs):])
		if len(want) == 0 {
			t.Errorf("%s: its ABNF uses no core rule; the check compares nothing", st.Name)
		}
		if diff := cmp.Diff(want, pairs(st.CoreRules())); diff != "" {
			t.Errorf("%s: CoreRules are not the core rules its ABNF uses (-WithCore +CoreRules):\n%s", st.Name, diff)
		}
	}
}
