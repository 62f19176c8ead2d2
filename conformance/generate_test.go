package conformance

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/grammar/bnf"
	"github.com/rfc2396/rfc2396/internal/oracle"
	grammar3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
)

func TestGenerateAgreesAndCovers(t *testing.T) {
	for _, tc := range []struct {
		std Standard
	}{
		{RFC2396},
		{RFC3986}, // path-absolute and path-empty are shadowed by path-abempty
	} {
		s, rep, err := Generate(Options{Standard: tc.std, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Disagreements) > 0 {
			t.Errorf("%s: parser and oracle disagree:\n%s", tc.std, strings.Join(rep.Disagreements, "\n"))
		}
		// An item may be missing only where the grammar itself hides it
		// from the first-derivation reading (an alternative an earlier one
		// shadows): that follows the grammar, and a grammar edit can add
		// such items (a toplabel that may start with a digit makes every
		// IPv4address a hostname too). Any other missing item is the
		// generator's failure.
		if len(rep.RulesWithout) > 0 {
			t.Errorf("%s: rules without cases of their own: %q", tc.std, rep.RulesWithout)
		}
		if diff := cmp.Diff(rep.Missing, rep.Shadowed); diff != "" {
			t.Errorf("%s: missing items that are not shadowed (-missing +shadowed):\n%s", tc.std, diff)
		}

		if len(s.Validity) < 1000 || len(s.Resolve) < 300 {
			t.Errorf("%s: suite too small: %d validity, %d resolve", tc.std, len(s.Validity), len(s.Resolve))
		}
		again, _, _ := Generate(Options{Standard: tc.std, Seed: 7})
		if diff := cmp.Diff(s, again); diff != "" {
			t.Errorf("%s: not deterministic:\n%s", tc.std, diff)
		}
	}
}

func TestCoverageDerivation(t *testing.T) {
	for _, tc := range []struct {
		std        Standard
		in         string
		want, not_ []string
	}{
		// server is authority's first alternative and wins when it fits.
		{RFC2396, "http://a.b/", []string{"authority/:alt1", "hostname/0:rep1", "server/:rep1"}, []string{"authority/:alt2"}},
		{RFC2396, "http://a~b/", []string{"authority/:alt2"}, []string{"authority/:alt1"}},
		{RFC2396, "g", []string{"URI-reference/0:rep1", "URI-reference/1:rep0", "rel_path/1:rep0"}, nil},
		{RFC3986, "http://[::1]/", []string{"host/:alt1", "IPv6address/:alt8"}, []string{"host/:alt3"}},
		{RFC3986, "//1.2.3.4", []string{"host/:alt2", "dec-octet/:alt1"}, nil},
	} {
		if !asPublished(t, tc.std, tc.in, append(tc.want, tc.not_...)) {
			t.Logf("%s %q: %s", tc.std, tc.in, oracle.NotHeld)
			continue
		}
		c, err := NewCoverage(tc.std, "")
		if err != nil {
			t.Fatal(err)
		}
		if !c.Add("URI-reference", tc.in) {
			t.Fatalf("%s %q: does not match", tc.std, tc.in)
		}
		got := map[string]bool{}
		for _, ic := range c.Counts() {
			if ic.Count > 0 {
				got[ic.ID] = true
			}
		}
		for _, w := range tc.want {
			if !got[w] {
				t.Errorf("%s %q: %s not exercised", tc.std, tc.in, w)
			}
		}
		for _, w := range tc.not_ {
			if got[w] {
				t.Errorf("%s %q: %s exercised", tc.std, tc.in, w)
			}
		}
	}
}

// asPublished reports whether a row about what ref exercises in the rules
// of the items ids ("authority/:alt1") holds under the grammar in force:
// it reads ref as the published grammar does, and defines those rules as
// it does.
func asPublished(t *testing.T, std Standard, ref string, ids []string) bool {
	t.Helper()
	var published, inForce []bnf.Definition
	var err error
	hold := oracle.NewFacts(0).Hold
	if std == RFC3986 {
		hold = oracle.NewFacts3986().Hold
		if published, err = oracle.PublishedDefinitions3986(); err == nil {
			inForce, err = bnf.ParseABNF(grammar3986.ABNF)
		}
	} else {
		published, err = oracle.PublishedDefinitions()
		inForce, _ = grammar.Definitions(0)
	}
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	for _, d := range published {
		lines[d.Name] = d.Line
	}
	for _, d := range inForce {
		for _, id := range ids {
			if strings.HasPrefix(id, d.Name+"/") && lines[d.Name] != d.Line {
				return false
			}
		}
	}
	return hold(ref)
}

func TestTSVEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://a/b", "http://a/b"},
		{"a\tb", `a\x09b`},
		{`a\b`, `a\x5Cb`},
		{"\x00é\x7f", `\x00\xC3\xA9\x7F`},
	} {
		got := TSVEscape(tc.in)
		if got != tc.want {
			t.Errorf("TSVEscape(%q) = %q, want %q", tc.in, got, tc.want)
		}
		back, err := TSVUnescape(got)
		if err != nil || back != tc.in {
			t.Errorf("TSVUnescape(%q) = %q, %v", got, back, err)
		}
	}
	if _, err := TSVUnescape(`a\x4`); err == nil {
		t.Error(`TSVUnescape("a\x4") did not fail`)
	}
}

// TestGradeBounds runs commands that misbehave: the grading must fail with
// an error, not hang or keep what they write.
func TestGradeBounds(t *testing.T) {
	t.Parallel() // mostly waiting on the hanging command's time-out
	s, _, err := Generate(Options{Standard: RFC2396, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		cmd  []string
		want string
	}{
		{"hang", []string{"sh", "-c", "sleep 30"}, "did not finish"},
		{"flood", []string{"sh", "-c", "yes '{}'"}, "more than"},
		{"short", []string{"sh", "-c", "read x; echo '{\"valid\":true}'"}, "answered 1 of"},
		{"missing", []string{"/nonexistent/parser"}, "no such file"},
	} {
		opts := DefaultGradeOptions(tc.cmd)
		opts.Timeout, opts.MaxOutput = time.Second, 1<<16
		_, err := RunGrade(context.Background(), s, opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	// A command that supports nothing is graded, not an error.
	g, err := RunGrade(context.Background(), s, DefaultGradeOptions([]string{"sh", "-c", "exit 3"}))
	if err != nil {
		t.Fatal(err)
	}
	if g.Full() || !g.Categories[0].Unsupported {
		t.Errorf("exit 3: categories %+v", g.Categories[0])
	}
}

// TestCommittedSuite reads the suite go generate commits and compares it
// with a fresh generation: ReadDir must read what WriteDir writes.
func TestCommittedSuite(t *testing.T) {
	got, err := ReadDir("../testdata/vectors/rfc3986")
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := Generate(Options{Standard: RFC3986, Seed: 2396})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("testdata/vectors/rfc3986 is stale; run go generate (-want +got):\n%s", diff)
	}
}

// TestEveryRuleHasCases: in each committed suite, every rule of the
// grammar that the parser can match alone has a valid and an invalid case
// checked against that rule itself, including the rules with no
// alternative or repetition for a coverage item to steer into (RFC 2396's
// abs_path and escaped, RFC 3986's IPv4address, path-empty and
// pct-encoded).
func TestEveryRuleHasCases(t *testing.T) {
	for _, std := range []Standard{RFC2396, RFC3986} {
		s, err := ReadDir("../testdata/vectors/" + string(std))
		if err != nil {
			t.Fatal(err)
		}
		st, err := newStd(s.Standard, s.Profile)
		if err != nil {
			t.Fatal(err)
		}
		valid, invalid := map[string]bool{}, map[string]bool{}
		for _, v := range s.Validity {
			if v.Valid {
				valid[v.Rule] = true
			} else {
				invalid[v.Rule] = true
			}
		}
		rules, lacking := 0, []string{}
		for _, d := range st.defs {
			if !st.catalogued(d.Name) {
				continue
			}
			rules++
			if !valid[d.Name] {
				lacking = append(lacking, d.Name+" (no valid case)")
			}
			if !invalid[d.Name] {
				lacking = append(lacking, d.Name+" (no invalid case)")
			}
		}
		want := map[Standard]int{RFC2396: grammar.NumRules, RFC3986: grammar3986.NumRules}[std]
		if rules != want {
			t.Errorf("%s: %d rules, want the %d of the grammar's catalogue", std, rules, want)
		}
		if len(lacking) > 0 {
			t.Errorf("%s: rules without cases of their own: %s", std, strings.Join(lacking, ", "))
		}
	}
}
