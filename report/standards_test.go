package report

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/parser"
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

// TestRFC2396AsEveryStandard asks RFC 2396 what a tool asks every
// standard, and checks its answers against packages grammar and parser:
// its edits, its rules under a profile, and a match.
func TestRFC2396AsEveryStandard(t *testing.T) {
	s, err := LookupStandard(StandardRFC2396)
	if err != nil {
		t.Fatal(err)
	}
	var codes, got []string
	for _, e := range grammar.Edits() {
		codes = append(codes, e.Code())
	}
	for _, e := range s.Edits() {
		got = append(got, e.Name)
		if e.ABNF || e.Spec == "" || e.Doc == "" {
			t.Errorf("edit %s: %+v, want a document, a summary and no engines of its own", e.Name, e)
		}
	}
	if diff := cmp.Diff(codes, got); diff != "" {
		t.Errorf("edits (-want +got):\n%s", diff)
	}
	strict, err := s.RulesUnder("strict")
	if err != nil {
		t.Fatal(err)
	}
	if len(strict) != grammar.NumRules || strict[0].Name != "URI-reference" || strict[0].Section != "4" || strict[0].Spec != "" {
		t.Errorf("strict: %d rules, the first %+v; want Appendix A's %d, URI-reference first (section 4)", len(strict), strict[0], grammar.NumRules)
	}
	rfc2732, err := s.RulesUnder("rfc2732")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]uri.RuleInfo{}
	for _, r := range rfc2732 {
		byName[r.Name] = r
	}
	if r := byName["hexpart"]; r.Spec != "RFC 2373" || r.Section != "Appendix B" {
		t.Errorf("rfc2732's hexpart: %+v, want RFC 2373 Appendix B", r)
	}
	if r := byName["host"]; r.Spec != "RFC 2732" || r.Section != "3" || !strings.Contains(r.ABNF, "IPv6reference") {
		t.Errorf("rfc2732's host: %+v, want RFC 2732's line of section 3", r)
	}
	if _, err := s.RulesUnder("nope"); err == nil {
		t.Error(`RulesUnder("nope"): no error`)
	}
	if err := s.Match("hostname", "a.example"); err != nil {
		t.Errorf("Match(hostname, a.example): %v", err)
	}
	var perr *parser.Error
	if err := s.Match("hostname", "a_b"); !errors.As(err, &perr) {
		t.Errorf("Match(hostname, a_b): %v, want a *parser.Error", err)
	}
	if err := s.Match("nope", "x"); err == nil || errors.As(err, &perr) {
		t.Errorf("Match(nope, x): %v, want an error naming the rule", err)
	}
}
