package rfc3986_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/rfc2396/rfc2396/rfc3986"
)

// FuzzResolve checks, for any base and reference, that Resolve does not
// panic, that a result is a valid URI with no dot segments in a path that
// starts with "/", and that resolving the result against the base again
// gives the result.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"../../../g", "?y", "#s", "", "//g", "g;x=1/../y", "http:g", "a b"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("urn:a:b", "c")
	f.Fuzz(func(t *testing.T, base, ref string) {
		got, warnings, err := rfc3986.Resolve(base, ref)
		if err != nil {
			var rerr *rfc3986.ResolveError
			if !errors.As(err, &rerr) {
				t.Fatalf("Resolve(%q, %q): error %v of type %T", base, ref, err, err)
			}
			return
		}
		u, err := rfc3986.Parse(got)
		if slices.Contains(warnings, rfc3986.WarnPathReadsAsAuthority) {
			// The path that starts with "//" reads back as an authority,
			// or not at all ("a://:x/g"): that is what the warning says.
			if err == nil && !u.Authority().Defined {
				t.Fatalf("Resolve(%q, %q) = %q with warnings %v", base, ref, got, warnings)
			}
			return
		}
		for _, w := range warnings {
			if w != rfc3986.WarnRootlessPathMadeAbsolute || (err == nil && !strings.HasPrefix(u.Path(), "/")) {
				t.Fatalf("Resolve(%q, %q) = %q with warning %s", base, ref, got, w.Code())
			}
		}
		if err != nil {
			t.Fatalf("Resolve(%q, %q) = %q, which does not parse: %v", base, ref, got, err)
		}
		// Section 5.2.2 removes dot segments from every target path except
		// the base's own, taken as is when the reference has no path.
		r, _ := rfc3986.Parse(ref)
		if r.Path() != "" && strings.HasPrefix(u.Path(), "/") && rfc3986.RemoveDotSegments(u.Path()) != u.Path() {
			t.Errorf("Resolve(%q, %q) = %q keeps dot segments", base, ref, got)
		}
	})
}

// FuzzNormalize checks that Normalize gives a valid reference and is
// idempotent.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"HTTP://A:80/./b/../c?%7e", "http://[::A]/", "a:b/../c", "%2e%2E/a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := rfc3986.Normalize(s)
		if err != nil {
			return
		}
		if !rfc3986.Valid(n) {
			t.Fatalf("Normalize(%q) = %q, not a URI-reference", s, n)
		}
		if again, err := rfc3986.Normalize(n); err != nil || again != n {
			t.Fatalf("Normalize(%q) = %q, then %q, %v", s, n, again, err)
		}
	})
}
