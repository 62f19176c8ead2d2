package rfc3987

import (
	"errors"
	"slices"
	"testing"
)

// FuzzResolve holds Resolve to its contract on any two strings: it never
// panics; a refusal is a *ResolveError; a result is an IRI (section 5.2
// run on IRIs gives an IRI) unless the warning says its path reads back
// as an authority.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"../../../g", "?y", "#s", "", "//g", "g;x=1/../y", "http:g", "a b", "é/../ü", "//[::1]/%C3%A9", "\xff"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("urn:a:b", "c")
	f.Add("http://é.example/ü/", "../ẞ?ä#ö")
	f.Fuzz(func(t *testing.T, base, ref string) {
		got, warnings, err := Resolve(base, ref)
		if err != nil {
			var rerr *ResolveError
			if !errors.As(err, &rerr) {
				t.Fatalf("Resolve(%q, %q): error %v of type %T", base, ref, err, err)
			}
			return
		}
		if slices.Contains(warnings, WarnPathReadsAsAuthority) {
			return
		}
		if _, err := Parse(got); err != nil {
			t.Fatalf("Resolve(%q, %q) = %q, warnings %v: not an IRI: %v", base, ref, got, warnings, err)
		}
	})
}

// FuzzRelativize checks that a relativized reference resolves back to the
// target exactly and without a warning, is no longer than the target, and
// that a refusal is a *ResolveError of relativize; a target refused as
// unreachable does not resolve to itself.
func FuzzRelativize(f *testing.F) {
	for _, s := range []string{"http://a/b/c/g", "http://a/b/c//x", "http://b/x", "http://a/b/c/g:h", "http://a/b/../g", "http://a", "mailto:x", "g", "http://a/b/c/é", "http://a/ü/../x"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("http://é.example/ü/v", "http://é.example/ü/w?ä")
	f.Add("foo:a/b", "foo:a/c")
	f.Fuzz(func(t *testing.T, base, target string) {
		r, err := Relativize(base, target)
		if err != nil {
			var rerr *ResolveError
			if !errors.As(err, &rerr) || rerr.Op != "relativize" {
				t.Fatalf("Relativize(%q, %q): error %v of type %T", base, target, err, err)
			}
			if rerr.Reason == UnreachableTarget {
				if got, w, err := Resolve(base, target); err == nil && got == target && len(w) == 0 {
					t.Fatalf("Relativize(%q, %q): %v, but the target resolves to itself", base, target, rerr)
				}
			}
			return
		}
		if len(r) > len(target) {
			t.Fatalf("Relativize(%q, %q) = %q, longer than the target", base, target, r)
		}
		back, warnings, err := Resolve(base, r)
		if err != nil || back != target || len(warnings) > 0 {
			t.Fatalf("Relativize(%q, %q) = %q, which resolves to %q, %v, %v", base, target, r, back, warnings, err)
		}
	})
}
