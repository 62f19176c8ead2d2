package rfc3986_test

import (
	"flag"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

// FuzzEscape checks, for any bytes and every rule Escape supports, that
// the result matches the rule and Unescape gives the input back, or that
// Escape refuses the input for a reason other than the rule
// ([uritest.Escaping.RoundTrip]).
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a b", "/a/b", "a:b", "%", "\xff\x00", "?#[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, rule := range rfc3986.EscapeRules() {
			if refused, ok := percent.RoundTrip(t, s, rule); !ok && refused.Reason == rfc3986.EscapeUnsupportedRule {
				t.Fatalf("Escape(%q, %s): %v, for a rule of EscapeRules", s, rule, refused)
			}
		}
	})
}

// percent is Escape and Unescape, with how to read their errors, for the
// checks of package uritest.
var percent = uritest.Escaping[grammar.Rule, *rfc3986.EscapeError]{
	Lookup: grammar.Lookup, Match: rfc3986.Match, Escape: rfc3986.Escape, Unescape: rfc3986.Unescape, Offset: unescapeOffset,
	Refused: func(e *rfc3986.EscapeError) (string, grammar.Rule) { return e.Reason.Code(), e.Rule },
}

var updateEscape = flag.Bool("update-escape", false, "rewrite the outputs in testdata/escape/escape.txt with what Escape gives")

// TestEscapeCases holds Escape and Unescape to their tables,
// testdata/escape/escape.txt and testdata/unescape.txt; after a grammar
// edit, go generate rewrites escape.txt's outputs (-update-escape).
func TestEscapeCases(t *testing.T) {
	percent.Tables(t, "testdata", *updateEscape)
}
