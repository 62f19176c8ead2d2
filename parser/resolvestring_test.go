package parser_test

import (
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/internal/uritest"
	"github.com/rfc2396/rfc2396/parser"
)

// TestResolveReferenceString holds URI.ResolveReferenceString and
// URI.AppendResolveReference to URI.ResolveReference for the corpus sample against bases of each kind,
// under each profile and each dot-segment policy.
func TestResolveReferenceString(t *testing.T) {
	refs := uritest.Sample(t, "../testdata/bench-sample.txt")
	refs = append(refs, "g", "../../../g", "//x", ".//g", "http:g", "#f", "")
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
			asString := func(base, ref string) (string, []parser.Warning, error) {
				return parsed[base].ResolveReferenceString(parsed[ref], opts...)
			}
			readBack := func(base, ref string) (string, []parser.Warning, error) {
				u, warnings, err := parsed[base].ResolveReference(parsed[ref], opts...)
				return u.String(), warnings, err
			}
			appended := func(base, ref string) (string, []parser.Warning, error) {
				out, warnings, err := parsed[base].AppendResolveReference([]byte("held:"), parsed[ref], opts...)
				if rest, ok := strings.CutPrefix(string(out), "held:"); ok {
					return rest, warnings, err
				}
				return "the buffer's bytes were lost: " + string(out), warnings, err
			}
			uritest.SameResolutions(t, p.String(), bases, refs, unparsed, asString, readBack)
			uritest.SameResolutions(t, p.String()+", appended", bases, refs, unparsed, appended, readBack)
		}
	}
}
