package rfc8141

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc8141/grammar"
)

// TestTokenParsersAgree checks what the playground's module relies on
// (tokenParser in tokens_js_gen.go): on every string of the package's testdata and each
// of its prefixes, the reference parser accepts the namestrings the
// compact parser accepts and gives the same tokens, in the same order, of
// the rules Parse reads (its case clauses, read from urn.go).
func TestTokenParsersAgree(t *testing.T) {
	reads := map[grammar.Rule]bool{}
	for _, r := range uritest.FillRules(t, "urn.go", "Parse", "grammar/rules_gen.go") {
		reads[grammar.Rule(r)] = true
	}
	var inputs []string
	for _, s := range uritest.TestdataStrings(t, "testdata/valid.txt", "testdata/invalid.txt", "testdata/equivalent.txt", "testdata/normalize.txt") {
		for i := 1; i <= len(s); i++ {
			inputs = append(inputs, s[:i])
		}
	}
	valid := uritest.SameTokens(t, "compact (-) and reference (+) parsers", new(grammar.Parser), grammar.NewReferenceParser(), grammar.RuleNamestring, inputs, func(r grammar.Rule) bool { return reads[r] })
	if valid == 0 {
		t.Error("no input is a namestring; no tokens were compared")
	}
	t.Logf("%d inputs, %d valid", len(inputs), valid)
}
