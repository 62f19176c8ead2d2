package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/rfc3986"
)

// errText is an error's message, "" for none.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestComparerVerdicts holds compare, which parses a reference under one
// profile and asks the others' automata, to what parsing it under each
// says, over the references of the corpus sample: each verdict's error,
// the profile compared, and the differences.
func TestComparerVerdicts(t *testing.T) {
	sample, err := os.ReadFile("../../testdata/bench-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	refs := strings.Split(strings.TrimSuffix(string(sample), "\n"), "\n")
	refs = append(refs, "http://[::1]/", "http://[fe80::1%eth0]/", "?y", "about:", "http://1.2.3.256/", "http://a_b/", "caf\xc3\xa9", "a b", "", "http://0.0.0000.0/")
	var cm comparer
	for _, ref := range refs {
		c := cm.compare(ref, "", false)
		u3, err3 := rfc3986.Parse(ref)
		want := []string{errText(err3)}
		var first *parser.URI
		var compared *parser.Profile
		for _, p := range parser.Profiles() {
			u, err := p.Parse(ref)
			want = append(want, errText(err))
			if err == nil && first == nil {
				first, compared = u, p
			}
		}
		var got []string
		for _, v := range c.verdicts {
			got = append(got, errText(v.err))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q: verdicts (-parse each +compare):\n%s", ref, diff)
		}
		if c.compared != compared {
			t.Fatalf("%q: compared under %v, want %v", ref, c.compared, compared)
		}
		var wantDiffs []difference
		if err3 == nil && first != nil {
			wantDiffs = componentDifferences(nil, first, u3)
		}
		if diff := cmp.Diff(wantDiffs, c.differences, cmp.AllowUnexported(difference{}), cmp.Comparer(func(a, b parser.Component) bool { return a == b })); len(wantDiffs)+len(c.differences) > 0 && diff != "" {
			t.Fatalf("%q: differences (-want +got):\n%s", ref, diff)
		}
	}
}
