package parser

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// tokenTestSets are the sets of edits the parsers are compared under:
// Appendix A, every named profile's edits, every edit at once, and each of
// those without one of its edits (and without the edits that require
// it), as Needs asks the parser.
func tokenTestSets() []grammar.EditSet {
	var all grammar.EditSet
	for _, e := range grammar.Edits() {
		all = all.With(e)
	}
	base := []grammar.EditSet{0, all}
	for _, p := range grammar.Profiles() {
		base = append(base, p.Edits)
	}
	var sets []grammar.EditSet
	for _, s := range base {
		for _, t := range append([]grammar.EditSet{s}, withoutEach(s)...) {
			if !slices.Contains(sets, t) {
				sets = append(sets, t)
			}
		}
	}
	return sets
}

// withoutEach returns s without each of its edits, as Needs tries them.
func withoutEach(s grammar.EditSet) []grammar.EditSet {
	var out []grammar.EditSet
	for _, e := range s.Edits() {
		out = append(out, editsWithout(s, e))
	}
	return out
}

// TestTokenParsersAgree checks that Parse reads the same components
// whichever parser tokenParser is: the compact parser (natively) or the
// reference parser (in the playground's WebAssembly module, tokens_js.go).
// Under every set of edits of tokenTestSets, both accept the same
// references, and give the same tokens, in the same order, of the rules
// whose tokens fill reads (uritest.FillRules reads them from the switch
// of filler.token): fill, which ignores the other tokens, then makes the
// same URI from either. The
// inputs are the testdata, derivations of URI-reference under each set's
// grammar and mutations of them, and the benchmark corpus (its 1-in-25
// sample; the whole corpus with RFC2396_LONG=1).
func TestTokenParsersAgree(t *testing.T) {
	// fill reads the tokens of these rules and ignores the others.
	read := uritest.FillRules(t, "parse.go", "token", "../grammar/rules_gen.go")
	fillReads := func(r grammar.Rule) bool { return slices.Contains(read, int(r)) }
	refs := uritest.TestdataStrings(t,
		"../testdata/components.txt", "../testdata/invalid.txt", "../testdata/rfc-examples.txt",
		"testdata/match.txt", "testdata/profiles.txt", "testdata/normalize.txt", "testdata/relativize.txt")
	for _, e := range grammar.Edits() {
		refs = append(refs, e.Info().Example)
	}
	lines, _ := uritest.LoadCorpus(t, "..")
	if os.Getenv("RFC2396_LONG") == "" {
		lines = sample(lines, 25)
	}
	refs = append(refs, lines...)
	derivations := 200
	if testing.Short() {
		derivations = 20
	}
	for _, set := range tokenTestSets() {
		g := oracle.NewGeneratorFor(set, uint64(set)+1)
		inputs := slices.Clip(refs)
		for range derivations {
			s := g.Derive(grammar.RuleURIReference)
			inputs = append(inputs, s, g.Mutate(s))
		}
		compact, reference := new(editCompactParser), newEditReferenceParser()
		compact.SetEdits(set)
		reference.SetEdits(set)
		valid := uritest.SameTokens(t, fmt.Sprintf("edits %v, compact (-) and reference (+) parsers", set), compact, reference, grammar.RuleURIReference, inputs, fillReads)
		if set == 0 {
			// Strict Parse runs the compact parser of rfc2396.peg alone.
			uritest.SameTokens(t, "Appendix A, strict compact (-) and reference (+) parsers", compactParser(), reference, grammar.RuleURIReference, inputs, fillReads)
		}
		if valid == 0 {
			t.Errorf("edits %v: no valid reference among %d", set, len(inputs))
		}
		t.Logf("edits %v: %d references, %d valid", set, len(inputs), valid)
	}
}

// sample returns every n-th line.
func sample(lines []string, n int) []string {
	var out []string
	for i := 0; i < len(lines); i += n {
		out = append(out, lines[i])
	}
	return out
}

// compactParser is the strict compact parser, named apart from the local
// variable compact above.
func compactParser() *strictCompactParser { return new(strictCompactParser) }
