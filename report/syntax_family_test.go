package report

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
	"github.com/rfc2396/rfc2396/rfc6570"
	"github.com/rfc2396/rfc2396/rfc8141"
	"github.com/rfc2396/rfc2396/rfc9112"
	"github.com/rfc2396/rfc2396/uri"
)

// TestSyntaxErrorFamily reads the syntax error of every grammar through
// one interface, uri.SyntaxError, with errors.As, as the tools do: RFC
// 2396's *parser.Error, the core's *uri.Error and the faces' own errors
// that wrap it say the same input, offset, rule and expectation as their
// own fields, and SyntaxOf the hint of their RFC's words.
func TestSyntaxErrorFamily(t *testing.T) {
	type said struct {
		Input    string
		Offset   int
		Rule     string
		Expected string
		Hint     string
	}
	for _, c := range []struct {
		name  string
		parse func(string) error
		in    string
		want  said
	}{
		{"rfc2396", func(s string) error { _, err := parser.Parse(s); return err }, "http://a b/",
			said{"http://a b/", 8, "server", `uric, "#" or end of input`, "it must be escaped"}},
		{"rfc2396 resolve", func(s string) error { _, _, err := parser.Resolve("http://a/", s); return err }, "a b",
			said{"a b", 1, "rel_segment", "", "it must be escaped"}},
		{"rfc3986", func(s string) error { _, err := rfc3986.Parse(s); return err }, "http://a b/",
			said{"http://a b/", 8, "", "", "it must be percent-encoded"}},
		{"rfc3987", func(s string) error { _, err := rfc3987.Parse(s); return err }, "http://a b/",
			said{"http://a b/", 8, "", "", "it must be percent-encoded"}},
		{"rfc9112", func(s string) error { _, err := rfc9112.Parse(s); return err }, "/a b",
			said{"/a b", 2, "", "", "it must be percent-encoded"}},
		{"rfc8141", func(s string) error { _, err := rfc8141.Parse(s); return err }, "urn:ab:x",
			said{"urn:ab:x", 4, "", "", "it must be percent-encoded"}},
		{"rfc6570", func(s string) error { _, err := rfc6570.Parse(s); return err }, "{a b}",
			said{"{a b}", 2, "", "", "it must be percent-encoded"}},
	} {
		err := c.parse(c.in)
		var se uri.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s %q: %T is no uri.SyntaxError, nor wraps one", c.name, c.in, err)
			continue
		}
		var got said
		got.Input, got.Offset, got.Rule, got.Expected = se.Syntax()
		s, ok := SyntaxOf(err)
		if !ok || s.Input != got.Input || s.Offset != got.Offset || s.Rule != got.Rule || s.Expected != got.Expected {
			t.Errorf("%s %q: SyntaxOf = %+v, %v; Syntax says %+v", c.name, c.in, s, ok, got)
		}
		got.Hint = s.Hint
		// The rule and the expectation are each grammar's own words,
		// checked where the grammar is: here, that they are said.
		if c.want.Rule == "" {
			if got.Rule == "" {
				t.Errorf("%s %q: no rule", c.name, c.in)
			}
			got.Rule, got.Expected = "", ""
		}
		if c.want.Expected == "" {
			got.Expected = ""
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", c.name, c.in, diff)
		}
	}
}
