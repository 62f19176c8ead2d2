package format_test

import (
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/format"
)

// FuzzCheckers checks, for any bytes, that no checker panics, that every
// error is of its format's type with an offset inside the string, and the
// inclusions the RFCs make: a URI is a URI-reference, an IRI an
// IRI-reference, a URI an IRI (RFC 3987 section 2: every URI is an IRI)
// and a URI-reference an IRI-reference; a string with a newline is of no
// format.
func FuzzCheckers(f *testing.F) {
	for _, s := range []string{"", "http://a/b?c#d", "g;x?y#s", "http://r\u00e9sum\u00e9.example.org", "http://a/\u202e",
		"{+path}/here", "a'b", "http://a/\n", "%E2%80%AE", "\xff", "http://[v7.fe]/", "{a:0}"} {
		f.Add(s)
	}
	checkers := format.Checkers()
	f.Fuzz(func(t *testing.T, s string) {
		valid := map[string]bool{}
		for name, check := range checkers {
			err := check(s)
			valid[name] = err == nil
			if err == nil {
				continue
			}
			w, werr := whereOf(name, err)
			if werr != nil {
				t.Fatalf("%s(%q): %v", name, s, werr)
			}
			if w.Offset < 0 || w.Offset > len(s) {
				t.Fatalf("%s(%q): offset %d outside the string: %v", name, s, w.Offset, err)
			}
			if err.Error() == "" {
				t.Fatalf("%s(%q): empty message", name, s)
			}
		}
		implies := func(a, b string) {
			if valid[a] && !valid[b] {
				t.Fatalf("%q is a valid %s but not a valid %s: %v", s, a, b, checkers[b](s))
			}
		}
		implies("uri", "uri-reference")
		implies("iri", "iri-reference")
		implies("uri", "iri")
		implies("uri-reference", "iri-reference")
		if strings.ContainsAny(s, "\n\r") {
			for name, ok := range valid {
				if ok {
					t.Fatalf("%s(%q) is valid, but no grammar has a newline", name, s)
				}
			}
		}
	})
}
