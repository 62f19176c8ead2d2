package rfc3986_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestResolveReferenceString holds URI.ResolveReferenceString to Resolve
// for the corpus sample against bases of each kind, with and without
// BackwardsCompatibleScheme.
func TestResolveReferenceString(t *testing.T) {
	refs := append(uritest.Sample(t, "../testdata/bench-sample.txt"), "g", "../../../g", "//x", ".//g", "http:g", "#f", "", "..//g")
	bases := []string{"http://a/b/c/d;p?q", "http://a", "foo:/a", "foo:a/b", "mailto:x@y", "g"}
	invalid := func(base, ref string) bool { return !rfc3986.Valid(base) || !rfc3986.Valid(ref) }
	for _, opts := range [][]rfc3986.ResolveOption{nil, {rfc3986.BackwardsCompatibleScheme()}} {
		parsed := func(base, ref string) (string, []rfc3986.Warning, error) {
			var b, r rfc3986.URI
			if err := rfc3986.ParseInto(&b, base); err != nil {
				return "", nil, err
			}
			if err := rfc3986.ParseInto(&r, ref); err != nil {
				return "", nil, err
			}
			return b.ResolveReferenceString(&r, opts...)
		}
		strings := func(base, ref string) (string, []rfc3986.Warning, error) { return rfc3986.Resolve(base, ref, opts...) }
		uritest.SameResolutions(t, "rfc3986", bases, refs, invalid, parsed, strings)
	}
}
