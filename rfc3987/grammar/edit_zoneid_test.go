package grammar

import (
	"bufio"
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
	inputs = append(inputs, quotedInputs(t, "../testdata/engines.txt", 1)...)
	inputs = append(inputs, quotedInputs(t, "../../uri/testdata/edits.tsv", 3)...)
	if len(inputs) < 60 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	automaton := zoneIdAutomata.Get(RuleIRIReference)
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

// quotedInputs returns the Go-quoted inputs of column col (from 0) of the
// tab-separated rows of file, skipping comments and blank lines.
func quotedInputs(t *testing.T, file string, col int) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) <= col {
			continue
		}
		in, err := strconv.Unquote(fields[col])
		if err != nil {
			t.Fatalf("%s: %q: %v", file, fields[col], err)
		}
		out = append(out, in)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
