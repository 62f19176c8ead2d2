package uritest

import (
	"fmt"
	"testing"

	"github.com/rfc2396/rfc2396/internal/automaton"
)

// Rule is what the checks need of a grammar's rule type: a number below
// the catalogue's size, with a name.
type Rule interface {
	~int
	fmt.Stringer
}

// Automata is an explain package as its tests see it: its automata, the
// oracle and generator of the same grammar, and its catalogue. Each
// explain package fills one in; its methods are the package's tests.
type Automata[R Rule] struct {
	Engine    Engine[R]
	Oracle    Oracle[R]
	Generator Generator[R]
	// NumRules is the size of the catalogue; Lookup finds a rule by name.
	NumRules int
	Lookup   func(name string) (R, bool)
	// Start is the rule of whole references (URI-reference): the rule of
	// the corpus and of the allocation checks.
	Start R
	// Valid and Invalid are strings of Start and not of Start that Match
	// and Explain must read without allocating.
	Valid, Invalid string
	// Root is the repository's root from the package's directory ("../.."
	// for rfc3986/grammar), where the benchmark corpus's sample is.
	Root string
}

// explainTable is the table of explained errors of every explain package,
// from its directory; go generate rewrites its expectations
// (internal/automaton's CheckExplainTable).
const explainTable = "testdata/explain.txt"

// derivations is how many strings of each rule, half of them mutated,
// [Automata.Test] checks against the oracle.
const derivations = 300

// Test runs, as subtests, [checkGrammar] over the whole catalogue with
// testdata/explain.txt, and checks that Match and Explain allocate nothing
// on p.Valid and p.Invalid.
func (p Automata[R]) Test(t *testing.T) {
	checkGrammar(t, p.Engine, p.Oracle, p.Generator, p.NumRules, derivations, explainTable, p.Lookup)
	t.Run("AllocatesNothing", func(t *testing.T) {
		for _, s := range []string{p.Valid, p.Invalid} {
			if n := testing.AllocsPerRun(100, func() { p.Engine.Match(p.Start, s) }); n != 0 {
				t.Errorf("Match(%v, %q) allocates %v times per run", p.Start, s, n)
			}
			if n := testing.AllocsPerRun(100, func() { p.Engine.Explain(p.Start, s) }); n != 0 {
				t.Errorf("Explain(%v, %q) allocates %v times per run", p.Start, s, n)
			}
		}
	})
}

// Fuzz is the body of an explain package's fuzz target: for any rule
// (the fuzzer's byte, modulo the catalogue's size) and any input, [checkExplain].
// Each seed is added for p.Start and for rule.
func (p Automata[R]) Fuzz(f *testing.F, rule R, seeds ...string) {
	for _, s := range seeds {
		f.Add(uint8(p.Start), s)
		f.Add(uint8(rule), s)
	}
	f.Fuzz(func(t *testing.T, n uint8, s string) {
		checkExplain(t, p.Engine, p.Oracle, R(int(n)%p.NumRules), s)
	})
}

// AutomataTables is what an explain package generates for its automata, and the
// automata built on demand that the playground's WebAssembly module runs
// in their place.
type AutomataTables[R Rule] struct {
	// Blob is the embedded tables.bin, Index the index written as Go
	// beside it, Automata the tables read from it.
	Blob     string
	Index    automaton.TablesIndex
	Automata []automaton.Table[R]
	// Lazy is the package's automata built on demand.
	Lazy *automaton.LazySet[R]
}

// TestTables runs, as subtests, [checkBlob] over tb, a check that every rule
// of the catalogue has a table (a rule without one would have no start
// state), and [sameAsLazy] on tb.Lazy, with the lines of
// testdata/explain.txt and of files (see [explainInputs]; paths from the
// package's directory) and the benchmark corpus.
func (p Automata[R]) TestTables(t *testing.T, tb AutomataTables[R], files ...string) {
	rules := rulesBelow[R](p.NumRules)
	t.Run("Blob", func(t *testing.T) { checkBlob(t, tb.Blob, tb.Index, tb.Automata, rules) })
	t.Run("EveryRuleHasATable", func(t *testing.T) {
		for _, r := range rules {
			if int(r) >= len(tb.Automata) {
				t.Fatalf("%s has no automaton", r)
			}
			if a := &tb.Automata[r]; a.Classes == 0 || len(a.States) == 0 {
				t.Errorf("%s has no automaton", r)
			}
		}
	})
	t.Run("LazyAgainstTables", func(t *testing.T) {
		sameAsLazy(t, p.Engine, tb.Lazy, p.NumRules, p.Start, p.Root, explainInputs(t, append([]string{explainTable}, files...)...))
	})
}
