package explain

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	grammar "github.com/rfc2396/rfc2396/grammar/rfc3986"
	"github.com/rfc2396/rfc2396/internal/oracle3986"
)

// TestAgainstOracle checks every rule's automaton against the regular
// expressions the oracle generates from the same ABNF (a separate reading:
// RE2 over the ABNF's text, not Glushkov's construction): membership, and
// the offset of the first byte no string of the rule can have there, on
// derivations of each rule and mutations of them.
func TestAgainstOracle(t *testing.T) {
	o := oracle3986.New()
	g := oracle3986.NewGenerator(3986)
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		for i := 0; i < 300; i++ {
			s := g.Derive(r)
			if i%2 == 1 {
				s = g.Mutate(s)
			}
			want := o.Match(r, s)
			if got := Match(r, s); got != want {
				t.Fatalf("Match(%s, %q) = %v, the oracle says %v", r, s, got, want)
			}
			res := Explain(r, s)
			if res.Matched != want {
				t.Fatalf("Explain(%s, %q).Matched = %v, the oracle says %v", r, s, res.Matched, want)
			}
			if want {
				continue
			}
			if off := o.ViablePrefix(r, s); res.Offset != off {
				t.Fatalf("Explain(%s, %q).Offset = %d, the oracle says %d", r, s, res.Offset, off)
			}
		}
	}
}

// TestExplain checks the description of errors against the table in
// testdata/explain.txt: rule, input, offset, path, alternative path and
// expected.
func TestExplain(t *testing.T) {
	f, err := os.Open("testdata/explain.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 6 {
			t.Fatalf("explain.txt:%d: want 6 fields, got %d", n, len(fields))
		}
		rule, ok := grammar.Lookup(fields[0])
		if !ok {
			t.Fatalf("explain.txt:%d: no rule %q", n, fields[0])
		}
		in, err := strconv.Unquote(fields[1])
		if err != nil {
			t.Fatalf("explain.txt:%d: %v", n, err)
		}
		type row struct {
			Offset        int
			Path, AltPath string
			Expected      string
		}
		off, _ := strconv.Atoi(fields[2])
		want := row{off, fields[3], fields[4], fields[5]}
		res := Explain(rule, in)
		got := row{res.Offset, names(res.Path), names(res.AltPath), res.Expected}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("explain.txt:%d: Explain(%s, %q) (-want +got):\n%s", n, rule, in, diff)
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows == 0 {
		t.Fatal("explain.txt has no rows")
	}
}

func names(rules []grammar.Rule) string {
	var s []string
	for _, r := range rules {
		s = append(s, r.String())
	}
	return strings.Join(s, " ")
}

// TestEveryRuleHasATable checks that the generated tables cover every rule
// of the catalogue: a rule without one would have no start state.
func TestEveryRuleHasATable(t *testing.T) {
	for r := grammar.Rule(0); r < grammar.NumRules; r++ {
		if a := &automata[r]; a.Classes == 0 || len(a.States) == 0 {
			t.Errorf("%s has no automaton", r)
		}
	}
}

// TestMatchAllocatesNothing checks that Match and Explain run without
// allocating.
func TestMatchAllocatesNothing(t *testing.T) {
	in, bad := "http://user@[v7.x]:8080/a/b;p?q=1#frag", "http://user@[v7.x]:8080/a b"
	if n := testing.AllocsPerRun(100, func() { Match(grammar.RuleURIReference, in) }); n != 0 {
		t.Errorf("Match allocates %v times per run", n)
	}
	if n := testing.AllocsPerRun(100, func() { Explain(grammar.RuleURIReference, bad) }); n != 0 {
		t.Errorf("Explain allocates %v times per run", n)
	}
}

// FuzzExplain checks, for any rule and any input, that Explain agrees with
// Match and with the oracle, and that its offset lies in the input.
func FuzzExplain(f *testing.F) {
	for _, s := range []string{"http://a b/", "?y", "", "1.2.3.4", "%zz", "\xff\x00", "[::1", "v1.x"} {
		f.Add(uint8(grammar.RuleURIReference), s)
		f.Add(uint8(grammar.RuleIPv6address), s)
	}
	o := oracle3986.New()
	f.Fuzz(func(t *testing.T, n uint8, s string) {
		r := grammar.Rule(int(n) % grammar.NumRules)
		res := Explain(r, s)
		if res.Matched != Match(r, s) || res.Offset < 0 || res.Offset > len(s) || len(res.Path) == 0 || res.Path[0] != r || len(res.AltPath) == 0 || res.AltPath[0] != r {
			t.Fatalf("Explain(%s, %q) = %+v, Match %v", r, s, res, Match(r, s))
		}
		if want := o.Match(r, s); res.Matched != want {
			t.Fatalf("Explain(%s, %q).Matched = %v, the oracle says %v", r, s, res.Matched, want)
		}
		if !res.Matched {
			if off := o.ViablePrefix(r, s); off != res.Offset {
				t.Fatalf("Explain(%s, %q).Offset = %d, the oracle says %d", r, s, res.Offset, off)
			}
		}
	})
}
