package rfc3986_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// TestResolveReferenceString holds URI.ResolveReferenceString and
// URI.AppendResolveReference to Resolve for the corpus sample against
// bases of each kind, with and without BackwardsCompatibleScheme.
func TestResolveReferenceString(t *testing.T) {
	refs := append(uritest.Sample(t, "../testdata/bench-sample.txt"), "g", "../../../g", "//x", ".//g", "http:g", "#f", "", "..//g")
	bases := []string{"http://a/b/c/d;p?q", "http://a", "foo:/a", "foo:a/b", "mailto:x@y", "g"}
	invalid := func(base, ref string) bool { return !rfc3986.Valid(base) || !rfc3986.Valid(ref) }
	parse := func(base, ref string) (b, r rfc3986.URI, err error) {
		if err = rfc3986.ParseInto(&b, base); err == nil {
			err = rfc3986.ParseInto(&r, ref)
		}
		return b, r, err
	}
	for _, opts := range [][]rfc3986.ResolveOption{nil, {rfc3986.BackwardsCompatibleScheme()}} {
		asString := func(base, ref string) (string, []rfc3986.Warning, error) {
			b, r, err := parse(base, ref)
			if err != nil {
				return "", nil, err
			}
			return b.ResolveReferenceString(&r, opts...)
		}
		// AppendResolveReference must keep what the buffer held.
		appended := uritest.Appended(func(buf []byte, base, ref string) ([]byte, []rfc3986.Warning, error) {
			b, r, err := parse(base, ref)
			if err != nil {
				return buf, nil, err
			}
			return b.AppendResolveReference(buf, &r, opts...)
		})
		fromStrings := func(base, ref string) (string, []rfc3986.Warning, error) { return rfc3986.Resolve(base, ref, opts...) }
		uritest.SameResolutions(t, "ResolveReferenceString", bases, refs, invalid, asString, fromStrings)
		uritest.SameResolutions(t, "AppendResolveReference", bases, refs, invalid, appended, fromStrings)
	}
}
