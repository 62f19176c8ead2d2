package parser_test

import (
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// TestResolveReferenceString holds URI.ResolveReferenceString and
// URI.AppendResolveReference to URI.ResolveReference for the corpus sample
// against bases of each kind, under each profile and each dot-segment
// policy.
func TestResolveReferenceString(t *testing.T) {
	refs := append(uritest.Sample(t, "../testdata/bench-sample.txt"), "g", "../../../g", "//x", ".//g", "http:g", "#f", "")
	bases := []string{"http://a/b/c/d;p?q", "http://a", "foo:/a", "mailto:x@y", "g"}
	for _, p := range parser.Profiles() {
		parsed := map[string]*parser.URI{}
		for _, s := range append(refs, bases...) {
			if u, err := p.Parse(s); err == nil {
				parsed[s] = u
			}
		}
		unparsed := func(base, ref string) bool { return parsed[base] == nil || parsed[ref] == nil }
		for _, opts := range [][]parser.ResolveOption{nil, {parser.DotDotAboveRoot(parser.RefuseDotDot)}, {parser.BackwardsCompatibleScheme()}} {
			readBack := func(base, ref string) (string, []parser.Warning, error) {
				u, warnings, err := parsed[base].ResolveReference(parsed[ref], opts...)
				return u.String(), warnings, err
			}
			uritest.SameResolutions(t, p.String(), bases, refs, unparsed, func(base, ref string) (string, []parser.Warning, error) {
				return parsed[base].ResolveReferenceString(parsed[ref], opts...)
			}, readBack)
			uritest.SameResolutions(t, p.String()+", appended", bases, refs, unparsed, uritest.Appended(func(buf []byte, base, ref string) ([]byte, []parser.Warning, error) {
				return parsed[base].AppendResolveReference(buf, parsed[ref], opts...)
			}), readBack)
		}
	}
}
