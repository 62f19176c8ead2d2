package uri_test

import (
	"testing"

	"errors"

	"github.com/rfc2396/rfc2396/internal/oracle"
	"github.com/rfc2396/rfc2396/internal/syntax"
	"github.com/rfc2396/rfc2396/internal/uritest"
)

// TestReachable checks that the candidates Relativize does not try, or
// rules out before parsing them (mayResolveTo), could not have
// been the answer: for every target of the corpus sample (and a few of
// each kind) against each base, no candidate of relativeCandidates shorter
// than Relativize's answer resolves back to the target, and a target
// reported unreachable is reached by none.
func TestReachable(t *testing.T) {
	targets := uritest.Sample(t, "../testdata/bench-sample.txt")
	targets = append(targets, "http://a/b/c/g", "http://a/x", "http://A/b", "https://a/b/c/d;p?q#f", "http://b/b/c/d", "http://a", "foo:/a/c", "foo:a", "mailto:x@y#f", "http://a/b/../c", "https://x/./y")
	bases := []string{"http://a/b/c/d;p?q", "http://a/b/c/", "https://github.com/a/b", "http://A/b", "file:///usr/share/doc/", "foo:/a/b", "mailto:x@y"}
	relativizeEach(t, bases, targets, 1000, func(base, target string, b, tu *URI, got string, err error) {
		all := relativeCandidates(b, tu, true)
		for _, c := range all.Refs() {
			if err == nil && len(c) >= len(got) {
				continue
			}
			var r URI
			if ParseInto(&r, c) != nil {
				continue
			}
			if res, ws := resolveParsed(b, &r, resolveConfig{}); res == target && len(ws) == 0 {
				t.Errorf("Relativize(%q, %q) = %q, %v, but %q resolves to it", base, target, got, err, c)
			}
		}
	})
}

// relativizeOneByOne is Relativize as it was before candidates were ruled
// out without parsing them: every candidate of relativeCandidates, shortest
// first, parsed and resolved, the first that gives target without a
// warning ("" when none does).
func relativizeOneByOne(b, t *URI) string {
	c := relativeCandidates(b, t, true)
	if b.Scheme() != t.Scheme() {
		c = syntax.NewCandidates(t.String(), "", false, "", false)
		c.AddWhole(t.String())
	}
	c.Sort()
	for _, cand := range c.List {
		var r URI
		if ParseInto(&r, cand.Ref) != nil {
			continue
		}
		if got, ws := resolveParsed(b, &r, resolveConfig{}); got == t.String() && len(ws) == 0 {
			return cand.Ref
		}
	}
	return ""
}

// TestRelativizeOneByOne holds Relativize to relativizeOneByOne for the
// corpus sample and targets made to defeat the shortcuts (dot segments in
// the base or the target, an empty base path, rootless paths) against
// bases of each kind.
func TestRelativizeOneByOne(t *testing.T) {
	targets := uritest.Sample(t, "../testdata/bench-sample.txt")
	targets = append(targets, "http://a/b/c/g", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a/b/c/d;p?y", "http://a/b/c/?q",
		"http://a/b/c/", "http://a/b/", "http://a/", "http://a", "http://a?q", "http://a#f", "http://a/../g", "http://a/b/../c", "http://a/b/./c",
		"http://a/b/c/.", "http://a/b/c/..", "http://a//x", "http://a/b//c", "http://a/b/c/g:h", "http://a/b/c/d;p/e", "http://[::1]/b/c",
		"foo:/a/c", "foo:/a/b", "foo://a/b", "foo:a/c", "foo:c", "foo://g", "foo:/.//g", "mailto:x@y#f", "mailto:x@y", "file:///usr/share/doc/x",
		"file:///usr/x", "file://h/usr/share/doc/", "https://github.com/a/b/c#L1", "https://github.com/a/x?tab=1", "https://x/./y")
	bases := []string{"http://a/b/c/d;p?q", "http://a/b/c/", "https://github.com/a/b", "http://A/b", "file:///usr/share/doc/", "foo:/a/b", "mailto:x@y",
		"http://a/b/c/./d", "http://a/b/../c/d", "http://a", "http://a?q", "http://a/b/c/d;p?q#f", "http://a/..", "foo://a", "foo:/", "foo:a/b",
		"foo:a", "http://a/b//c/", "foo:/.//"}
	relativizeEach(t, bases, targets, 10000, func(base, target string, b, tu *URI, got string, err error) {
		if want := relativizeOneByOne(b, tu); got != want {
			t.Errorf("Relativize(%q, %q) = %q, %v; one by one %q", base, target, got, err, want)
		}
	})
}

// relativizeEach calls check with Relativize's answer for every target of
// targets with a scheme against every base (each parsed), failing the test
// on an error other than UnreachableTarget, or if fewer than min pairs
// were checked.
func relativizeEach(t *testing.T, bases, targets []string, min int, check func(base, target string, b, tu *URI, got string, err error)) {
	t.Helper()
	checked := 0
	facts := oracle.NewFacts3986()
	for _, base := range bases {
		if !facts.Hold(base) {
			t.Logf("base %q: %s", base, oracle.NotHeld)
			min = 0 // the bound counts the pairs of the published grammar
			continue
		}
		var b URI
		if err := ParseInto(&b, base); err != nil {
			t.Fatal(err)
		}
		for _, target := range targets {
			var tu URI
			if ParseInto(&tu, target) != nil || !tu.Scheme().Defined {
				if !facts.Hold(target) {
					min = 0 // a target the published grammar reads otherwise
				}
				continue
			}
			got, err := Relativize(base, target)
			var rerr *ResolveError
			if err != nil && !(errors.As(err, &rerr) && rerr.Reason == UnreachableTarget) {
				t.Fatalf("Relativize(%q, %q): %v", base, target, err)
			}
			check(base, target, &b, &tu, got, err)
			checked++
		}
	}
	if checked < min {
		t.Fatalf("only %d pairs checked", checked)
	}
}
