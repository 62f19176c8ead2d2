package rfc9112

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc9112/grammar"
)

// TestTokenParsersAgree checks what the playground's module relies on
// (tokenParser in tokens_js_gen.go): on every string of the package's testdata and each
// of its prefixes, read as a request-target and as each form, the
// reference parser accepts what the compact parser accepts and gives the
// same tokens, in the same order, of the rules parse reads (its case
// clauses, read from target.go).
func TestTokenParsersAgree(t *testing.T) {
	reads := map[grammar.Rule]bool{}
	for _, r := range uritest.FillRules(t, "target.go", "parse", "grammar/rules_gen.go") {
		reads[grammar.Rule(r)] = true
	}
	var inputs []string
	for _, s := range uritest.TestdataStrings(t, "testdata/valid.txt", "testdata/invalid.txt") {
		for i := 1; i <= len(s); i++ {
			inputs = append(inputs, s[:i])
		}
	}
	compact, reference := new(grammar.Parser), grammar.NewReferenceParser()
	for _, rule := range append([]grammar.Rule{grammar.RuleRequestTarget}, formRules[OriginForm:]...) {
		valid := uritest.SameTokens(t, rule.String()+", compact (-) and reference (+) parsers", compact, reference, rule, inputs, func(r grammar.Rule) bool { return reads[r] })
		if valid == 0 {
			t.Errorf("%s: no input is one; no tokens were compared", rule)
		}
		t.Logf("%s: %d inputs, %d valid", rule, len(inputs), valid)
	}
}
