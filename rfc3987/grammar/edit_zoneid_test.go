package grammar

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestZoneIDMatchEngines checks that the edit zone-id's start rule, which
// zoneIdMatch reads by the changed grammar's compact parser, accepts what
// the changed grammar's automaton accepts: over every input of
// ../testdata/engines.txt and ../../uri/testdata/edits.tsv, and those
// inputs with an IPv6 literal's zone ID.
func TestZoneIDMatchEngines(t *testing.T) {
	inputs := []string{
		"http://[fe80::1%25en1]/", "http://[fe80::1%25%65n1]/p?q#f", "//[::1%25eth0]:80",
		"http://[fe80::1%25]/", "http://[fe80::1%en1]/", "http://[fe80::1%25en 1]/",
		"http://[v1.x%25en1]/", "http://[fe80::1%25\u00e9]/", "[fe80::1%25en1]",
	}
	inputs = append(inputs, quotedInputs(t, "../testdata/engines.txt", "../../uri/testdata/edits.tsv")...)
	if len(inputs) < 60 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	automaton := zoneIdAutomaton(RuleIRIReference)
	accepted := 0
	for _, in := range inputs {
		want := automaton.Match(in)
		if got := zoneIdMatch(RuleIRIReference, in); got != want {
			t.Errorf("zoneIdMatch(IRI-reference, %q) = %v, the automaton says %v", in, got, want)
		}
		if want {
			accepted++
		}
	}
	if accepted == 0 || accepted == len(inputs) {
		t.Errorf("%d of %d inputs accepted: the cases do not tell the engines apart", accepted, len(inputs))
	}
}

// quotedInputs returns every Go-quoted field of the tab-separated lines
// of files: any string is an input.
func quotedInputs(t *testing.T, files ...string) []string {
	t.Helper()
	var out []string
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range strings.FieldsFunc(string(b), func(r rune) bool { return r == '\t' || r == '\n' }) {
			if in, err := strconv.Unquote(field); err == nil {
				out = append(out, in)
			}
		}
	}
	return out
}
