package rfc3986

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestReachable checks that the candidates refpath.Reachable drops could not have
// been the answer: for every target of the corpus sample (and a few of
// each kind) against each base, no candidate of relativeCandidates shorter
// than Relativize's answer resolves back to the target, and a target
// reported unreachable is reached by none.
func TestReachable(t *testing.T) {
	sample, err := os.ReadFile("../testdata/bench-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	targets := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	targets = append(targets, "http://a/b/c/g", "http://a/x", "http://A/b", "https://a/b/c/d;p?q#f", "http://b/b/c/d", "http://a", "foo:/a/c", "foo:a", "mailto:x@y#f", "http://a/b/../c", "https://x/./y")
	checked := 0
	for _, base := range []string{"http://a/b/c/d;p?q", "http://a/b/c/", "https://github.com/a/b", "http://A/b", "file:///usr/share/doc/", "foo:/a/b", "mailto:x@y"} {
		var b URI
		if err := ParseInto(&b, base); err != nil {
			t.Fatal(err)
		}
		for _, target := range targets {
			var tu URI
			if ParseInto(&tu, target) != nil || !tu.Scheme().Defined {
				continue
			}
			got, err := Relativize(base, target)
			var rerr *ResolveError
			if err != nil && !(errors.As(err, &rerr) && rerr.Reason == UnreachableTarget) {
				t.Fatalf("Relativize(%q, %q): %v", base, target, err)
			}
			for _, c := range relativeCandidates(&b, &tu) {
				if err == nil && len(c) >= len(got) {
					continue
				}
				var r URI
				if ParseInto(&r, c) != nil {
					continue
				}
				if res, ws := resolveParsed(&b, &r, resolveConfig{}); res == target && len(ws) == 0 {
					t.Errorf("Relativize(%q, %q) = %q, %v, but %q resolves to it", base, target, got, err, c)
				}
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d pairs checked", checked)
	}
}
