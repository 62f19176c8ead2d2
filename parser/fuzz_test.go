package parser_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
)

// FuzzParse checks that Parse never panics, that a valid reference
// recomposes to itself, and that an error is a *parser.Error whose offset
// lies in the input; and that Match, Valid and Resolve agree with Parse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"http://www.ics.uci.edu/pub/ietf/uri/#Related", "?y", "", "#", "//", "http://h:/", "http://a_b:80/",
		"mailto:a?b#c", "http://1.2.3.4.example.com./", "http://[::1]/", "a b", "\xff", "%", "g;x=1/../y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := parser.Parse(s)
		if parser.Valid(s) != (err == nil) {
			t.Fatalf("Valid(%q) = %v, Parse error %v", s, !(err == nil), err)
		}
		if (parser.Match(grammar.RuleURIReference, s) == nil) != (err == nil) {
			t.Fatalf("Match and Parse disagree on %q: %v", s, err)
		}
		if err != nil {
			var perr *parser.Error
			if !errors.As(err, &perr) || perr.Offset < 0 || perr.Offset > len(s) {
				t.Fatalf("Parse(%q): error %#v", s, err)
			}
			_ = perr.Error()
			// The rendering shows a bounded window of the input: four
			// lines, the input line at most 120 bytes (each shown in up
			// to 4 characters) and the dots.
			lines := strings.Split(perr.ErrorWithPosition(), "\n")
			if len(lines) != 4 || len(lines[1]) > 2+3+4*120+3 || len(lines[2]) > len(lines[1])+1 {
				t.Fatalf("ErrorWithPosition(%q) =\n%s", s, perr.ErrorWithPosition())
			}
			return
		}
		if u.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, u.String())
		}
		if _, _, err := parser.Resolve("http://a/b/c/d;p?q", s); err != nil {
			var rerr *parser.ResolveError
			if !errors.As(err, &rerr) || rerr.Reason != parser.Unrepresentable {
				t.Fatalf("Resolve(base, %q): %v", s, err)
			}
		}
	})
}
