package parser

import (
	"os"
	"slices"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// TestReferenceVM holds editReferenceVM, the playground module's parser of
// the union grammar (Parse's and ParseTree's there: tokens_js.go), to
// editReferenceParser, which peg compiles from the same file: the same
// rules, and under each set of edits tokenTestSets gives (some of them
// without RFC2396_LONG), for every rule,
// the same verdict and the same tokens (every rule's) on the testdata, a
// sample of the corpus, the spans each rule took in them, derivations
// and mutations.
func TestReferenceVM(t *testing.T) {
	seeds := uritest.TestdataStrings(t,
		"../testdata/components.txt", "../testdata/invalid.txt", "../testdata/rfc-examples.txt",
		"testdata/match.txt", "testdata/profiles.txt")
	for _, e := range grammar.Edits() {
		seeds = append(seeds, e.Info().Example)
	}
	lines, _ := uritest.LoadCorpus(t, "..")
	// Without RFC2396_LONG each rule runs on a fiftieth of the inputs,
	// the corpus is sampled, fewer derivations are made, and the sets of
	// edits are Appendix A's, all edits and each named profile's.
	step, every, derivations := 200, 50, 3
	sets := []grammar.EditSet{0}
	for _, e := range grammar.Edits() {
		sets[0] = sets[0].With(e)
	}
	sets = append(sets, 0)
	for _, p := range grammar.Profiles() {
		if !slices.Contains(sets, p.Edits) {
			sets = append(sets, p.Edits)
		}
	}
	if os.Getenv("RFC2396_LONG") != "" {
		// Every set of edits Needs tries, on twice the inputs of the short
		// run and a hundredth of the corpus (a fifth of the inputs and a
		// twentieth of the corpus under every set took 7.5 minutes of CPU
		// time; every input, far longer than CI's long run can give it).
		step, every, derivations, sets = 100, 25, 10, tokenTestSets()
	}
	seeds = append(seeds, sample(lines, step)...)
	ref, vm := newEditReferenceParser(), newEditReferenceVM()
	for rule := range grammar.Rule(grammar.NumAllRules) {
		if ref.Has(rule) != vm.Has(rule) {
			t.Errorf("rule %v: Has %v by peg's parser, %v by the VM", rule, ref.Has(rule), vm.Has(rule))
		}
	}
	for _, set := range sets {
		ref.SetEdits(set)
		vm.SetEdits(set)
		if vm.Edits() != set {
			t.Errorf("edits %v: the VM has %v", set, vm.Edits())
		}
		inputs := slices.Clone(seeds)
		for _, s := range seeds {
			if ref.Match(s, grammar.RuleURIReference) {
				for _, tok := range uritest.TokensOf[grammar.Rule](ref, nil) {
					inputs = append(inputs, s[tok.Begin:tok.End])
				}
			}
		}
		slices.Sort(inputs)
		inputs = slices.Compact(inputs)
		g := oracle.NewGeneratorFor(set, uint64(set)+1)
		valid := 0
		for rule := range grammar.Rule(grammar.NumAllRules) {
			if !ref.Has(rule) {
				continue
			}
			var in []string
			for i := int(rule) % every; i < len(inputs); i += every {
				in = append(in, inputs[i], g.Mutate(inputs[i]))
			}
			for range derivations {
				s := g.Derive(rule)
				in = append(in, s, g.Mutate(s))
			}
			valid += uritest.SameTokens(t, "edits "+set.String()+", "+rule.String()+": peg's (-) and the VM's (+) parsers", ref, vm, rule, in, nil)
		}
		if valid == 0 {
			t.Errorf("edits %v: no valid input", set)
		}
	}
}
