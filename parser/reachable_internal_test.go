package parser

import (
	"os"
	"strings"
	"testing"
)

// reachableBases are the bases TestReachable relativizes against.
var reachableBases = []string{"http://a/b/c/d;p?q", "http://a/b/c/", "https://github.com/a/b", "http://A/b", "file:///usr/share/doc/", "foo:/a/b", "mailto:x@y"}

// TestReachable checks that the candidates refpath.Reachable drops could not have
// been the answer: for every target of the corpus sample (and a few of
// each kind) against each base, no candidate of relativeCandidates shorter
// than Relativize's answer resolves back to the target.
func TestReachable(t *testing.T) {
	sample, err := os.ReadFile("../testdata/bench-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	targets := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	targets = append(targets, "http://a/b/c/g", "http://a/x", "http://A/b", "//a/b", "https://a/b/c/d;p?q#f", "http://b/b/c/d", "http://a", "foo:/a/c", "foo:a", "mailto:x@y#f", "http://a/b/c/d;p?q#f")
	checked := 0
	for _, base := range reachableBases {
		b, err := Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range targets {
			tu, err := Parse(target)
			if err != nil || !tu.IsAbsolute() {
				continue
			}
			got, err := b.Relativize(tu)
			if err != nil {
				t.Fatalf("Relativize(%q, %q): %v", base, target, err)
			}
			for _, c := range relativeCandidates(b, tu) {
				if len(c) >= len(got.ref) {
					continue
				}
				r, err := Parse(c)
				if err != nil {
					continue
				}
				if res, ws, err := b.ResolveReference(r); err == nil && len(ws) == 0 && res.ref == target {
					t.Errorf("Relativize(%q, %q) = %q, but the shorter %q resolves to it", base, target, got, c)
				}
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d pairs checked", checked)
	}
}
