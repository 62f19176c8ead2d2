package rfc3986_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/oracle3986"
	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestResolveReferenceString holds URI.ResolveReferenceString to Resolve
// for the corpus sample against bases of each kind, with and without
// BackwardsCompatibleScheme.
func TestResolveReferenceString(t *testing.T) {
	refs := uritest.Sample(t, "../testdata/bench-sample.txt")
	refs = append(refs, "g", "../../../g", "//x", ".//g", "http:g", "#f", "", "..//g")
	facts := oracle3986.NewFacts()
	for _, base := range []string{"http://a/b/c/d;p?q", "http://a", "foo:/a", "foo:a/b", "mailto:x@y", "g"} {
		if !facts.Hold(base) {
			t.Logf("base %q: %s", base, oracle.NotHeld)
			continue
		}
		var b rfc3986.URI
		if err := rfc3986.ParseInto(&b, base); err != nil {
			t.Fatal(err)
		}
		for _, opts := range [][]rfc3986.ResolveOption{nil, {rfc3986.BackwardsCompatibleScheme()}} {
			for _, ref := range refs {
				var r rfc3986.URI
				if rfc3986.ParseInto(&r, ref) != nil {
					continue
				}
				got, gotWarnings, gotErr := b.ResolveReferenceString(&r, opts...)
				want, wantWarnings, wantErr := rfc3986.Resolve(base, ref, opts...)
				if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
					t.Fatalf("%q against %q: ResolveReferenceString = %q, %v; Resolve %q, %v", ref, base, got, gotErr, want, wantErr)
				}
				if diff := cmp.Diff(wantWarnings, gotWarnings); diff != "" {
					t.Fatalf("%q against %q: warnings (-Resolve +ResolveReferenceString):\n%s", ref, base, diff)
				}
			}
		}
	}
}
