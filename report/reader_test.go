package report

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
	"github.com/rfc2396/rfc2396/rfc3987"
)

// TestBaseCache holds BaseCache.Resolve and Relativize to Profile's for the
// references of the corpus sample against bases valid and invalid, under
// each profile, with the cache kept across bases and profiles as a batch
// keeps it.
func TestBaseCache(t *testing.T) {
	sample, err := os.ReadFile("../testdata/bench-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	refs := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	refs = append(refs, "?y", "../../../g", "http://[::1]/x", "a b", "")
	var c BaseCache
	for _, base := range []string{"http://a/b/c/d;p?q", "http://[::1]/a/b", "g/h", "http://a b/", "mailto:x@y"} {
		for _, p := range parser.Profiles() {
			for _, opts := range [][]parser.ResolveOption{nil, {parser.DotDotAboveRoot(parser.RemoveDotDot)}} {
				for _, ref := range refs {
					got, gotWarnings, gotErr := c.Resolve(p, base, ref, opts...)
					want, wantWarnings, wantErr := p.Resolve(base, ref, opts...)
					if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
						t.Fatalf("%s: Resolve(%q, %q) = %q, %v; want %q, %v", p, base, ref, got, gotErr, want, wantErr)
					}
					if diff := cmp.Diff(wantWarnings, gotWarnings); diff != "" {
						t.Fatalf("%s: Resolve(%q, %q) warnings (-want +got):\n%s", p, base, ref, diff)
					}
					got, gotErr = c.Relativize(p, base, ref)
					want, wantErr = p.Relativize(base, ref)
					if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
						t.Fatalf("%s: Relativize(%q, %q) = %q, %v; want %q, %v", p, base, ref, got, gotErr, want, wantErr)
					}
				}
			}
		}
	}
}

// TestGrammarReaderRelativize holds GrammarReader.Relativize, which keeps
// its base parsed, to rfc3986.Relativize for the references of the corpus
// sample against bases valid and invalid, the reader kept across bases as
// a batch keeps it.
func TestGrammarReaderRelativize(t *testing.T) {
	sample, err := os.ReadFile("../testdata/bench-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	refs := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	refs = append(refs, "http://a/b/c/g", "http://a/b/../c", "https://github.com/a/x", "http://[::1]/x", "a b", "")
	r := NewGrammarReader(rfc3986.Grammar())
	for _, base := range []string{"http://a/b/c/d;p?q", "https://github.com/a/b", "g/h", "http://a b/", "mailto:x@y", "http://a/b/c/d;p?q"} {
		for _, ref := range refs {
			got, gotErr := r.Relativize(base, ref)
			want, wantErr := rfc3986.Relativize(base, ref)
			if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
				t.Fatalf("Relativize(%q, %q) = %q, %v; want %q, %v", base, ref, got, gotErr, want, wantErr)
			}
		}
	}
}

// TestGrammarReaderEditRuleNames checks that a reader of a grammar with an
// edit names the rules the edit adds as the edit's grammar does, where the
// rule type's own String knows only the grammar as published: the rule
// LookupRule finds (parse's header and "rule" field), the nodes of Tree,
// and the rule of an error (Syntax, the JSON error's "rule").
func TestGrammarReaderEditRuleNames(t *testing.T) {
	g3986, err := rfc3986.Allow("zone-id")
	if err != nil {
		t.Fatal(err)
	}
	g3987, err := rfc3987.Allow("zone-id")
	if err != nil {
		t.Fatal(err)
	}
	for _, rd := range []Reader{NewGrammarReader(g3986), NewGrammarReader(g3987)} {
		for _, name := range []string{"ZoneID", "IPv6addrz", "IP-literal"} {
			ru, err := rd.LookupRule(name)
			if err != nil {
				t.Fatalf("%s: %v", rd.Standard(), err)
			}
			if ru.String() != name {
				t.Errorf("%s: LookupRule(%q) is named %q", rd.Standard(), name, ru.String())
			}
		}
		lit, _ := rd.LookupRule("IP-literal")
		tree, err := rd.Tree(lit, "[fe80::1%25en1]")
		if err != nil {
			t.Fatalf("%s: %v", rd.Standard(), err)
		}
		var names []string
		var walk func(*TreeNode)
		walk = func(n *TreeNode) {
			names = append(names, n.Rule)
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(tree)
		if want := []string{"IP-literal", "IPv6addrz", "IPv6address", "h16", "h16", "ZoneID", "unreserved", "unreserved", "unreserved"}; !slices.Equal(names, want) {
			t.Errorf("%s: the tree's rules are %q, want %q", rd.Standard(), names, want)
		}
		zone, _ := rd.LookupRule("IPv6addrz")
		res := rd.Read(zone, "fe80::1%25", false)
		var e interface {
			Syntax() (input string, offset int, rule, expected string)
		}
		if !errors.As(res.Err, &e) {
			t.Fatalf("%s: %v", rd.Standard(), res.Err)
		}
		if _, offset, rule, _ := e.Syntax(); offset != 10 || rule != "IPv6addrz" {
			t.Errorf("%s: the error is at %d in %q, want 10 in IPv6addrz: %v", rd.Standard(), offset, rule, res.Err)
		}
	}
}
