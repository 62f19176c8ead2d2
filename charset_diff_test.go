package rfc2396_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

var updateCharsetDiff = flag.Bool("update-charset-diff", false, "rewrite testdata/rfc3986/charset-diff.txt")

// charsetContexts places one character inside a component of an otherwise
// valid reference; the character counts only when the parser reads it as
// part of that component (so "http://a@b@h/" does not put "@" in RFC 2396's
// userinfo: it is a registry-based authority there).
var charsetContexts = []struct {
	component, before, after string
	part                     string // the component's accessor
}{
	{"scheme (after the first letter)", "a", "b:/p", "scheme"},
	{"userinfo", "http://a", "b@h/", "userinfo"},
	{"host", "http://a", "b/", "host"},
	{"port", "http://h:8", "0/", "port"},
	{"path segment", "http://h/a", "b", "path"},
	{"first segment of a relative path", "a", "b", "path"},
	{"query", "http://h/?a", "b", "query"},
	{"fragment", "http://h/#a", "b", "fragment"},
}

// parts2396 and parts3986 return the components of a parse by name.
func parts2396(u *parser.URI) map[string]string {
	return map[string]string{"scheme": u.Scheme().Value, "userinfo": u.UserInfo().Value, "host": u.Host().Value,
		"port": u.Port().Value, "path": u.Path(), "query": u.Query().Value, "fragment": u.Fragment().Value}
}

func parts3986(u *rfc3986.URI) map[string]string {
	return map[string]string{"scheme": u.Scheme().Value, "userinfo": u.UserInfo().Value, "host": u.Host().Value,
		"port": u.Port().Value, "path": u.Path(), "query": u.Query().Value, "fragment": u.Fragment().Value}
}

// TestCharsetDiff tabulates, per component, the printable ASCII characters
// (and space) that one RFC allows there literally and the other does not,
// by running both parsers, and compares the table with
// testdata/rfc3986/charset-diff.txt (docs/rfc3986.md, "Character by character").
func TestCharsetDiff(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Characters allowed literally in a component by one RFC and not the other,\n")
	b.WriteString("# found by parsing \"before\" + c + \"after\" with parser.Parse (RFC 2396) and\n")
	b.WriteString("# rfc3986.Parse for every c from 0x20 to 0x7e and \"%41\" (go test -run CharsetDiff\n")
	b.WriteString("# -update-charset-diff rewrites it). component TAB only RFC 2396 TAB only RFC 3986\n")
	for _, ctx := range charsetContexts {
		var only2396, only3986 []string
		var tokens []string
		for c := byte(0x20); c < 0x7f; c++ {
			tokens = append(tokens, string(c))
		}
		tokens = append(tokens, "%41") // an escape (RFC 2396) or percent-encoding (RFC 3986)
		for _, tok := range tokens {
			s := ctx.before + tok + ctx.after
			ok2396, ok3986 := false, false
			if u, err := parser.Parse(s); err == nil {
				ok2396 = strings.Contains(parts2396(u)[ctx.part], tok)
			}
			if u, err := rfc3986.Parse(s); err == nil {
				ok3986 = strings.Contains(parts3986(u)[ctx.part], tok)
			}
			switch {
			case ok2396 && !ok3986:
				only2396 = append(only2396, fmt.Sprintf("%q", tok))
			case ok3986 && !ok2396:
				only3986 = append(only3986, fmt.Sprintf("%q", tok))
			}
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\n", ctx.component, strings.Join(only2396, " "), strings.Join(only3986, " "))
	}
	const golden = "testdata/rfc3986/charset-diff.txt"
	if *updateCharsetDiff {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("%s (-file +computed):\n%s", golden, diff)
	}
}
