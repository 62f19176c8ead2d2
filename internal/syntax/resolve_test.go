package syntax

import (
	"regexp"
	"testing"
)

// appendixB is the regular expression of RFC 3986 Appendix B, which splits
// a reference into its components without validating it.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`)

// spansOf splits ref by Appendix B into the spans a parser would give it.
func spansOf(t *testing.T, ref string) *ComponentSpans {
	t.Helper()
	m := appendixB.FindStringSubmatchIndex(ref)
	if m == nil {
		t.Fatalf("Appendix B does not split %q", ref)
	}
	var s ComponentSpans
	for _, g := range []struct {
		part  Part
		group int
	}{{Scheme, 2}, {Authority, 4}, {Path, 5}, {Query, 7}, {Fragment, 9}} {
		if m[2*g.group] >= 0 {
			s.Set(g.part, m[2*g.group], m[2*g.group+1])
		}
	}
	return &s
}

// TestTargetResolve checks the skeleton under both RFCs' rules against
// the base of both RFCs' examples: the target, written as the components
// recomposed with "|" between the directory and the path, and its kind.
func TestTargetResolve(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	rfc2396 := ResolveRules{QueryOnlyMerges: true}
	tests := []struct {
		base, ref string
		drop      bool
		rules     ResolveRules
		want      string
		kind      Kind
		dotted    bool
		emptyBase bool
	}{
		{base: base, ref: "g:h", want: "g:|h", kind: Whole},
		{base: base, ref: "http:g", drop: true, want: "http://a/b/c/|g", kind: RelativePath},
		{base: base, ref: "//g/./x", want: "http://g|/./x", kind: NetworkPath, dotted: true},
		{base: base, ref: "/g?y#s", want: "http://a|/g?y#s", kind: AbsolutePath},
		{base: base, ref: "../g", want: "http://a/b/c/|../g", kind: RelativePath, dotted: true},
		{base: base, ref: "g;x", want: "http://a/b/c/|g;x", kind: RelativePath},
		{base: base, ref: "", want: "http://a|/b/c/d;p?q", kind: SameDocument},
		{base: base, ref: "#s", want: "http://a|/b/c/d;p?q#s", kind: SameDocument},
		{base: base, ref: "#s", rules: rfc2396, want: "http://a|/b/c/d;p?q#s", kind: SameDocument},
		// RFC 3986 keeps the base's path for a query alone, RFC 2396
		// merges its empty path (Appendix C: "http://a/b/c/?y").
		{base: base, ref: "?y#f", want: "http://a|/b/c/d;p?y#f", kind: QueryOnly},
		{base: base, ref: "?y#f", rules: rfc2396, want: "http://a/b/c/|?y#f", kind: RelativePath},
		{base: "http://a", ref: "g", want: "http://a/|g", kind: RelativePath, emptyBase: true},
		{base: "http://a", ref: "?y", rules: rfc2396, want: "http://a|?y", kind: RelativePath},
		{base: "foo:a/b", ref: "c", want: "foo:a/|c", kind: RelativePath},
		{base: "foo:ab", ref: "./c", want: "foo:|./c", kind: RelativePath, dotted: true},
	}
	for _, tt := range tests {
		// Over a target left by another resolution: every field is set.
		got := Target{Dir: "/left/", Dotted: true, EmptyBasePath: true, Kind: Whole, Scheme: some("x")}
		got.Resolve(tt.base, spansOf(t, tt.base), tt.ref, spansOf(t, tt.ref), tt.drop, tt.rules)
		s := RecomposeJoined(got.Scheme, got.Authority, got.Dir+"|", got.Path, got.Query, got.Fragment)
		if s != tt.want || got.Kind != tt.kind || got.Dotted != tt.dotted || got.EmptyBasePath != tt.emptyBase {
			t.Errorf("Resolve(%q, %q, drop %v, %+v) = %q, kind %d, dotted %v, empty base %v; want %q, kind %d, dotted %v, empty base %v",
				tt.base, tt.ref, tt.drop, tt.rules, s, got.Kind, got.Dotted, got.EmptyBasePath, tt.want, tt.kind, tt.dotted, tt.emptyBase)
		}
	}
}

func TestMergeDir(t *testing.T) {
	tests := []struct {
		basePath  string
		rootEmpty bool
		want      string
		emptyBase bool
	}{
		{"/b/c/d;p", true, "/b/c/", false},
		{"a", false, "", false},
		{"", true, "/", true},
		{"", false, "", false},
	}
	for _, tt := range tests {
		dir, emptyBase := MergeDir(tt.basePath, tt.rootEmpty)
		if dir != tt.want || emptyBase != tt.emptyBase {
			t.Errorf("MergeDir(%q, %v) = %q, %v; want %q, %v", tt.basePath, tt.rootEmpty, dir, emptyBase, tt.want, tt.emptyBase)
		}
	}
}
