package parser_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// TestResolveReferenceString holds URI.ResolveReferenceString to
// URI.ResolveReference for the corpus sample against bases of each kind,
// under each profile and each dot-segment policy.
func TestResolveReferenceString(t *testing.T) {
	refs := uritest.Sample(t, "../testdata/bench-sample.txt")
	refs = append(refs, "g", "../../../g", "//x", ".//g", "http:g", "#f", "")
	for _, p := range parser.Profiles() {
		for _, base := range []string{"http://a/b/c/d;p?q", "http://a", "foo:/a", "mailto:x@y", "g"} {
			b, err := p.Parse(base)
			if err != nil {
				continue
			}
			for _, opts := range [][]parser.ResolveOption{nil, {parser.DotDotAboveRoot(parser.RefuseDotDot)}, {parser.BackwardsCompatibleScheme()}} {
				for _, ref := range refs {
					r, err := p.Parse(ref)
					if err != nil {
						continue
					}
					got, gotWarnings, gotErr := b.ResolveReferenceString(r, opts...)
					u, wantWarnings, wantErr := b.ResolveReference(r, opts...)
					if got != u.String() || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
						t.Fatalf("%s: %q against %q: ResolveReferenceString = %q, %v; ResolveReference %q, %v", p, ref, base, got, gotErr, u, wantErr)
					}
					if diff := cmp.Diff(wantWarnings, gotWarnings); diff != "" {
						t.Fatalf("%s: %q against %q: warnings (-ResolveReference +ResolveReferenceString):\n%s", p, ref, base, diff)
					}
				}
			}
		}
	}
}
