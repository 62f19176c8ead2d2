package report

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestBaseCache holds BaseCache.Resolve and Relativize to Profile's for the
// references of the corpus sample against bases valid and invalid, under
// each profile, with the cache kept across bases and profiles as a batch
// keeps it.
func TestBaseCache(t *testing.T) {
	sample, err := os.ReadFile("../../testdata/bench-sample.txt")
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
	sample, err := os.ReadFile("../../testdata/bench-sample.txt")
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
