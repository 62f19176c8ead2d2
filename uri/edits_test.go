package uri_test

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc2396/rfc2396/rfc3986"
	g3986 "github.com/rfc2396/rfc2396/rfc3986/grammar"
	"github.com/rfc2396/rfc2396/rfc3987"
	g3987 "github.com/rfc2396/rfc2396/rfc3987/grammar"
	"github.com/rfc2396/rfc2396/uri"
)

// editVerdict is what a row of testdata/edits.tsv says of its input, and
// what the grammar says.
type editVerdict struct {
	Kind       string // valid, invalid, prose
	Offset     int
	Rule       string
	ValidUnder []string
	Section    string
}

// TestEdits checks the rows of testdata/edits.tsv under RFC 3986 and RFC
// 3987: Allow's grammars, Match's verdict and error (offset, rule, the
// edits under which the input is valid, the prose rule's section), and
// that Valid, Matches, Parse and ParseTree agree with Match.
func TestEdits(t *testing.T) {
	f, err := os.Open("testdata/edits.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 5 {
			t.Fatalf("edits.tsv:%d: %d fields, want 5", n, len(fields))
		}
		in, err := strconv.Unquote(fields[3])
		if err != nil {
			t.Fatalf("edits.tsv:%d: %v", n, err)
		}
		want := parseVerdict(t, n, fields[4])
		var edits []string
		if fields[1] != "-" {
			edits = strings.Split(fields[1], ",")
		}
		var got editVerdict
		switch fields[0] {
		case "rfc3986":
			got = checkEdit(t, n, rfc3986.Grammar(), g3986.Lookup, edits, fields[2], in)
		case "rfc3987":
			got = checkEdit(t, n, rfc3987.Grammar(), g3987.Lookup, edits, fields[2], in)
		default:
			t.Fatalf("edits.tsv:%d: standard %q", n, fields[0])
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("edits.tsv:%d: %s under %v, %s %q (-want +got):\n%s", n, fields[0], edits, fields[2], in, diff)
		}
		rows++
	}
	if rows < 20 {
		t.Fatalf("edits.tsv: %d rows", rows)
	}
}

// parseVerdict reads the last column of a row.
func parseVerdict(t *testing.T, n int, s string) editVerdict {
	f := strings.Fields(s)
	v := editVerdict{Kind: f[0]}
	switch {
	case v.Kind == "valid" && len(f) == 1:
		return v
	case v.Kind == "invalid" && (len(f) == 3 || len(f) == 4), v.Kind == "prose" && len(f) == 4:
		off, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("edits.tsv:%d: offset %q", n, f[1])
		}
		v.Offset, v.Rule = off, f[2]
		if len(f) == 4 {
			if v.Kind == "prose" {
				v.Section = f[3]
			} else {
				v.ValidUnder = strings.Split(f[3], ",")
			}
		}
		return v
	}
	t.Fatalf("edits.tsv:%d: verdict %q", n, s)
	return v
}

// checkEdit reads in as rule under g with edits in force and returns the
// verdict, failing t where the grammar's functions disagree.
func checkEdit[R uri.Rule](t *testing.T, n int, strict *uri.Grammar[R], lookup func(string) (R, bool), edits []string, ruleName, in string) editVerdict {
	t.Helper()
	g, err := strict.Allow(edits...)
	if err != nil {
		t.Fatalf("edits.tsv:%d: %v", n, err)
	}
	rule, ok := g.Lookup(ruleName)
	if !ok {
		if rule, ok = lookup(ruleName); !ok {
			t.Fatalf("edits.tsv:%d: no rule %s", n, ruleName)
		}
	}
	err = g.Match(rule, in)
	if g.Matches(rule, in) != (err == nil) {
		t.Errorf("edits.tsv:%d: Matches = %v, Match = %v", n, !(err == nil), err)
	}
	if rule == g.Start() {
		if g.Valid(in) != (err == nil) {
			t.Errorf("edits.tsv:%d: Valid disagrees with Match (%v)", n, err)
		}
		if _, perr := g.Parse(in); (perr == nil) != (err == nil) || perr != nil && perr.Error() != err.Error() {
			t.Errorf("edits.tsv:%d: Parse = %v, Match = %v", n, perr, err)
		}
	}
	if _, terr := g.ParseTree(rule, in); (terr == nil) != (err == nil) {
		t.Errorf("edits.tsv:%d: ParseTree = %v, Match = %v", n, terr, err)
	}
	if err == nil {
		return editVerdict{Kind: "valid"}
	}
	var e *uri.Error[R]
	if !errors.As(err, &e) {
		t.Fatalf("edits.tsv:%d: %T %v", n, err, err)
	}
	v := editVerdict{Kind: "invalid", Offset: e.Offset, Rule: g.RuleInfo(e.Rule).Name, ValidUnder: e.ValidUnder}
	if e.Prose != "" {
		v.Kind, v.ValidUnder = "prose", nil
		if _, after, ok := strings.Cut(e.Prose, " section "); ok {
			v.Section, _, _ = strings.Cut(after, ":")
		}
		if !strings.Contains(err.Error(), "the edit bidi-formatting allows it") {
			t.Errorf("edits.tsv:%d: %q does not name the edit that lifts the rule", n, err)
		}
	}
	if len(e.ValidUnder) > 0 && !strings.Contains(err.Error(), "valid under the edit "+e.ValidUnder[0]) {
		t.Errorf("edits.tsv:%d: %q does not name the edit that accepts the input", n, err)
	}
	return v
}
