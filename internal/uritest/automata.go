// This file holds the checks that the automata of both RFCs
// (package parser, rfc3986/grammar) run in their tests:
// against the oracle of regular expressions generated from the same
// grammar, and against a table of explained errors in testdata. It is
// imported only by tests.

package uritest

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/automaton"
)

// Oracle decides membership in a rule's language, and the length of the
// longest prefix of s that some string of the language starts with, by an
// engine other than the automata (internal/oracle: Oracle, Oracle3986).
type Oracle[R any] interface {
	Match(rule R, s string) bool
	ViablePrefix(rule R, s string) int
}

// Generator makes strings of a rule's language, and mutations of them.
type Generator[R any] interface {
	Derive(rule R) string
	Mutate(s string) string
}

// Engine is what an explain package offers: whole-string matching, and the
// explanation of where a string leaves a rule's language.
type Engine[R any] struct {
	Match   func(rule R, s string) bool
	Explain func(rule R, s string) automaton.Explanation[R]
}

// checkExplain checks one string against the oracle: Explain agrees with Match
// and with the oracle's verdict, its offset lies in s and is the oracle's
// first impossible byte, and both paths start at rule.
func checkExplain[R comparable](t testing.TB, e Engine[R], o Oracle[R], rule R, s string) {
	t.Helper()
	res := e.Explain(rule, s)
	if m := e.Match(rule, s); res.Matched != m {
		t.Fatalf("Explain(%v, %q).Matched = %v, Match says %v", rule, s, res.Matched, m)
	}
	if res.Offset < 0 || res.Offset > len(s) || len(res.Path) == 0 || res.Path[0] != rule || len(res.AltPath) == 0 || res.AltPath[0] != rule {
		t.Fatalf("Explain(%v, %q) = %+v", rule, s, res)
	}
	if want := o.Match(rule, s); res.Matched != want {
		t.Fatalf("Explain(%v, %q).Matched = %v, the oracle says %v", rule, s, res.Matched, want)
	}
	if !res.Matched {
		if off := o.ViablePrefix(rule, s); off != res.Offset {
			t.Fatalf("Explain(%v, %q).Offset = %d, the oracle says %d", rule, s, res.Offset, off)
		}
	}
}

// againstOracle runs checkExplain on n derivations of each rule, every other one
// mutated.
func againstOracle[R comparable](t testing.TB, e Engine[R], o Oracle[R], g Generator[R], rules []R, n int) {
	t.Helper()
	for _, r := range rules {
		for i := 0; i < n; i++ {
			s := g.Derive(r)
			if i%2 == 1 {
				s = g.Mutate(s)
			}
			checkExplain(t, e, o, r, s)
		}
	}
}

// explainRows checks Explain against the rows of the file at path: tab-separated
// rule, input (Go-quoted), offset, path (rule names from the start rule
// down, separated by spaces), alternative path, expected. Lines that are
// empty or start with "#" are comments. lookup finds a rule by name.
func explainRows[R fmt.Stringer](t *testing.T, e Engine[R], path string, lookup func(name string) (R, bool)) {
	t.Helper()
	f, err := os.Open(path)
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
			t.Fatalf("%s:%d: want 6 fields, got %d", path, n, len(fields))
		}
		rule, ok := lookup(fields[0])
		if !ok {
			t.Fatalf("%s:%d: no rule %q", path, n, fields[0])
		}
		in, err := strconv.Unquote(fields[1])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		type row struct {
			Offset        int
			Path, AltPath string
			Expected      string
		}
		off, err := strconv.Atoi(fields[2])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		want := row{off, fields[3], fields[4], fields[5]}
		res := e.Explain(rule, in)
		got := row{res.Offset, ruleNames(res.Path), ruleNames(res.AltPath), res.Expected}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s:%d: Explain(%s, %q) (-want +got):\n%s", path, n, rule, in, diff)
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows == 0 {
		t.Fatalf("%s has no rows", path)
	}
}

func ruleNames[R fmt.Stringer](rules []R) string {
	s := make([]string, len(rules))
	for i, r := range rules {
		s[i] = r.String()
	}
	return strings.Join(s, " ")
}

// rulesBelow returns the rules 0 to n-1 of a catalogue.
func rulesBelow[R ~int](n int) []R {
	rules := make([]R, n)
	for i := range rules {
		rules[i] = R(i)
	}
	return rules
}

// checkGrammar runs the checks that every grammar's automata get, as subtests:
// AgainstOracle, [againstOracle] over the first numRules rules with n
// derivations each, and Explain, [explainRows] over the file at table.
func checkGrammar[R interface {
	~int
	fmt.Stringer
}](t *testing.T, e Engine[R], o Oracle[R], g Generator[R], numRules, n int, table string, lookup func(name string) (R, bool)) {
	t.Run("AgainstOracle", func(t *testing.T) { againstOracle(t, e, o, g, rulesBelow[R](numRules), n) })
	t.Run("Explain", func(t *testing.T) { explainRows(t, e, table, lookup) })
}

// checkBlob checks a package's embedded tables as the package does not at
// start-up: the blob's header (its layout version, its length, its
// directory) gives index, the index written as Go beside it, and every
// entry of every one of the tables is in range, so that no input can make
// Match or Explain read outside the blob.
func checkBlob[R fmt.Stringer](t *testing.T, blob string, index automaton.TablesIndex, tables []automaton.Table[R], rules []R) {
	t.Helper()
	idx, err := automaton.ReadTablesIndex(blob, len(rules))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(index, idx); diff != "" {
		t.Errorf("the index in tables_gen.go and tables.bin's own (-Go +blob):\n%s", diff)
	}
	if len(tables) != len(rules) {
		t.Fatalf("%d tables for %d rules", len(tables), len(rules))
	}
	for i := range tables {
		if err := tables[i].Verify(); err != nil {
			t.Errorf("%s: %v", rules[i], err)
		}
	}
}

// sameEngines checks that two engines of the same grammar give the same answers:
// for each rule and each input, the same Match and the same Explain (the
// verdict, the offset, both paths and the expectation). The explain
// packages run it on their tables against the automata built on demand
// that the playground's WebAssembly module uses instead.
func sameEngines[R comparable](t testing.TB, want, got Engine[R], rules []R, inputs []string) {
	t.Helper()
	for _, r := range rules {
		for _, s := range inputs {
			w, g := want.Explain(r, s), got.Explain(r, s)
			if diff := cmp.Diff(w, g); diff != "" {
				t.Fatalf("Explain(%v, %q) (-want +got):\n%s", r, s, diff)
			}
			if m := got.Match(r, s); m != want.Match(r, s) {
				t.Fatalf("Match(%v, %q) = %v, want %v", r, s, m, !m)
			}
		}
	}
}

// explainInputs returns inputs for [sameEngines]: the lines of the files (as they are,
// whatever their format: any string is an input), each followed by its
// prefixes cut at every byte where the line has a delimiter of URI
// syntax, so that the runs end in the middle of every component too.
func explainInputs(t testing.TB, files ...string) []string {
	t.Helper()
	var out []string
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			out = append(out, line)
			for i := 0; i < len(line); i++ {
				if strings.IndexByte(":/?#[]@%.;=&", line[i]) >= 0 {
					out = append(out, line[:i])
				}
			}
		}
	}
	return out
}

// sameAsLazy checks that the on-demand automata of set give the answers of
// tables (the generated tables of the same grammar): for every rule below
// numRules on inputs, and on the benchmark corpus (root is the
// repository's root from the test's package) for start, or for every rule
// with RFC2396_LONG=1.
func sameAsLazy[R ~int](t *testing.T, tables Engine[R], set *automaton.LazySet[R], numRules int, start R, root string, inputs []string) {
	t.Helper()
	lazy := Engine[R]{
		Match:   func(r R, s string) bool { return set.Get(r).Match(s) },
		Explain: func(r R, s string) automaton.Explanation[R] { return set.Get(r).Explain(s) },
	}
	all := rulesBelow[R](numRules)
	sameEngines(t, tables, lazy, all, inputs)
	lines, _ := LoadCorpus(t, root)
	rules := []R{start}
	if os.Getenv("RFC2396_LONG") != "" {
		rules = all
	}
	sameEngines(t, tables, lazy, rules, lines)
}
