package rfc3986

import (
	"os"
	"testing"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// TestTokenParsersAgree checks that Parse reads the same components
// whichever parser tokens runs: the compact parser (natively) or the
// reference parser (in the playground's WebAssembly module, tokens_js.go).
// Both accept the same references, and give the same tokens, in the same
// order, of the rules that have a role (roles, grammar.go): Parts.Token,
// which ignores the other tokens, then makes the same URI from either. The inputs are the testdata of both
// RFCs, derivations of URI-reference and of its parts in context
// (oracle.Contexts3986) and mutations of them, and the benchmark corpus
// (its 1-in-25 sample; the whole corpus with RFC2396_LONG=1).
func TestTokenParsersAgree(t *testing.T) {
	// The components are read from the tokens of the rules with a role.
	fillReads := func(r grammar.Rule) bool { return roles[r] != uri.NoRole }
	refs := uritest.TestdataStrings(t,
		"../testdata/rfc3986/components.txt", "../testdata/rfc3986/invalid.txt",
		"../testdata/rfc3986/resolve-5.4.txt", "../testdata/rfc3986/resolve-more.txt",
		"../testdata/components.txt", "../testdata/invalid.txt", "../testdata/rfc-examples.txt",
		"testdata/match.txt", "testdata/normalize.txt", "testdata/relativize.txt")
	lines, _ := uritest.LoadCorpus(t, "..")
	if os.Getenv("RFC2396_LONG") == "" {
		for i := 0; i < len(lines); i += 25 {
			refs = append(refs, lines[i])
		}
	} else {
		refs = append(refs, lines...)
	}
	derivations := 2000
	if testing.Short() {
		derivations = 200
	}
	g := oracle.NewGenerator3986(1)
	for range derivations {
		s := g.Derive(grammar.RuleURIReference)
		refs = append(refs, s, g.Mutate(s))
	}
	for _, c := range oracle.Contexts3986 {
		for range derivations / 10 {
			s := c.Before + g.Derive(c.Rule) + c.After
			refs = append(refs, s, g.Mutate(s))
		}
	}
	compact, reference := new(grammar.Parser), grammar.NewReferenceParser()
	valid := uritest.SameTokens(t, "compact (-) and reference (+) parsers", compact, reference, grammar.RuleURIReference, refs, fillReads)
	t.Logf("%d references, %d valid", len(refs), valid)
}
