package conformance

import (
	"testing"
)

// FuzzCoverageMatcher checks the coverage matcher against the oracle: a
// string matches URI-reference for the matcher exactly when it does for the
// oracle's regular expressions, and every matched string credits exactly
// one alternative of URI-reference's fragment option.
func FuzzCoverageMatcher(f *testing.F) {
	for _, s := range []string{"", "http://a/b?c#d", "a b", "//[::1]", "mailto:x@y", "../g;x?y#s", "%zz", "http://u@h:80/"} {
		f.Add(s)
	}
	c2396, _ := NewCoverage(RFC2396, "")
	c3986, _ := NewCoverage(RFC3986, "")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return
		}
		for _, c := range []*Coverage{c2396, c3986} {
			ok, _ := c.std.oracleMatch("URI-reference", s)
			used, matched := c.used("URI-reference", s)
			if matched != ok {
				t.Fatalf("%s %q: matcher %v, oracle %v", c.std.name, s, matched, ok)
			}
			if !matched {
				continue
			}
			frag := 0
			for _, i := range used {
				if it := c.items[i]; it.Rule == "URI-reference" && it.Kind == RepetitionItem && it.node == c.std.byName["URI-reference"].Body.Children[len(c.std.byName["URI-reference"].Body.Children)-1] {
					frag++
				}
			}
			if c.std.name == RFC2396 && frag != 1 {
				t.Fatalf("%q: the fragment option credited %d times", s, frag)
			}
		}
	})
}

// FuzzTSV checks that TSVUnescape undoes TSVEscape and that an escaped
// field has no tab, line end or byte outside printable US-ASCII.
func FuzzTSV(f *testing.F) {
	f.Add("a\tb\\c\x00é")
	f.Fuzz(func(t *testing.T, s string) {
		e := TSVEscape(s)
		for i := 0; i < len(e); i++ {
			if e[i] < 0x20 || e[i] > 0x7e {
				t.Fatalf("TSVEscape(%q) = %q has byte %#x", s, e, e[i])
			}
		}
		back, err := TSVUnescape(e)
		if err != nil || back != s {
			t.Fatalf("TSVUnescape(TSVEscape(%q)) = %q, %v", s, back, err)
		}
	})
}
