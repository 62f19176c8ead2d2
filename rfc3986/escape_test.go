package rfc3986_test

import (
	"errors"
	"flag"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3986/grammar"
)

var updateEscape = flag.Bool("update-escape", false, "rewrite the outputs in testdata/escape/escape.txt with what Escape gives")

// TestEscapeCases runs testdata/escape/escape.txt; go generate rewrites its
// outputs (-update-escape), so that a grammar edit shows there as a diff.
func TestEscapeCases(t *testing.T) {
	uritest.EscapeCases(t, "testdata/escape/escape.txt", *updateEscape, grammar.Lookup, rfc3986.Escape, escapeFailure, rfc3986.Match)
}

// escapeFailure reads the code and rule of an *EscapeError.
var escapeFailure = uritest.Field(func(e *rfc3986.EscapeError) uritest.Refusal[grammar.Rule] {
	return uritest.Refusal[grammar.Rule]{Code: e.Reason.Code(), Rule: e.Rule}
})

func TestUnescape(t *testing.T) {
	uritest.UnescapeTable(t, "testdata/unescape.txt", rfc3986.Unescape, unescapeOffset)
}

// FuzzEscape checks, for any bytes and every rule Escape supports, that
// the result matches the rule and Unescape gives the input back.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a b", "/a/b", "a:b", "%", "\xff\x00", "?#[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, rule := range rfc3986.EscapeRules() {
			got, err := rfc3986.Escape(s, rule)
			if err != nil {
				var eerr *rfc3986.EscapeError
				if !errors.As(err, &eerr) || eerr.Reason == rfc3986.EscapeUnsupportedRule {
					t.Fatalf("Escape(%q, %s): %v", s, rule, err)
				}
				continue
			}
			if err := rfc3986.Match(rule, got); err != nil {
				t.Fatalf("Escape(%q, %s) = %q, which does not match: %v", s, rule, got, err)
			}
			if back, err := rfc3986.Unescape(got); err != nil || back != s {
				t.Fatalf("Unescape(Escape(%q, %s)) = %q, %v", s, rule, back, err)
			}
		}
	})
}
